-- Trigram search on contacts and catalogue items. pg_trgm ships with PostgreSQL's contrib (Debian's postgresql-15
-- package) and PGlite loads it (src/db/client.ts); "if not exists" makes this a no-op where it is already installed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
