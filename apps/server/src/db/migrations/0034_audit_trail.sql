-- 0034_audit_trail: the audit trail (decision 0037). Append-only: no foreign key (organisations and users may go, the
-- trail stays six years), and triggers refuse UPDATE, DELETE and TRUNCATE. organization_id is NULL only for a failed
-- sign-in with an unknown e-mail: no organisation to file it under, kept for the operators.
CREATE TABLE "audit_events" (
	"organization_id" bigint,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"user_id" bigint,
	"actor_name" text,
	"actor_email" text,
	"token_id" bigint,
	"token_name" text,
	"impersonator_id" bigint,
	"impersonator_name" text,
	"ip" text,
	"user_agent" text,
	"category" text NOT NULL,
	"summary" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"target_id" text,
	"status" integer NOT NULL,
	"succeeded" boolean NOT NULL,
	CONSTRAINT "audit_events_id_pk" PRIMARY KEY("id"),
	CONSTRAINT "audit_events_actor_kind_check" CHECK ("audit_events"."actor_kind" in ('user', 'token', 'jobs', 'support', 'anonymous'))
);
--> statement-breakpoint
CREATE INDEX "audit_events_organization_idx" ON "audit_events" USING btree ("organization_id","id" DESC);--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("organization_id","user_id","id" DESC);--> statement-breakpoint
CREATE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Le journal d''audit ne se modifie pas et ne s''efface pas : on y ajoute seulement (%).', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"();
