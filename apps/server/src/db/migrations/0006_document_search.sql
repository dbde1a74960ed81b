CREATE INDEX "invoices_name_trgm_idx" ON "invoices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_reference_trgm_idx" ON "invoices" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_name_trgm_idx" ON "quotes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_reference_trgm_idx" ON "quotes" USING gin ("reference" gin_trgm_ops);