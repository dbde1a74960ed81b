DROP INDEX "subscription_bills_provider_unique";--> statement-breakpoint
DROP INDEX "card_payment_sessions_session_unique";--> statement-breakpoint
DROP INDEX "share_links_token_unique";--> statement-breakpoint
DROP INDEX "bank_connections_pending_state_unique";--> statement-breakpoint
-- Citus (decision 0047): every unique key of a table distributed by organisation carries organization_id; the
-- tokens and provider ids stay unique in practice (random, or the provider's), and lead their index for the lookups by them.
ALTER TABLE "tutorial_requests" DROP CONSTRAINT "tutorial_requests_pkey";--> statement-breakpoint
ALTER TABLE "tutorial_requests" ADD CONSTRAINT "tutorial_requests_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_bills_provider_unique" ON "subscription_bills" USING btree ("provider_id","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_sessions_session_unique" ON "card_payment_sessions" USING btree ("session_id","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_unique" ON "share_links" USING btree ("token","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_connections_pending_state_unique" ON "bank_connections" USING btree ("pending_state","organization_id") WHERE "bank_connections"."pending_state" is not null;