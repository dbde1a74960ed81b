-- The general categories and the organisations' own ones in one table (decision 0020): the seeded table is renamed,
-- with its constraints, before the columns for organisations' categories are added.
ALTER TABLE "default_accounting_entries" RENAME TO "accounting_entries";--> statement-breakpoint
ALTER TABLE "accounting_entries" RENAME CONSTRAINT "default_accounting_entries_pkey" TO "accounting_entries_pkey";--> statement-breakpoint
ALTER TABLE "accounting_entries" RENAME CONSTRAINT "default_accounting_entries_parent_id_default_accounting_entries_id_fk" TO "accounting_entries_parent_id_accounting_entries_id_fk";--> statement-breakpoint
ALTER TABLE "accounting_entries" RENAME CONSTRAINT "default_accounting_entries_tax_rate_id_tax_rates_id_fk" TO "accounting_entries_tax_rate_id_tax_rates_id_fk";--> statement-breakpoint
ALTER TABLE "accounting_entries" RENAME CONSTRAINT "default_accounting_entries_tax_type_id_tax_types_id_fk" TO "accounting_entries_tax_type_id_tax_types_id_fk";--> statement-breakpoint
ALTER TABLE "items" RENAME CONSTRAINT "items_accounting_entry_id_default_accounting_entries_id_fk" TO "items_accounting_entry_id_accounting_entries_id_fk";--> statement-breakpoint
ALTER TABLE "transaction_allocations" RENAME CONSTRAINT "transaction_allocations_accounting_entry_id_default_accounting_entries_id_fk" TO "transaction_allocations_accounting_entry_id_accounting_entries_id_fk";--> statement-breakpoint
CREATE TABLE "accounting_entry_deactivations" (
	"organization_id" bigint NOT NULL,
	"accounting_entry_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_entry_deactivations_organization_id_accounting_entry_id_pk" PRIMARY KEY("organization_id","accounting_entry_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_rule_conditions" (
	"organization_id" bigint NOT NULL,
	"rule_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"condition_target_id" integer NOT NULL,
	"condition_function_id" integer NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "assignment_rule_conditions_organization_id_rule_id_position_pk" PRIMARY KEY("organization_id","rule_id","position")
);
--> statement-breakpoint
CREATE TABLE "assignment_rule_splits" (
	"organization_id" bigint NOT NULL,
	"rule_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"accounting_entry_id" integer NOT NULL,
	"percentage" numeric(5, 2),
	"amount" numeric(15, 2),
	CONSTRAINT "assignment_rule_splits_organization_id_rule_id_position_pk" PRIMARY KEY("organization_id","rule_id","position"),
	CONSTRAINT "assignment_rule_splits_one_share" CHECK (("assignment_rule_splits"."percentage" is null) <> ("assignment_rule_splits"."amount" is null))
);
--> statement-breakpoint
CREATE TABLE "assignment_rules" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "assignment_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"accounting_entry_id" integer NOT NULL,
	"credit_only" boolean DEFAULT false NOT NULL,
	"debit_only" boolean DEFAULT false NOT NULL,
	"stop_processing" boolean DEFAULT false NOT NULL,
	"new_name" text,
	"has_no_receipt" boolean DEFAULT false NOT NULL,
	"global_rule_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_rules_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "global_rules" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"accounting_entry_id" integer NOT NULL,
	"conditions" jsonb NOT NULL,
	"credit_only" boolean DEFAULT false NOT NULL,
	"debit_only" boolean DEFAULT false NOT NULL,
	"has_no_receipt" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_application_changes" (
	"organization_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"before" jsonb NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rule_application_changes_organization_id_application_id_transaction_id_pk" PRIMARY KEY("organization_id","application_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "rule_applications" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rule_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rule_id" bigint,
	"user_id" bigint,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "rule_applications_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "rule_proposal_declines" (
	"organization_id" bigint NOT NULL,
	"key" text NOT NULL,
	"accounting_entry_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_proposal_declines_organization_id_key_accounting_entry_id_pk" PRIMARY KEY("organization_id","key","accounting_entry_id")
);
--> statement-breakpoint
DROP INDEX "transactions_name_trgm_idx";--> statement-breakpoint
DROP INDEX "transactions_raw_name_trgm_idx";--> statement-breakpoint
DROP INDEX "default_accounting_entries_code_unique";--> statement-breakpoint
DROP INDEX "default_accounting_entries_parent_idx";--> statement-breakpoint
ALTER TABLE "accounting_entries" ALTER COLUMN "id" ADD GENERATED BY DEFAULT AS IDENTITY (sequence name "accounting_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100000 CACHE 1);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "raw_name_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "counterparty_key" text;--> statement-breakpoint
ALTER TABLE "accounting_entries" ADD COLUMN "organization_id" bigint;--> statement-breakpoint
ALTER TABLE "accounting_entry_deactivations" ADD CONSTRAINT "accounting_entry_deactivations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entry_deactivations" ADD CONSTRAINT "accounting_entry_deactivations_accounting_entry_id_accounting_entries_id_fk" FOREIGN KEY ("accounting_entry_id") REFERENCES "public"."accounting_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rule_conditions" ADD CONSTRAINT "assignment_rule_conditions_condition_target_id_condition_targets_id_fk" FOREIGN KEY ("condition_target_id") REFERENCES "public"."condition_targets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rule_conditions" ADD CONSTRAINT "assignment_rule_conditions_condition_function_id_condition_functions_id_fk" FOREIGN KEY ("condition_function_id") REFERENCES "public"."condition_functions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rule_conditions" ADD CONSTRAINT "assignment_rule_conditions_rule_fk" FOREIGN KEY ("organization_id","rule_id") REFERENCES "public"."assignment_rules"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rule_splits" ADD CONSTRAINT "assignment_rule_splits_accounting_entry_id_accounting_entries_id_fk" FOREIGN KEY ("accounting_entry_id") REFERENCES "public"."accounting_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rule_splits" ADD CONSTRAINT "assignment_rule_splits_rule_fk" FOREIGN KEY ("organization_id","rule_id") REFERENCES "public"."assignment_rules"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_accounting_entry_id_accounting_entries_id_fk" FOREIGN KEY ("accounting_entry_id") REFERENCES "public"."accounting_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_global_rule_id_global_rules_id_fk" FOREIGN KEY ("global_rule_id") REFERENCES "public"."global_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_rules" ADD CONSTRAINT "global_rules_accounting_entry_id_accounting_entries_id_fk" FOREIGN KEY ("accounting_entry_id") REFERENCES "public"."accounting_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_application_changes" ADD CONSTRAINT "rule_application_changes_application_fk" FOREIGN KEY ("organization_id","application_id") REFERENCES "public"."rule_applications"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_application_changes" ADD CONSTRAINT "rule_application_changes_transaction_fk" FOREIGN KEY ("organization_id","transaction_id") REFERENCES "public"."transactions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_applications" ADD CONSTRAINT "rule_applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_applications" ADD CONSTRAINT "rule_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_proposal_declines" ADD CONSTRAINT "rule_proposal_declines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_proposal_declines" ADD CONSTRAINT "rule_proposal_declines_accounting_entry_id_accounting_entries_id_fk" FOREIGN KEY ("accounting_entry_id") REFERENCES "public"."accounting_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_rule_splits_entry_idx" ON "assignment_rule_splits" USING btree ("accounting_entry_id");--> statement-breakpoint
CREATE INDEX "assignment_rules_position_idx" ON "assignment_rules" USING btree ("organization_id","position");--> statement-breakpoint
ALTER TABLE "accounting_entries" ADD CONSTRAINT "accounting_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_name_key_trgm_idx" ON "transactions" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_raw_name_key_trgm_idx" ON "transactions" USING gin ("raw_name_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_entries_general_code_unique" ON "accounting_entries" USING btree ("code") WHERE "accounting_entries"."organization_id" is null and "accounting_entries"."code" <> '0';--> statement-breakpoint
CREATE INDEX "accounting_entries_parent_idx" ON "accounting_entries" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "accounting_entries_organization_idx" ON "accounting_entries" USING btree ("organization_id");