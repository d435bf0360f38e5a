-- The search index leads with company_id (btree_gin, a trusted extension like pg_trgm), so a search
-- reads only its own company's posting lists however many shipments other companies hold
-- (docs/decisions/0003-shipment-list.md).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX "shipments_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "shipments_search_text_trgm_idx" ON "shipments" USING gin ("company_id","search_text" gin_trgm_ops);
