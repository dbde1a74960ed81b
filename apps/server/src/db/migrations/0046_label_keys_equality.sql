-- The bank lines' folded labels lose their trigram indexes for plain ones (decision 0053). The app reads them under
-- row-level security, where PostgreSQL uses no index for a LIKE (not a leakproof operator): the search and the rules'
-- "contains" and "starts with" read the organisation's lines either way. The trigram indexes served only equality, which
-- these serve too, and every line imported or categorised wrote its trigrams into both (an import of 10,000 lines:
-- 0.3-0.6 s).
DROP INDEX "transactions_name_key_trgm_idx";--> statement-breakpoint
DROP INDEX "transactions_raw_name_key_trgm_idx";--> statement-breakpoint
CREATE INDEX "transactions_name_key_idx" ON "transactions" USING btree ("organization_id","name_key");--> statement-breakpoint
CREATE INDEX "transactions_raw_name_key_idx" ON "transactions" USING btree ("organization_id","raw_name_key");