-- Decision 0045: the services post what they change themselves, in their own transaction (features/books/ledger/books.ts:
-- `books.post(tx, event)`), and what a change reaches besides itself (a line's receipts, the other transfers paying the
-- same invoices…) is read by the posting (features/books/ledger/reach-repo.ts). The fifteen triggers that marked it in
-- ledger_pending (migrations 0018–0021, 0033) go; ledger_pending keeps what the start-up backfill posts and what a
-- posting set aside.
DROP TRIGGER "invoices_ledger" ON "invoices";--> statement-breakpoint
DROP TRIGGER "transactions_ledger_write" ON "transactions";--> statement-breakpoint
DROP TRIGGER "transactions_ledger_update" ON "transactions";--> statement-breakpoint
DROP TRIGGER "transaction_allocations_ledger" ON "transaction_allocations";--> statement-breakpoint
DROP TRIGGER "transaction_invoices_ledger" ON "transaction_invoices";--> statement-breakpoint
DROP TRIGGER "receipts_ledger_write" ON "receipts";--> statement-breakpoint
DROP TRIGGER "receipts_ledger_update" ON "receipts";--> statement-breakpoint
DROP TRIGGER "receipt_transactions_ledger" ON "receipt_transactions";--> statement-breakpoint
DROP TRIGGER "transaction_allocations_ledger_receipts" ON "transaction_allocations";--> statement-breakpoint
DROP TRIGGER "transactions_ledger_receipts" ON "transactions";--> statement-breakpoint
DROP TRIGGER "contacts_ledger_supplier" ON "contacts";--> statement-breakpoint
DROP TRIGGER "journals_ledger_openings" ON "journals";--> statement-breakpoint
DROP TRIGGER "transaction_invoices_ledger_instalments" ON "transaction_invoices";--> statement-breakpoint
DROP TRIGGER "transactions_ledger_instalments" ON "transactions";--> statement-breakpoint
DROP TRIGGER "invoice_payments_ledger" ON "invoice_payments";--> statement-breakpoint
DROP FUNCTION "ledger_mark_invoice"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_transaction"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_transaction_part"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_invoice_payment"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_receipt"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_receipt_payment"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_receipts_of_part"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_receipts_of_transaction"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_supplier"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_openings"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_instalments_of_link"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_instalments_of_transaction"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_manual_payment"();--> statement-breakpoint
DROP FUNCTION "ledger_mark_instalments"(bigint, bigint[], date, bigint);--> statement-breakpoint
DROP FUNCTION "ledger_mark_payments_of_invoice"(bigint, bigint);--> statement-breakpoint
DROP FUNCTION "ledger_mark_lines_of_receipt"(bigint, bigint);--> statement-breakpoint
DROP FUNCTION "ledger_mark_receipts_of_line"(bigint, bigint);--> statement-breakpoint
DROP FUNCTION "ledger_mark"(bigint, text, bigint);--> statement-breakpoint
-- The one check at commit: a transaction that changed what the books are made of, and did not post, is refused
-- (`books.post` sets carnet.books_posted for the rest of its transaction). The same writes as the marks' count; an
-- invoice's write that changes nothing the books read (its reminder, its sending date) and a recurring invoice's model
-- do not. The rows of an organisation deleted in the transaction go with its books.
CREATE FUNCTION "ledger_refuse_unposted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  organization bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD."organization_id" ELSE NEW."organization_id" END;
BEGIN
  IF coalesce(current_setting('carnet.books_posted', true), '') <> 'on'
     AND EXISTS (SELECT 1 FROM "organizations" o WHERE o."id" = organization) THEN
    RAISE EXCEPTION 'ledger: % of organisation % changed and not posted (call books.post before the commit)',
      TG_TABLE_NAME, organization;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoices_posted_insert" AFTER INSERT ON "invoices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."state_id" <> 1 AND NOT NEW."is_recurring") EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoices_posted_update" AFTER UPDATE ON "invoices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."state_id" <> 1 AND NOT NEW."is_recurring" AND (to_jsonb(OLD) - '{last_reminder_at,sent_at,updated_at}'::text[]) IS DISTINCT FROM (to_jsonb(NEW) - '{last_reminder_at,sent_at,updated_at}'::text[])) EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_posted_write" AFTER INSERT OR DELETE ON "transactions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_posted_update" AFTER UPDATE OF "name", "dated_at", "amount", "reference", "journal_id" ON "transactions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transaction_allocations_posted" AFTER INSERT OR UPDATE OR DELETE ON "transaction_allocations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transaction_invoices_posted" AFTER INSERT OR DELETE ON "transaction_invoices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "receipts_posted_insert" AFTER INSERT ON "receipts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."state_id" = 3) EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "receipts_posted_delete" AFTER DELETE ON "receipts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."state_id" = 3) EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "receipts_posted_update" AFTER UPDATE OF "state_id", "contact_id", "dated_at", "tax_excluded", "tax_amount", "tax_included", "vat_lines", "reference" ON "receipts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."state_id" = 3 OR NEW."state_id" = 3) EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "receipt_transactions_posted" AFTER INSERT OR DELETE ON "receipt_transactions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoice_payments_posted" AFTER INSERT OR UPDATE OR DELETE ON "invoice_payments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journals_posted_insert" AFTER INSERT ON "journals" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."starting_value" <> 0) EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journals_posted_delete" AFTER DELETE ON "journals" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."starting_value" <> 0) EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journals_posted_update" AFTER UPDATE OF "starting_value", "name", "account_code", "journal_type_id" ON "journals" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."starting_value" <> NEW."starting_value" OR (NEW."starting_value" <> 0 AND (OLD."name", OLD."account_code", OLD."journal_type_id") IS DISTINCT FROM (NEW."name", NEW."account_code", NEW."journal_type_id"))) EXECUTE FUNCTION "ledger_refuse_unposted"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contacts_posted_rename" AFTER UPDATE OF "name" ON "contacts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "ledger_refuse_unposted"();
