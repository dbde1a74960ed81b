CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "recurring_params" (
	"organization_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"starting_at" date NOT NULL,
	"ending_at" date,
	"ending_type" text NOT NULL,
	"occurrences" integer,
	"recurrence" integer NOT NULL,
	"unit" text NOT NULL,
	"day" integer,
	"creation_option" text NOT NULL,
	"email_recipient" text,
	"email_cc" text,
	"email_cci" text,
	"email_subject" text,
	"email_body" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"next_occurrence" date,
	"generated_count" integer DEFAULT 0 NOT NULL,
	"last_occurrence_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_params_organization_id_invoice_id_pk" PRIMARY KEY("organization_id","invoice_id"),
	CONSTRAINT "recurring_params_unit_check" CHECK ("recurring_params"."unit" in ('day', 'week', 'month', 'year')),
	CONSTRAINT "recurring_params_ending_type_check" CHECK ("recurring_params"."ending_type" in ('date', 'occurrences')),
	CONSTRAINT "recurring_params_creation_option_check" CHECK ("recurring_params"."creation_option" in ('draft', 'send')),
	CONSTRAINT "recurring_params_recurrence_check" CHECK ("recurring_params"."recurrence" between 1 and 31),
	CONSTRAINT "recurring_params_occurrences_check" CHECK ("recurring_params"."occurrences" is null or "recurring_params"."occurrences" between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "trial_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subscription_id" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "occurrence_at" date;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_params" ADD CONSTRAINT "recurring_params_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_params" ADD CONSTRAINT "recurring_params_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "recurring_params_due_idx" ON "recurring_params" USING btree ("next_occurrence") WHERE "recurring_params"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_occurrence_unique" ON "invoices" USING btree ("organization_id","subscription_id","occurrence_at");