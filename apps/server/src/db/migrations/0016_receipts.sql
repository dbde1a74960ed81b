CREATE TABLE "receipt_transactions" (
	"organization_id" bigint NOT NULL,
	"receipt_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_transactions_organization_id_receipt_id_transaction_id_pk" PRIMARY KEY("organization_id","receipt_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state_id" integer DEFAULT 1 NOT NULL,
	"receipt_type_id" integer DEFAULT 1 NOT NULL,
	"origin" text DEFAULT 'upload' NOT NULL,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"reference" text,
	"description" text,
	"contact_id" bigint,
	"dated_at" date,
	"currency_id" integer DEFAULT 1 NOT NULL,
	"tax_excluded" numeric(15, 2),
	"tax_amount" numeric(15, 2),
	"tax_included" numeric(15, 2),
	"due_at" date,
	"iban" text,
	"e_invoice_format" text,
	"vat_lines" jsonb,
	"search_text" text DEFAULT '' NOT NULL,
	"failure" text,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "receipts_origin_check" CHECK ("receipts"."origin" in ('upload', 'transaction')),
	CONSTRAINT "receipts_e_invoice_format_check" CHECK ("receipts"."e_invoice_format" in ('factur-x', 'ubl', 'cii'))
);
--> statement-breakpoint
ALTER TABLE "receipt_transactions" ADD CONSTRAINT "receipt_transactions_receipt_fk" FOREIGN KEY ("organization_id","receipt_id") REFERENCES "public"."receipts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_transactions" ADD CONSTRAINT "receipt_transactions_transaction_fk" FOREIGN KEY ("organization_id","transaction_id") REFERENCES "public"."transactions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_state_id_receipt_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."receipt_states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_receipt_type_id_receipt_types_id_fk" FOREIGN KEY ("receipt_type_id") REFERENCES "public"."receipt_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_contact_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_transactions_transaction_idx" ON "receipt_transactions" USING btree ("organization_id","transaction_id");--> statement-breakpoint
CREATE INDEX "receipts_created_idx" ON "receipts" USING btree ("organization_id","created_at","id");