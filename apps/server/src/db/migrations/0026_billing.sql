-- The organisation's own subscription to Carnet, paid by card through a provider speaking Stripe's API (decision 0028):
-- the provider's customer and subscription, its status and paid period on the organisation; the bills it issued; and
-- the ids of the webhook events already applied, so that a replayed event changes nothing.
ALTER TABLE "organizations" ADD COLUMN "billing_customer_id" text;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_subscription_id" text;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_status" text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_current_period_end" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_billing_customer_unique" ON "organizations" USING btree ("billing_customer_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_billing_subscription_unique" ON "organizations" USING btree ("billing_subscription_id");
--> statement-breakpoint
CREATE TABLE "subscription_bills" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "subscription_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_id" text NOT NULL,
	"number" text,
	"dated_at" date NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"status" text NOT NULL,
	"download_link" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_bills_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "subscription_bills" ADD CONSTRAINT "subscription_bills_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_bills_provider_unique" ON "subscription_bills" USING btree ("provider_id");
--> statement-breakpoint
CREATE INDEX "subscription_bills_recent" ON "subscription_bills" USING btree ("organization_id","dated_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone NOT NULL
);
