-- Decision 0045: the services post what they change themselves, in their own transaction (features/ledger/books.ts:
-- `books.post(tx, event)`), where db/client.ts used to post every transaction before its commit. What guarantees that no
-- write path forgets is this one check at commit: a source marked in ledger_pending by this transaction's writes and
-- not taken by a posting refuses the commit. Organisations being deleted are let go (their books go with them).
CREATE FUNCTION "ledger_refuse_unposted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "ledger_pending" p
    WHERE p."organization_id" = NEW."organization_id" AND p."source_kind" = NEW."source_kind"
      AND p."source_id" = NEW."source_id" AND NOT p."deferred"
  ) AND EXISTS (SELECT 1 FROM "organizations" o WHERE o."id" = NEW."organization_id") THEN
    RAISE EXCEPTION 'ledger: % % of organisation % changed and not posted (call books.post before the commit)',
      NEW."source_kind", NEW."source_id", NEW."organization_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_pending_posted" AFTER INSERT ON "ledger_pending" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NOT NEW."deferred") EXECUTE FUNCTION "ledger_refuse_unposted"();
--> statement-breakpoint
-- An invoice's write that changes nothing the books read (its last reminder, its sending date) marks nothing, and a
-- recurring invoice's model is never in the books: so sending and reminding need no posting.
DROP TRIGGER "invoices_ledger" ON "invoices";--> statement-breakpoint
CREATE TRIGGER "invoices_ledger_insert" AFTER INSERT ON "invoices" FOR EACH ROW WHEN (NEW."state_id" <> 1 AND NOT NEW."is_recurring") EXECUTE FUNCTION "ledger_mark_invoice"();--> statement-breakpoint
CREATE TRIGGER "invoices_ledger_update" AFTER UPDATE ON "invoices" FOR EACH ROW WHEN (NEW."state_id" <> 1 AND NOT NEW."is_recurring" AND (to_jsonb(OLD) - '{last_reminder_at,sent_at,updated_at}'::text[]) IS DISTINCT FROM (to_jsonb(NEW) - '{last_reminder_at,sent_at,updated_at}'::text[])) EXECUTE FUNCTION "ledger_mark_invoice"();
