-- Card payments started on shared invoices (decision 0030): each Checkout Session is kept until settled, so that the
-- jobs find a payment whose customer never came back to the page.
CREATE TABLE "card_payment_sessions" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_payment_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "card_payment_sessions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "card_payment_sessions" ADD CONSTRAINT "card_payment_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_sessions_session_unique" ON "card_payment_sessions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "card_payment_sessions_pending" ON "card_payment_sessions" USING btree ("created_at") WHERE "card_payment_sessions"."settled_at" is null;