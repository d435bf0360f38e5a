ALTER TABLE "users" ADD COLUMN "pending_company_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_company_tel" text;