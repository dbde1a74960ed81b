-- Notifications (spec/account.md §3 "Notification", §4): one row per event of an organisation, the members it is for
-- (chosen by their preferences when it is made) and those who read it. New rows are announced on the channel
-- carnet_notifications (pg_notify) so that every server process pushes them to its open streams (decision 0027).
CREATE TABLE "notifications" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"model_type" text,
	"model_id" bigint,
	"tags" text[] NOT NULL,
	"user_name" text,
	"description" text NOT NULL,
	"is_important" boolean NOT NULL,
	"recipient_ids" bigint[] NOT NULL,
	"read_by" bigint[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notifications_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "notifications_recent" ON "notifications" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
