-- The openings (journal AN, decision 0024): the first fiscal year of the books carries the starting values of the bank,
-- cash and associate accounts, so a change of one, or of the account or name it is posted under, redoes the openings
-- from the first year on (source id 0: whichever year is first when they post; features/books/ledger/openings.ts).
CREATE FUNCTION "ledger_mark_openings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."starting_value" <> 0 THEN PERFORM "ledger_mark"(OLD."organization_id", 'opening', 0); END IF;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW."starting_value" <> 0 THEN PERFORM "ledger_mark"(NEW."organization_id", 'opening', 0); END IF;
  ELSIF OLD."starting_value" <> NEW."starting_value"
     OR (NEW."starting_value" <> 0 AND (OLD."name", OLD."account_code", OLD."journal_type_id")
         IS DISTINCT FROM (NEW."name", NEW."account_code", NEW."journal_type_id")) THEN
    PERFORM "ledger_mark"(NEW."organization_id", 'opening', 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "journals_ledger_openings" AFTER INSERT OR DELETE OR UPDATE OF "starting_value", "name", "account_code", "journal_type_id" ON "journals" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_openings"();
--> statement-breakpoint
-- The openings of the books kept so far: posted at the next start once the organisation's other deferred sources are
-- (db/backfill.ts backfillLedger; features/books/ledger/repo.ts releaseDeferred releases openings last).
INSERT INTO "ledger_pending" SELECT o."id", 'opening', 0, true FROM "organizations" o
WHERE EXISTS (SELECT 1 FROM "ledger_entries" e WHERE e."organization_id" = o."id")
   OR EXISTS (SELECT 1 FROM "ledger_pending" p WHERE p."organization_id" = o."id")
   OR EXISTS (SELECT 1 FROM "journals" j WHERE j."organization_id" = o."id" AND j."starting_value" <> 0)
ON CONFLICT DO NOTHING;
