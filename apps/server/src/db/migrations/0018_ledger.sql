CREATE TABLE "ledger_counters" (
	"organization_id" bigint NOT NULL,
	"journal_code" text NOT NULL,
	"fiscal_year_start" date NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_counters_organization_id_journal_code_fiscal_year_start_pk" PRIMARY KEY("organization_id","journal_code","fiscal_year_start")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"journal_code" text NOT NULL,
	"journal_label" text NOT NULL,
	"fiscal_year_start" date NOT NULL,
	"number" integer NOT NULL,
	"dated_at" date NOT NULL,
	"label" text NOT NULL,
	"piece_ref" text NOT NULL,
	"piece_date" date NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" bigint NOT NULL,
	"reverses_entry_id" bigint,
	"posted_on" date DEFAULT (now() at time zone 'Europe/Paris')::date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "ledger_entries_source_check" CHECK ("ledger_entries"."source_kind" in ('invoice', 'transaction', 'receipt', 'opening'))
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"organization_id" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"dated_at" date NOT NULL,
	"account_code" text NOT NULL,
	"account_label" text NOT NULL,
	"auxiliary_code" text,
	"auxiliary_label" text,
	"label" text NOT NULL,
	"debit" numeric(15, 2) NOT NULL,
	"credit" numeric(15, 2) NOT NULL,
	"vat_rate" text,
	"vat_base" numeric(15, 2),
	"vat_kind" text,
	"vat_nature" text,
	"vat_due_on" text,
	"settles_piece_ref" text,
	CONSTRAINT "ledger_lines_organization_id_entry_id_position_pk" PRIMARY KEY("organization_id","entry_id","position"),
	CONSTRAINT "ledger_lines_sides_check" CHECK ("ledger_lines"."debit" >= 0 and "ledger_lines"."credit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_pending" (
	"organization_id" bigint NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" bigint NOT NULL,
	"deferred" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ledger_pending_organization_id_source_kind_source_id_pk" PRIMARY KEY("organization_id","source_kind","source_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_counters" ADD CONSTRAINT "ledger_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."ledger_entries"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_number_unique" ON "ledger_entries" USING btree ("organization_id","fiscal_year_start","journal_code","number");--> statement-breakpoint
CREATE INDEX "ledger_entries_piece_idx" ON "ledger_entries" USING btree ("organization_id","piece_ref");--> statement-breakpoint
CREATE INDEX "ledger_entries_source_idx" ON "ledger_entries" USING btree ("organization_id","source_kind","source_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_dated_idx" ON "ledger_entries" USING btree ("organization_id","dated_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_reverses_idx" ON "ledger_entries" USING btree ("organization_id","reverses_entry_id") WHERE "ledger_entries"."reverses_entry_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("organization_id","dated_at","account_code");--> statement-breakpoint
CREATE INDEX "ledger_lines_vat_idx" ON "ledger_lines" USING btree ("organization_id","dated_at") WHERE "ledger_lines"."vat_kind" is not null;--> statement-breakpoint
CREATE INDEX "ledger_lines_lettering_idx" ON "ledger_lines" USING btree ("organization_id","settles_piece_ref") WHERE "ledger_lines"."settles_piece_ref" is not null;--> statement-breakpoint
-- Every change to what the books are made of marks its source; features/books/ledger/flush.ts posts before the commit.
CREATE FUNCTION "ledger_mark"(organization_id bigint, source_kind text, source_id bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ledger_pending" ("organization_id", "source_kind", "source_id") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_mark_invoice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."state_id" <> 1 THEN PERFORM "ledger_mark"(NEW."organization_id", 'invoice', NEW."id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_ledger" AFTER INSERT OR UPDATE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_invoice"();--> statement-breakpoint
CREATE FUNCTION "ledger_mark_transaction"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM "ledger_mark"(OLD."organization_id", 'transaction', OLD."id");
  ELSE PERFORM "ledger_mark"(NEW."organization_id", 'transaction', NEW."id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transactions_ledger_write" AFTER INSERT OR DELETE ON "transactions" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_transaction"();--> statement-breakpoint
CREATE TRIGGER "transactions_ledger_update" AFTER UPDATE OF "name", "dated_at", "amount", "reference", "journal_id" ON "transactions" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_transaction"();--> statement-breakpoint
CREATE FUNCTION "ledger_mark_transaction_part"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM "ledger_mark"(OLD."organization_id", 'transaction', OLD."transaction_id");
  ELSE PERFORM "ledger_mark"(NEW."organization_id", 'transaction', NEW."transaction_id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transaction_allocations_ledger" AFTER INSERT OR UPDATE OR DELETE ON "transaction_allocations" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_transaction_part"();--> statement-breakpoint
CREATE FUNCTION "ledger_mark_invoice_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "ledger_mark"(OLD."organization_id", 'transaction', OLD."transaction_id");
    PERFORM "ledger_mark"(OLD."organization_id", 'invoice', OLD."invoice_id");
  ELSE
    PERFORM "ledger_mark"(NEW."organization_id", 'transaction', NEW."transaction_id");
    PERFORM "ledger_mark"(NEW."organization_id", 'invoice', NEW."invoice_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transaction_invoices_ledger" AFTER INSERT OR DELETE ON "transaction_invoices" FOR EACH ROW EXECUTE FUNCTION "ledger_mark_invoice_payment"();
--> statement-breakpoint
-- What existed before the ledger: posted at the next start, a batch at a time (db/backfill.ts backfillLedger).
INSERT INTO "ledger_pending" SELECT "organization_id", 'invoice', "id", true FROM "invoices" WHERE "state_id" <> 1 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_pending" SELECT "organization_id", 'transaction', "id", true FROM "transactions" ON CONFLICT DO NOTHING;
