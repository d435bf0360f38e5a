CREATE TABLE "carrier_notices" (
	"shipping_line" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_notices_kind" CHECK ("carrier_notices"."kind" in ('DELAY', 'MAINTENANCE'))
);
