CREATE TABLE "receipt_match_declines" (
	"organization_id" bigint NOT NULL,
	"receipt_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_match_declines_organization_id_receipt_id_transaction_id_pk" PRIMARY KEY("organization_id","receipt_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "receipt_match_labels" (
	"organization_id" bigint NOT NULL,
	"supplier_key" text NOT NULL,
	"label_key" text NOT NULL,
	"confirmations" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_match_labels_organization_id_supplier_key_label_key_pk" PRIMARY KEY("organization_id","supplier_key","label_key")
);
--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "accounting_entry_id" integer;--> statement-breakpoint
ALTER TABLE "transaction_allocations" ADD COLUMN "mileage" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "source_transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "receipt_match_declines" ADD CONSTRAINT "receipt_match_declines_receipt_fk" FOREIGN KEY ("organization_id","receipt_id") REFERENCES "public"."receipts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_match_declines" ADD CONSTRAINT "receipt_match_declines_transaction_fk" FOREIGN KEY ("organization_id","transaction_id") REFERENCES "public"."transactions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_match_labels" ADD CONSTRAINT "receipt_match_labels_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_accounting_entry_id_accounting_entries_id_fk" FOREIGN KEY ("accounting_entry_id") REFERENCES "public"."accounting_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_source_idx" ON "transactions" USING btree ("organization_id","source_transaction_id") WHERE "transactions"."source_transaction_id" is not null;