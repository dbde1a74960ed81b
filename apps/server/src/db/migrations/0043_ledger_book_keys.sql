-- Decision 0049: each entry keeps the digest of what it says (features/books/ledger/posting.ts keyOf), so that a posting
-- compares without reading the lines back, and a reversal is copied by the database from the entry it cancels.
ALTER TABLE "ledger_entries" ADD COLUMN "book_key" text;