-- The carrier's answer, compressed by the worker (brotli): stored as it comes, without Postgres'
-- own compression attempt (EXTERNAL), which would cost CPU and gain nothing on compressed bytes
-- (docs/decisions/0097-raw-answer-compressed-by-the-worker.md).
ALTER TABLE "shipment_histories" ADD COLUMN "raw_payload_brotli" "bytea";
--> statement-breakpoint
ALTER TABLE "shipment_histories" ALTER COLUMN "raw_payload_brotli" SET STORAGE EXTERNAL;
