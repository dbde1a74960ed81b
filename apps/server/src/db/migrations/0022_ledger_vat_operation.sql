-- A sale at 0 % says what it is for the CA3 (decision 0024 "VAT"): an export of goods outside the EU (box E1) or a
-- supply of goods to a business of another member state (F2); null is a French operation (E2 at 0 %). Read from the
-- customer's billing address and VAT number printed on the invoice. The invoices at 0 % posted before are marked:
-- the flush posts them again with the operation (their entries reversed and replaced, decision 0025).
ALTER TABLE "ledger_lines" ADD COLUMN "vat_operation" text;
--> statement-breakpoint
INSERT INTO "ledger_pending" ("organization_id", "source_kind", "source_id", "deferred")
SELECT DISTINCT e."organization_id", 'invoice', e."source_id", true
FROM "ledger_entries" e
JOIN "ledger_lines" l ON l."organization_id" = e."organization_id" AND l."entry_id" = e."id"
WHERE e."source_kind" = 'invoice' AND l."account_code" LIKE '70%' AND l."vat_rate" = '0'
ON CONFLICT DO NOTHING;
