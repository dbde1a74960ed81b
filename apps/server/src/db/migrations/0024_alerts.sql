-- The ceiling alerts' acknowledgements (spec/account.md §4 "Alerts"): one row per organisation, type and calendar
-- year, made when the dashboard first reads the alert (so that it has an id); the figures are computed on each read.
CREATE TABLE "alerts" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"year" integer NOT NULL,
	"checked_level" text,
	"checked_at" timestamp with time zone,
	CONSTRAINT "alerts_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "alerts_type_check" CHECK ("alerts"."type" in ('VAT', 'MICRO')),
	CONSTRAINT "alerts_checked_level_check" CHECK ("alerts"."checked_level" is null or "alerts"."checked_level" in ('none', 'approaching', 'crossed', 'toleranceExceeded'))
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_type_year_unique" ON "alerts" USING btree ("organization_id","type","year");
