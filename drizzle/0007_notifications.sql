CREATE TABLE "unsubscribe_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"user_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribe_tokens_token_unique" ON "unsubscribe_tokens" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribe_tokens_user_shipment_unique" ON "unsubscribe_tokens" USING btree ("user_id","shipment_id");--> statement-breakpoint
CREATE INDEX "unsubscribe_tokens_shipment_id_index" ON "unsubscribe_tokens" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_emails_dedupe_key_unique" ON "outbound_emails" USING btree ("dedupe_key");