-- The global search (POST /search) finds quotes and invoices by their name without accents or case ("etude" finds
-- "Étude"). Their names have no folded column like contacts' search_text, so the fold is done by the database:
-- unaccent ships with contrib (Debian's postgresql package) and PGlite loads it (src/db/client.ts). unaccent() is only
-- STABLE (it reads a dictionary found through search_path); search_fold names the dictionary by schema, which makes
-- it safe to declare IMMUTABLE and to index. The query is folded by the same function, so both sides always agree.
-- These expression indexes are not in the drizzle schema (it cannot describe them): kept here only.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_name_fold_trgm_idx" ON "invoices" USING gin (public.search_fold("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotes_name_fold_trgm_idx" ON "quotes" USING gin (public.search_fold("name") gin_trgm_ops);
