-- pg_trgm backs the substring search over shipments (shipments.search_text, gin_trgm_ops), so it
-- must exist before the init migration creates that index. It is a trusted extension (PostgreSQL
-- 13+): a database owner can create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
