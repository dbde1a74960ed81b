CREATE TABLE "e_reporting_reminders" (
	"organization_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period_start" text NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e_reporting_reminders_organization_id_kind_period_start_pk" PRIMARY KEY("organization_id","kind","period_start")
);
--> statement-breakpoint
CREATE TABLE "e_reporting_transmissions" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "e_reporting_transmissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"period_start" text NOT NULL,
	"period_end" text NOT NULL,
	"flow_id" bigint NOT NULL,
	"is_correction" boolean DEFAULT false NOT NULL,
	"figures" jsonb NOT NULL,
	"figures_sha256" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e_reporting_transmissions_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "e_reporting_transmissions_kind_check" CHECK ("e_reporting_transmissions"."kind" IN ('transactions', 'payments'))
);
--> statement-breakpoint
ALTER TABLE "e_reporting_reminders" ADD CONSTRAINT "e_reporting_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_reporting_transmissions" ADD CONSTRAINT "e_reporting_transmissions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_reporting_transmissions" ADD CONSTRAINT "e_reporting_transmissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_reporting_transmissions" ADD CONSTRAINT "e_reporting_transmissions_flow_fk" FOREIGN KEY ("organization_id","flow_id") REFERENCES "public"."e_invoice_flows"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "e_reporting_transmissions_period_idx" ON "e_reporting_transmissions" USING btree ("organization_id","kind","period_start");