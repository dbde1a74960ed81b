-- Tutorial requests (spec/account.md §3 "Tutorial request", §5 "Project/tutorial record"): what a member asked a
-- tutorial about, from which screen, kept for the team that writes them. The user may close their account: the
-- request stays with the e-mail it was sent from.
CREATE TABLE "tutorial_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tutorial_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"user_id" bigint,
	"user_email" text NOT NULL,
	"name" text NOT NULL,
	"screen_name" text,
	"path_name" text NOT NULL,
	"host_name" text NOT NULL,
	"overview" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tutorial_requests" ADD CONSTRAINT "tutorial_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tutorial_requests" ADD CONSTRAINT "tutorial_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "tutorial_requests_recent" ON "tutorial_requests" USING btree ("organization_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
-- Card payments of invoices (spec/account.md §3 "The card-payment fields", §5 "Payment provider"): the
-- organisation's own Stripe secret key and the amounts TTC, in whole euros, between which its customers may pay by
-- card, on the STRIPE mode's row as the IBAN is on the transfer's.
ALTER TABLE "organization_payment_modes" ADD COLUMN "secret_key" text;
--> statement-breakpoint
ALTER TABLE "organization_payment_modes" ADD COLUMN "payment_minimum" integer;
--> statement-breakpoint
ALTER TABLE "organization_payment_modes" ADD COLUMN "payment_limit" integer;
--> statement-breakpoint
ALTER TABLE "organization_payment_modes" ADD CONSTRAINT "organization_payment_modes_card_limits_check" CHECK (("payment_minimum" is null or "payment_minimum" > 0) and ("payment_limit" is null or "payment_limit" > 0));
