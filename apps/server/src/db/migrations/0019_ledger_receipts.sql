-- Receipts post to the purchase journal (decision 0024 "HA", features/books/ledger/expected.ts). A receipt's entry reads its
-- supplier, its amounts and the split and journal of the line it is attached to; a bank line's entry reads the
-- receipts it pays. Each write that changes one side marks both, as 0018 does for invoices (state 3: VALIDATED).
CREATE FUNCTION "ledger_mark_lines_of_receipt"(organization_id bigint, receipt_id bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ledger_pending" ("organization_id", "source_kind", "source_id")
  SELECT $1, 'transaction', "transaction_id" FROM "receipt_transactions" WHERE "organization_id" = $1 AND "receipt_id" = $2
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_mark_receipts_of_line"(organization_id bigint, transaction_id bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ledger_pending" ("organization_id", "source_kind", "source_id")
  SELECT $1, 'receipt', rt."receipt_id" FROM "receipt_transactions" rt
  JOIN "receipts" r ON r."organization_id" = rt."organization_id" AND r."id" = rt."receipt_id"
  WHERE rt."organization_id" = $1 AND rt."transaction_id" = $2 AND r."state_id" = 3
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_mark_receipt"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."state_id" = 3 THEN
      PERFORM "ledger_mark"(OLD."organization_id", 'receipt', OLD."id");
      PERFORM "ledger_mark_lines_of_receipt"(OLD."organization_id", OLD."id");
    END IF;
    RETURN NULL;
  END IF;
  -- Validated now, or validated before this write (reopened): either way its entry changes.
  IF NEW."state_id" <> 3 THEN
    IF TG_OP = 'INSERT' THEN RETURN NULL; END IF;
    IF OLD."state_id" <> 3 THEN RETURN NULL; END IF;
  END IF;
  PERFORM "ledger_mark"(NEW."organization_id", 'receipt', NEW."id");
  PERFORM "ledger_mark_lines_of_receipt"(NEW."organization_id", NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "receipts_ledger_write" AFTER INSERT OR DELETE ON "receipts" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_receipt"();--> statement-breakpoint
CREATE TRIGGER "receipts_ledger_update" AFTER UPDATE OF "state_id", "contact_id", "dated_at", "tax_excluded", "tax_amount", "tax_included", "vat_lines", "reference" ON "receipts" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_receipt"();--> statement-breakpoint
CREATE FUNCTION "ledger_mark_receipt_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "ledger_mark"(OLD."organization_id", 'transaction', OLD."transaction_id");
    PERFORM "ledger_mark"(OLD."organization_id", 'receipt', OLD."receipt_id");
  ELSE
    PERFORM "ledger_mark"(NEW."organization_id", 'transaction', NEW."transaction_id");
    PERFORM "ledger_mark"(NEW."organization_id", 'receipt', NEW."receipt_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "receipt_transactions_ledger" AFTER INSERT OR DELETE ON "receipt_transactions" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_receipt_payment"();--> statement-breakpoint
-- A receipt's expense account is its bank line's category, and a line of a cash or expense-note journal keeps the
-- receipt out of HA: the line's split or journal changing re-posts its receipts. Marked here rather than re-checked by
-- the line's posting, because a source's posting only replaces its own entries (features/books/ledger/posting.ts).
CREATE FUNCTION "ledger_mark_receipts_of_part"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM "ledger_mark_receipts_of_line"(OLD."organization_id", OLD."transaction_id");
  ELSE PERFORM "ledger_mark_receipts_of_line"(NEW."organization_id", NEW."transaction_id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transaction_allocations_ledger_receipts" AFTER INSERT OR UPDATE OR DELETE ON "transaction_allocations" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_receipts_of_part"();--> statement-breakpoint
CREATE FUNCTION "ledger_mark_receipts_of_transaction"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ledger_mark_receipts_of_line"(NEW."organization_id", NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transactions_ledger_receipts" AFTER UPDATE OF "journal_id" ON "transactions" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_receipts_of_transaction"();--> statement-breakpoint
-- A receipt names its supplier by reference (no snapshot, unlike an invoice's customer): renaming the contact changes
-- the label of its validated receipts' 401 lines, in HA and in the bank lines that paid them.
CREATE FUNCTION "ledger_mark_supplier"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_pending" ("organization_id", "source_kind", "source_id")
  SELECT r."organization_id", 'receipt', r."id" FROM "receipts" r
  WHERE r."organization_id" = NEW."organization_id" AND r."contact_id" = NEW."id" AND r."state_id" = 3
  ON CONFLICT DO NOTHING;
  INSERT INTO "ledger_pending" ("organization_id", "source_kind", "source_id")
  SELECT DISTINCT rt."organization_id", 'transaction', rt."transaction_id" FROM "receipt_transactions" rt
  JOIN "receipts" r ON r."organization_id" = rt."organization_id" AND r."id" = rt."receipt_id"
  WHERE r."organization_id" = NEW."organization_id" AND r."contact_id" = NEW."id" AND r."state_id" = 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contacts_ledger_supplier" AFTER UPDATE OF "name" ON "contacts" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "ledger_mark_supplier"();--> statement-breakpoint
-- Receipts validated before this migration, and the bank lines that paid them (posted by 0018 on their split): posted
-- at the next start, a batch at a time (db/backfill.ts backfillLedger).
INSERT INTO "ledger_pending" SELECT "organization_id", 'receipt', "id", true FROM "receipts" WHERE "state_id" = 3 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_pending" SELECT DISTINCT rt."organization_id", 'transaction', rt."transaction_id", true FROM "receipt_transactions" rt JOIN "receipts" r ON r."organization_id" = rt."organization_id" AND r."id" = rt."receipt_id" WHERE r."state_id" = 3 ON CONFLICT DO NOTHING;
