CREATE TABLE "condition_functions" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"value_type" text NOT NULL,
	CONSTRAINT "condition_functions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "condition_targets" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"value_type" text NOT NULL,
	CONSTRAINT "condition_targets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "contact_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "contact_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "default_accounting_entries" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"hint" text,
	"keywords" text,
	"tax_type_id" integer NOT NULL,
	"tax_rate_id" integer NOT NULL,
	"is_exp" boolean DEFAULT false NOT NULL,
	"is_cash" boolean DEFAULT false NOT NULL,
	"is_sale" boolean DEFAULT false NOT NULL,
	"is_parent" boolean DEFAULT false NOT NULL,
	"is_displayed" boolean DEFAULT true NOT NULL,
	"is_common" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fonts" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "fonts_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "invoice_states" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "invoice_states_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "item_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "item_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "journal_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"account_code" text NOT NULL,
	CONSTRAINT "journal_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "naf_divisions" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sector_id" integer NOT NULL,
	CONSTRAINT "naf_divisions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "payment_modes" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"untdid_code" text NOT NULL,
	"is_active_by_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payment_modes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "pcg_accounts" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"class" integer NOT NULL,
	"parent_code" text,
	"position" text NOT NULL,
	CONSTRAINT "pcg_accounts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"id" integer PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"name" text NOT NULL,
	"for_quotes" boolean NOT NULL,
	"for_invoices" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_states" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "quote_states_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "receipt_states" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "receipt_states_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "receipt_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "receipt_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tax_rates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "tax_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tax_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"amount" numeric(5, 2) NOT NULL,
	"is_collected" boolean NOT NULL,
	"tax_type_id" integer NOT NULL,
	"tax_rate_id" integer NOT NULL,
	"tax_area_id" integer,
	"account_code" text,
	"ca3_box" text,
	"description" text,
	"legal_basis" text,
	"valid_from" date,
	"valid_to" date,
	CONSTRAINT "taxes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "thresholds" (
	"id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"activity_code" text NOT NULL,
	"activity" text NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"evaluation" text NOT NULL,
	"legal_basis" text NOT NULL,
	"confidence" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"unece_code" text NOT NULL,
	CONSTRAINT "units_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "decimals" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_areas" ADD COLUMN "has_vat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_regimes" ADD COLUMN "is_tax_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "default_accounting_entries" ADD CONSTRAINT "default_accounting_entries_parent_id_default_accounting_entries_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."default_accounting_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_accounting_entries" ADD CONSTRAINT "default_accounting_entries_tax_type_id_tax_types_id_fk" FOREIGN KEY ("tax_type_id") REFERENCES "public"."tax_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_accounting_entries" ADD CONSTRAINT "default_accounting_entries_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "naf_divisions" ADD CONSTRAINT "naf_divisions_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_tax_type_id_tax_types_id_fk" FOREIGN KEY ("tax_type_id") REFERENCES "public"."tax_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_tax_area_id_tax_areas_id_fk" FOREIGN KEY ("tax_area_id") REFERENCES "public"."tax_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "default_accounting_entries_code_unique" ON "default_accounting_entries" USING btree ("code") WHERE "default_accounting_entries"."code" <> '0';--> statement-breakpoint
CREATE INDEX "default_accounting_entries_parent_idx" ON "default_accounting_entries" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "taxes_lookup_idx" ON "taxes" USING btree ("tax_type_id","tax_rate_id","tax_area_id");