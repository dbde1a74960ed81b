-- The books are only ever added to, by the posting alone (features/books/ledger): it writes each line with the id its
-- entry's insert returned, in the same statement set, and no organisation is ever deleted (its books are kept ten
-- years). The keys checked every entry and every line written, one lookup each: 3 s of a 47,000-line retroactive run
-- and of its undo. The ledger's check (check.ts) proves instead that every line has its entry (decision 0052).
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_entry_fk";
