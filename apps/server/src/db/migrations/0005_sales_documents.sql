CREATE TABLE "activities" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject_type" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"code" text NOT NULL,
	"user_id" bigint,
	"is_operator" boolean DEFAULT false NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"reference" text,
	"type" text NOT NULL,
	"quantity" numeric(15, 5) NOT NULL,
	"amount" numeric(18, 6) NOT NULL,
	"unit_id" integer NOT NULL,
	"tax_id" integer NOT NULL,
	"rate_percent" numeric(7, 4) NOT NULL,
	"item_id" bigint,
	"discount_amount" numeric(18, 6),
	"discount_percentage" numeric(9, 4),
	"total_tax_excluded" numeric(15, 2) NOT NULL,
	"invoice_id" bigint NOT NULL,
	"deposit_invoice_id" bigint,
	CONSTRAINT "invoice_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"reference" text,
	"series" text,
	"chrono" bigint,
	"description" text,
	"terms" text,
	"contact_id" bigint,
	"billing_address_id" bigint,
	"delivery_address_id" bigint,
	"customer" jsonb,
	"currency_id" integer NOT NULL,
	"dated_at" date NOT NULL,
	"payment_limit_at" date NOT NULL,
	"discount_name" text,
	"discount_amount" numeric(18, 6),
	"discount_percentage" numeric(9, 4),
	"delivery_fees" numeric(18, 6),
	"disbursement" numeric(18, 6),
	"late_penalties" numeric(9, 4),
	"total_tax_excluded" numeric(15, 2) DEFAULT '0' NOT NULL,
	"total_taxes" numeric(15, 2) DEFAULT '0' NOT NULL,
	"total_tax_included" numeric(15, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nature" text DEFAULT 'SERVICES' NOT NULL,
	"vat_on_debits" boolean DEFAULT false NOT NULL,
	"tax_free" boolean DEFAULT false NOT NULL,
	"origin" text,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"validated_at" timestamp with time zone,
	"type" text DEFAULT 'F' NOT NULL,
	"is_credit_note" boolean DEFAULT false NOT NULL,
	"is_deposit" boolean DEFAULT false NOT NULL,
	"is_final" boolean DEFAULT false NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"state_id" integer NOT NULL,
	"delivered_at" date,
	"payment_limit" integer NOT NULL,
	"payment_end_of_month" boolean DEFAULT false NOT NULL,
	"payment_date_at" date,
	"quote_id" bigint,
	"credited_invoice_id" bigint,
	"sent_at" timestamp with time zone,
	CONSTRAINT "invoices_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "invoices_type_check" CHECK ("invoices"."type" in ('F', 'AV'))
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quote_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"reference" text,
	"type" text NOT NULL,
	"quantity" numeric(15, 5) NOT NULL,
	"amount" numeric(18, 6) NOT NULL,
	"unit_id" integer NOT NULL,
	"tax_id" integer NOT NULL,
	"rate_percent" numeric(7, 4) NOT NULL,
	"item_id" bigint,
	"discount_amount" numeric(18, 6),
	"discount_percentage" numeric(9, 4),
	"total_tax_excluded" numeric(15, 2) NOT NULL,
	"quote_id" bigint NOT NULL,
	CONSTRAINT "quote_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"reference" text,
	"series" text,
	"chrono" bigint,
	"description" text,
	"terms" text,
	"contact_id" bigint,
	"billing_address_id" bigint,
	"delivery_address_id" bigint,
	"customer" jsonb,
	"currency_id" integer NOT NULL,
	"dated_at" date NOT NULL,
	"payment_limit_at" date NOT NULL,
	"discount_name" text,
	"discount_amount" numeric(18, 6),
	"discount_percentage" numeric(9, 4),
	"delivery_fees" numeric(18, 6),
	"disbursement" numeric(18, 6),
	"late_penalties" numeric(9, 4),
	"total_tax_excluded" numeric(15, 2) DEFAULT '0' NOT NULL,
	"total_taxes" numeric(15, 2) DEFAULT '0' NOT NULL,
	"total_tax_included" numeric(15, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nature" text DEFAULT 'SERVICES' NOT NULL,
	"vat_on_debits" boolean DEFAULT false NOT NULL,
	"tax_free" boolean DEFAULT false NOT NULL,
	"origin" text,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"validated_at" timestamp with time zone,
	"state_id" integer NOT NULL,
	"validity_limit" integer NOT NULL,
	CONSTRAINT "quotes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "reference_numberings" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reference_numberings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"series" text NOT NULL,
	"prefix" text NOT NULL,
	"separator" text DEFAULT '-' NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"has_day" boolean DEFAULT false NOT NULL,
	"has_month" boolean DEFAULT false NOT NULL,
	"has_year_long" boolean DEFAULT true NOT NULL,
	"has_year_short" boolean DEFAULT false NOT NULL,
	"date_separator" text DEFAULT '' NOT NULL,
	"current_chrono" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_numberings_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "reference_numberings_series_check" CHECK ("reference_numberings"."series" in ('invoice', 'credit_note', 'quote')),
	CONSTRAINT "reference_numberings_chrono_check" CHECK ("reference_numberings"."current_chrono" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sales_settings" (
	"organization_id" bigint PRIMARY KEY NOT NULL,
	"invoice_email" text,
	"quote_email" text,
	"recurring_email" text,
	"email_signature" text,
	"invoice_email_subject" text,
	"quote_email_subject" text,
	"invoice_terms" text,
	"quote_terms" text,
	"quote_validity_period" integer,
	"invoice_payment_limit" integer,
	"invoice_payment_end_of_month" boolean DEFAULT false NOT NULL,
	"has_delivery_fees" boolean DEFAULT false NOT NULL,
	"has_late_penalties" boolean DEFAULT false NOT NULL,
	"has_disbursement" boolean DEFAULT false NOT NULL,
	"has_discounts" boolean DEFAULT false NOT NULL,
	"late_penalty_rate" numeric(7, 4),
	"vat_on_debits" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tax_id_taxes_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."taxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_state_id_invoice_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."invoice_states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_fk" FOREIGN KEY ("organization_id","quote_id") REFERENCES "public"."quotes"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_fk" FOREIGN KEY ("organization_id","credited_invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_tax_id_taxes_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."taxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_fk" FOREIGN KEY ("organization_id","quote_id") REFERENCES "public"."quotes"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_state_id_quote_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."quote_states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_numberings" ADD CONSTRAINT "reference_numberings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_settings" ADD CONSTRAINT "sales_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_subject_idx" ON "activities" USING btree ("organization_id","subject_type","subject_id","id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("organization_id","invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoices_dated_idx" ON "invoices" USING btree ("organization_id","dated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_state_idx" ON "invoices" USING btree ("organization_id","state_id","dated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_contact_idx" ON "invoices" USING btree ("organization_id","contact_id");--> statement-breakpoint
CREATE INDEX "invoices_quote_idx" ON "invoices" USING btree ("organization_id","quote_id");--> statement-breakpoint
CREATE INDEX "invoices_credited_idx" ON "invoices" USING btree ("organization_id","credited_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("state_id","payment_limit_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_chrono_unique" ON "invoices" USING btree ("organization_id","series","chrono");--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("organization_id","quote_id","position");--> statement-breakpoint
CREATE INDEX "quotes_dated_idx" ON "quotes" USING btree ("organization_id","dated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_state_idx" ON "quotes" USING btree ("organization_id","state_id");--> statement-breakpoint
CREATE INDEX "quotes_contact_idx" ON "quotes" USING btree ("organization_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_chrono_unique" ON "quotes" USING btree ("organization_id","series","chrono");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_numberings_series_unique" ON "reference_numberings" USING btree ("organization_id","series");