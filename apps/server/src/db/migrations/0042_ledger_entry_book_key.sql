-- The digest of what each entry says (features/books/ledger/fingerprint.ts): the posting compares it with the documents'
-- entries without reading the lines back. The entries posted before it stay null and are compared line by line.
ALTER TABLE "ledger_entries" ADD COLUMN "book_key" text;