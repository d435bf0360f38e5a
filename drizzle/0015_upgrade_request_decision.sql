ALTER TABLE "upgrade_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;