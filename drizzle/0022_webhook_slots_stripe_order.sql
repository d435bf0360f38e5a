CREATE TABLE "payment_object_versions" (
	"object_id" text PRIMARY KEY NOT NULL,
	"last_event_created_at" timestamp with time zone NOT NULL,
	"last_event_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_in_flight_idx" ON "webhook_deliveries" USING btree ("company_id") WHERE "webhook_deliveries"."leased_until" is not null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_waiting_idx" ON "webhook_deliveries" USING btree ("company_id","waiting_since") WHERE "webhook_deliveries"."waiting_since" is not null;