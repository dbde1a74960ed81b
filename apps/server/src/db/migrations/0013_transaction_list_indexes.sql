DROP INDEX "transactions_dated_idx";--> statement-breakpoint
DROP INDEX "transactions_journal_idx";--> statement-breakpoint
DROP INDEX "invoices_dated_idx";--> statement-breakpoint
DROP INDEX "invoices_state_idx";--> statement-breakpoint
DROP INDEX "quotes_dated_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "is_categorized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "transactions" t SET "is_categorized" = true WHERE EXISTS (SELECT 1 FROM "transaction_allocations" a WHERE a."organization_id" = t."organization_id" AND a."transaction_id" = t."id");--> statement-breakpoint
CREATE INDEX "transactions_uncategorized_idx" ON "transactions" USING btree ("organization_id","dated_at","id") WHERE not "transactions"."is_categorized";--> statement-breakpoint
CREATE INDEX "transactions_raw_name_trgm_idx" ON "transactions" USING gin ("raw_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_dated_idx" ON "transactions" USING btree ("organization_id","dated_at","id");--> statement-breakpoint
CREATE INDEX "transactions_journal_idx" ON "transactions" USING btree ("organization_id","journal_id","dated_at","id");--> statement-breakpoint
CREATE INDEX "invoices_dated_idx" ON "invoices" USING btree ("organization_id","dated_at","id");--> statement-breakpoint
CREATE INDEX "invoices_state_idx" ON "invoices" USING btree ("organization_id","state_id","dated_at");--> statement-breakpoint
CREATE INDEX "quotes_dated_idx" ON "quotes" USING btree ("organization_id","dated_at","id");