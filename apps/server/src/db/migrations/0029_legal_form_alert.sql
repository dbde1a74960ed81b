-- The legal-form comparison (spec/account.md §3 "Legal-form data", decision 0029) is acknowledged like a ceiling: one
-- row per organisation and year. Its snapshot (meta/0029_snapshot.json) is the whole schema again, so that
-- `npm run db:generate` diffs from the truth: snapshots 0020–0028 were never written.
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_type_check";
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_type_check" CHECK ("alerts"."type" in ('VAT', 'MICRO', 'LEGAL_FORM'));
