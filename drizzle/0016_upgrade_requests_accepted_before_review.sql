-- Bank-transfer requests submitted before the provider's review created their contract at once:
-- they are already decided (accepted), linked to that contract where it can be found.
UPDATE "upgrade_requests" AS r
SET "status" = 'ACCEPTED',
    "decided_at" = r."created_at",
    "decided_by" = 'migration:accepted-at-submission',
    "contract_id" = (
      SELECT c."id" FROM "contracts" AS c
      WHERE c."company_id" = r."company_id"
        AND c."payment_method" = 'BANK_TRANSFER'
        AND c."quote_number" = r."quote_number"
      ORDER BY c."created_at" DESC
      LIMIT 1
    )
WHERE r."status" = 'SUBMITTED' AND r."payment_method" = 'BANK_TRANSFER';
