CREATE TABLE "journals" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "journals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"journal_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"sequence" integer NOT NULL,
	"account_code" text NOT NULL,
	"currency_id" integer DEFAULT 1 NOT NULL,
	"iban" text,
	"bic" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"starting_value" numeric(15, 2) DEFAULT '0' NOT NULL,
	"verified_at" timestamp with time zone,
	"csv_mapping" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journals_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "transaction_allocations" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "transaction_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"tax_amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"tax_manual" boolean DEFAULT false NOT NULL,
	"tax_id" integer NOT NULL,
	"accounting_entry_id" integer NOT NULL,
	CONSTRAINT "transaction_allocations_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"journal_id" bigint NOT NULL,
	"name" text NOT NULL,
	"raw_name" text NOT NULL,
	"dated_at" date NOT NULL,
	"value_date" date,
	"amount" numeric(15, 2) NOT NULL,
	"counterparty" text,
	"reference" text,
	"dedupe_key" text,
	"is_checked" boolean DEFAULT false NOT NULL,
	"is_validated" boolean DEFAULT false NOT NULL,
	"has_no_receipt" boolean DEFAULT false NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "transactions_origin_check" CHECK ("transactions"."origin" in ('manual', 'import', 'bridge', 'qonto'))
);
--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_journal_type_id_journal_types_id_fk" FOREIGN KEY ("journal_type_id") REFERENCES "public"."journal_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_allocations" ADD CONSTRAINT "transaction_allocations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_allocations" ADD CONSTRAINT "transaction_allocations_tax_id_taxes_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."taxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_allocations" ADD CONSTRAINT "transaction_allocations_accounting_entry_id_default_accounting_entries_id_fk" FOREIGN KEY ("accounting_entry_id") REFERENCES "public"."default_accounting_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_allocations" ADD CONSTRAINT "transaction_allocations_transaction_fk" FOREIGN KEY ("organization_id","transaction_id") REFERENCES "public"."transactions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_journal_fk" FOREIGN KEY ("organization_id","journal_id") REFERENCES "public"."journals"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journals_code_unique" ON "journals" USING btree ("organization_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "journals_single_active_bank" ON "journals" USING btree ("organization_id") WHERE "journals"."journal_type_id" = 1 and "journals"."is_active";--> statement-breakpoint
CREATE INDEX "journals_type_idx" ON "journals" USING btree ("organization_id","journal_type_id");--> statement-breakpoint
CREATE INDEX "transaction_allocations_transaction_idx" ON "transaction_allocations" USING btree ("organization_id","transaction_id","position");--> statement-breakpoint
CREATE INDEX "transaction_allocations_entry_idx" ON "transaction_allocations" USING btree ("organization_id","accounting_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_dedupe_unique" ON "transactions" USING btree ("organization_id","journal_id","dedupe_key") WHERE "transactions"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "transactions_dated_idx" ON "transactions" USING btree ("organization_id","dated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_journal_idx" ON "transactions" USING btree ("organization_id","journal_id","dated_at" DESC NULLS LAST);