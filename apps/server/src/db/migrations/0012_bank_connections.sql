CREATE TABLE "bank_connections" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bank_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"external_id" text,
	"external_user_id" text,
	"bank_name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"status_code" integer DEFAULT 0 NOT NULL,
	"status_code_info" text,
	"status_code_description" text,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"pending_state" text,
	"last_synced_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_connections_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "bank_connections_provider_check" CHECK ("bank_connections"."provider" in ('bridge', 'qonto'))
);
--> statement-breakpoint
CREATE TABLE "transaction_invoices" (
	"organization_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_invoices_organization_id_transaction_id_invoice_id_pk" PRIMARY KEY("organization_id","transaction_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "bank_connection_id" bigint;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "external_account_id" text;--> statement-breakpoint
ALTER TABLE "bank_connections" ADD CONSTRAINT "bank_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_invoices" ADD CONSTRAINT "transaction_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_invoices" ADD CONSTRAINT "transaction_invoices_transaction_fk" FOREIGN KEY ("organization_id","transaction_id") REFERENCES "public"."transactions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_invoices" ADD CONSTRAINT "transaction_invoices_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_connections_external_unique" ON "bank_connections" USING btree ("organization_id","provider","external_id") WHERE "bank_connections"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_connections_pending_state_unique" ON "bank_connections" USING btree ("pending_state") WHERE "bank_connections"."pending_state" is not null;--> statement-breakpoint
CREATE INDEX "transaction_invoices_invoice_idx" ON "transaction_invoices" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journals_external_account_unique" ON "journals" USING btree ("organization_id","bank_connection_id","external_account_id") WHERE "journals"."external_account_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_name_trgm_idx" ON "transactions" USING gin ("name" gin_trgm_ops);