CREATE TABLE "invoice_payments" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoice_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"paid_at" date NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"method" text NOT NULL,
	"transaction_id" bigint,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount" > 0),
	CONSTRAINT "invoice_payments_method_check" CHECK ("invoice_payments"."method" in ('TRANSFER', 'CARD', 'CHEQUE', 'CASH', 'DIRECT_DEBIT', 'OTHER'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_source_check";--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_transaction_idx" ON "invoice_payments" USING btree ("organization_id","transaction_id") WHERE "invoice_payments"."transaction_id" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_source_check" CHECK ("ledger_entries"."source_kind" in ('invoice', 'payment', 'transaction', 'receipt', 'opening'));--> statement-breakpoint
-- Payments recorded by hand are sources of the books of their own (decision 0034): each posts D 511 / C 411 and the
-- VAT it makes due, counted after what the bank lines paid of its invoice and after the payments before it. A change
-- to one marks every payment of its invoice, the invoice (an invoice marked paid before payments existed keeps its old
-- rule only while it has none), and the transfers that pay it: they pay what the payments by hand leave.
CREATE FUNCTION "ledger_mark_payments_of_invoice"(organization_id bigint, invoice_id bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ledger_pending" ("organization_id", "source_kind", "source_id")
  SELECT $1, 'payment', p."id" FROM "invoice_payments" p WHERE p."organization_id" = $1 AND p."invoice_id" = $2
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_mark_manual_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payment "invoice_payments";
BEGIN
  IF TG_OP = 'DELETE' THEN payment := OLD; ELSE payment := NEW; END IF;
  PERFORM "ledger_mark"(payment."organization_id", 'payment', payment."id");
  PERFORM "ledger_mark_payments_of_invoice"(payment."organization_id", payment."invoice_id");
  PERFORM "ledger_mark"(payment."organization_id", 'invoice', payment."invoice_id");
  PERFORM "ledger_mark_instalments"(payment."organization_id", ARRAY[payment."invoice_id"], NULL, NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_payments_ledger" AFTER INSERT OR UPDATE OR DELETE ON "invoice_payments" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_manual_payment"();--> statement-breakpoint
-- What a transfer pays of an invoice moves the VAT share of the invoice's payments by hand (they count after it): a
-- link made or undone marks them too, beside the transfers and paid invoices 0021 marks.
CREATE OR REPLACE FUNCTION "ledger_mark_instalments"(organization_id bigint, invoice_ids bigint[], from_date date, from_id bigint)
RETURNS void LANGUAGE sql AS $$
  WITH RECURSIVE "reach"("invoice_id") AS (
    SELECT unnest($2)
    UNION
    SELECT other."invoice_id" FROM "reach" r
    JOIN "transaction_invoices" l ON l."organization_id" = $1 AND l."invoice_id" = r."invoice_id"
    JOIN "transactions" t ON t."organization_id" = $1 AND t."id" = l."transaction_id"
    JOIN "transaction_invoices" other ON other."organization_id" = $1 AND other."transaction_id" = t."id"
    WHERE $3 IS NULL OR (t."dated_at", t."id") >= ($3, $4)
  )
  INSERT INTO "ledger_pending" ("organization_id", "source_kind", "source_id")
  SELECT $1, 'transaction', t."id" FROM "reach" r
  JOIN "transaction_invoices" l ON l."organization_id" = $1 AND l."invoice_id" = r."invoice_id"
  JOIN "transactions" t ON t."organization_id" = $1 AND t."id" = l."transaction_id"
  WHERE $3 IS NULL OR (t."dated_at", t."id") >= ($3, $4)
  UNION
  SELECT $1, 'invoice', i."id" FROM "reach" r
  JOIN "invoices" i ON i."organization_id" = $1 AND i."id" = r."invoice_id"
  WHERE i."state_id" = 5
  UNION
  SELECT $1, 'payment', p."id" FROM "reach" r
  JOIN "invoice_payments" p ON p."organization_id" = $1 AND p."invoice_id" = r."invoice_id"
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
-- A bank line detached from an invoice no longer carries the payments reconciled with it: they wait for it again.
CREATE FUNCTION "invoice_payments_unreconcile"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "invoice_payments" SET "transaction_id" = NULL
  WHERE "organization_id" = OLD."organization_id" AND "invoice_id" = OLD."invoice_id"
    AND "transaction_id" = OLD."transaction_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transaction_invoices_unreconcile" AFTER DELETE ON "transaction_invoices" FOR EACH ROW EXECUTE FUNCTION "invoice_payments_unreconcile"();--> statement-breakpoint
-- Invoices marked paid before this model, with no bank line: the payment they had is recorded, and they are posted
-- again at the next start (db/backfill.ts backfillLedger), their customer's 411 settled by it.
INSERT INTO "invoice_payments" ("organization_id", "invoice_id", "paid_at", "amount", "method")
SELECT i."organization_id", i."id", i."payment_date_at", i."amount", 'OTHER' FROM "invoices" i
WHERE i."state_id" = 5 AND i."payment_date_at" IS NOT NULL AND i."amount" > 0 AND NOT i."is_credit_note"
  AND NOT EXISTS (SELECT 1 FROM "transaction_invoices" l
    WHERE l."organization_id" = i."organization_id" AND l."invoice_id" = i."id");--> statement-breakpoint
UPDATE "ledger_pending" SET "deferred" = true;
