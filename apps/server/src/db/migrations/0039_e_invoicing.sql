CREATE TABLE "contact_e_invoicing" (
	"organization_id" bigint NOT NULL,
	"contact_id" bigint NOT NULL,
	"siren" text NOT NULL,
	"reachable" boolean NOT NULL,
	"address" text,
	"platform" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_e_invoicing_organization_id_contact_id_pk" PRIMARY KEY("organization_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "e_invoice_flows" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "e_invoice_flows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"direction" text NOT NULL,
	"flow_type" text NOT NULL,
	"syntax" text NOT NULL,
	"profile" text,
	"processing_rule" text,
	"file_name" text NOT NULL,
	"storage_key" text,
	"sha256" text NOT NULL,
	"tracking_id" text NOT NULL,
	"flow_id" text,
	"invoice_id" bigint,
	"receipt_id" bigint,
	"state" text NOT NULL,
	"ack_status" text,
	"ack_details" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e_invoice_flows_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "e_invoice_flows_direction_check" CHECK ("e_invoice_flows"."direction" IN ('in', 'out')),
	CONSTRAINT "e_invoice_flows_state_check" CHECK ("e_invoice_flows"."state" IN ('queued', 'sent', 'failed', 'skipped', 'received', 'processed'))
);
--> statement-breakpoint
CREATE TABLE "e_invoice_statuses" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "e_invoice_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint,
	"receipt_id" bigint,
	"flow_id" bigint,
	"code" smallint NOT NULL,
	"source" text NOT NULL,
	"reason_code" text,
	"message" text,
	"action_code" text,
	"applied" boolean NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e_invoice_statuses_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "e_invoice_statuses_subject_check" CHECK (num_nonnulls("e_invoice_statuses"."invoice_id", "e_invoice_statuses"."receipt_id") = 1),
	CONSTRAINT "e_invoice_statuses_source_check" CHECK ("e_invoice_statuses"."source" IN ('platform', 'buyer', 'seller'))
);
--> statement-breakpoint
CREATE TABLE "e_invoicing_connections" (
	"organization_id" bigint PRIMARY KEY NOT NULL,
	"flow_url" text NOT NULL,
	"directory_url" text NOT NULL,
	"token_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"platform_organization_id" text,
	"receiving_address" text,
	"webhook_id" text,
	"webhook_key_sealed" text,
	"poll_cursor" text,
	"polled_until" timestamp with time zone,
	"connected_by" bigint,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "e_invoicing_webhook_deliveries" (
	"organization_id" bigint NOT NULL,
	"signature" text NOT NULL,
	"sent_at" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e_invoicing_webhook_deliveries_organization_id_signature_pk" PRIMARY KEY("organization_id","signature")
);
--> statement-breakpoint
ALTER TABLE "contact_e_invoicing" ADD CONSTRAINT "contact_e_invoicing_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_e_invoicing" ADD CONSTRAINT "contact_e_invoicing_contact_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_flows" ADD CONSTRAINT "e_invoice_flows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_flows" ADD CONSTRAINT "e_invoice_flows_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_flows" ADD CONSTRAINT "e_invoice_flows_receipt_fk" FOREIGN KEY ("organization_id","receipt_id") REFERENCES "public"."receipts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_statuses" ADD CONSTRAINT "e_invoice_statuses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_statuses" ADD CONSTRAINT "e_invoice_statuses_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_statuses" ADD CONSTRAINT "e_invoice_statuses_receipt_fk" FOREIGN KEY ("organization_id","receipt_id") REFERENCES "public"."receipts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_statuses" ADD CONSTRAINT "e_invoice_statuses_flow_fk" FOREIGN KEY ("organization_id","flow_id") REFERENCES "public"."e_invoice_flows"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoicing_connections" ADD CONSTRAINT "e_invoicing_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoicing_connections" ADD CONSTRAINT "e_invoicing_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoicing_webhook_deliveries" ADD CONSTRAINT "e_invoicing_webhook_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoice_flows_tracking_idx" ON "e_invoice_flows" USING btree ("organization_id","tracking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoice_flows_flow_idx" ON "e_invoice_flows" USING btree ("organization_id","flow_id");--> statement-breakpoint
CREATE INDEX "e_invoice_flows_outbox_idx" ON "e_invoice_flows" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "e_invoice_flows_invoice_idx" ON "e_invoice_flows" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "e_invoice_statuses_invoice_idx" ON "e_invoice_statuses" USING btree ("organization_id","invoice_id","occurred_at");--> statement-breakpoint
CREATE INDEX "e_invoice_statuses_receipt_idx" ON "e_invoice_statuses" USING btree ("organization_id","receipt_id","occurred_at");