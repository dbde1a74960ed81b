-- An invoice paid in several transfers (decision 0024 "A bank line that pays invoices"): what a transfer pays of an
-- invoice, and the VAT it makes due, depends on what the transfers before it (date, then id) paid of the same
-- invoices, and on what those took for their other invoices first. A link made or undone, or a transfer's date or
-- amount changed, therefore re-posts the transfers from that one on that reach its invoices through the links, and the
-- paid invoices among them (an invoice marked paid by hand makes due what its transfers left: features/books/ledger/
-- expected.ts). The marks live here, beside 0018's, rather than in the posting: a source's posting only compares and
-- replaces its own entries, and the triggers are the one place that says which sources a write touches (decision 0025).
-- From a transfer that no longer exists (deleted with its links), every transfer they reach is marked.
CREATE FUNCTION "ledger_mark_instalments"(organization_id bigint, invoice_ids bigint[], from_date date, from_id bigint)
RETURNS void LANGUAGE sql AS $$
  WITH RECURSIVE "reach"("invoice_id") AS (
    SELECT unnest($2)
    UNION
    SELECT other."invoice_id" FROM "reach" r
    JOIN "transaction_invoices" l ON l."organization_id" = $1 AND l."invoice_id" = r."invoice_id"
    JOIN "transactions" t ON t."organization_id" = $1 AND t."id" = l."transaction_id"
    JOIN "transaction_invoices" other ON other."organization_id" = $1 AND other."transaction_id" = t."id"
    WHERE $3 IS NULL OR (t."dated_at", t."id") >= ($3, $4)
  )
  INSERT INTO "ledger_pending" ("organization_id", "source_kind", "source_id")
  SELECT $1, 'transaction', t."id" FROM "reach" r
  JOIN "transaction_invoices" l ON l."organization_id" = $1 AND l."invoice_id" = r."invoice_id"
  JOIN "transactions" t ON t."organization_id" = $1 AND t."id" = l."transaction_id"
  WHERE $3 IS NULL OR (t."dated_at", t."id") >= ($3, $4)
  UNION
  SELECT $1, 'invoice', i."id" FROM "reach" r
  JOIN "invoices" i ON i."organization_id" = $1 AND i."id" = r."invoice_id"
  WHERE i."state_id" = 5
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_mark_instalments_of_link"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link "transaction_invoices";
  turn date;
BEGIN
  IF TG_OP = 'DELETE' THEN link := OLD; ELSE link := NEW; END IF;
  SELECT "dated_at" INTO turn FROM "transactions"
  WHERE "organization_id" = link."organization_id" AND "id" = link."transaction_id";
  PERFORM "ledger_mark_instalments"(
    link."organization_id",
    array_append(ARRAY(SELECT "invoice_id" FROM "transaction_invoices"
      WHERE "organization_id" = link."organization_id" AND "transaction_id" = link."transaction_id"), link."invoice_id"),
    turn,
    link."transaction_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transaction_invoices_ledger_instalments" AFTER INSERT OR DELETE ON "transaction_invoices" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_instalments_of_link"();--> statement-breakpoint
CREATE FUNCTION "ledger_mark_instalments_of_transaction"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ledger_mark_instalments"(
    NEW."organization_id",
    ARRAY(SELECT "invoice_id" FROM "transaction_invoices"
      WHERE "organization_id" = NEW."organization_id" AND "transaction_id" = NEW."id"),
    LEAST(OLD."dated_at", NEW."dated_at"),
    NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transactions_ledger_instalments" AFTER UPDATE OF "dated_at", "amount" ON "transactions" FOR EACH ROW WHEN (OLD."dated_at" IS DISTINCT FROM NEW."dated_at" OR OLD."amount" IS DISTINCT FROM NEW."amount") EXECUTE FUNCTION "ledger_mark_instalments_of_transaction"();
--> statement-breakpoint
-- Posted before this rule, a second transfer paid its invoice up to its whole net to pay, and an invoice paid by hand
-- for the rest made none of its VAT due: the transfers that pay invoices and the paid invoices they pay are posted
-- again at the next start (db/backfill.ts backfillLedger); those the rule does not change post nothing.
INSERT INTO "ledger_pending" SELECT DISTINCT "organization_id", 'transaction', "transaction_id", true FROM "transaction_invoices" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_pending" SELECT DISTINCT l."organization_id", 'invoice', l."invoice_id", true FROM "transaction_invoices" l
JOIN "invoices" i ON i."organization_id" = l."organization_id" AND i."id" = l."invoice_id" WHERE i."state_id" = 5
ON CONFLICT DO NOTHING;
