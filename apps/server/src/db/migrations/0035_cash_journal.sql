-- 0035_cash_journal: the cash journal no one can rewrite (CGI art. 286 I-3° bis, decision 0038). Each row is a link
-- of its organisation's chain: its signature is the sha256 of the previous row's signature and of its own content.
-- No foreign key to organizations: the journal is kept six years, even after the organisation is closed, and a
-- cascade would be a delete the triggers below refuse.
CREATE TABLE "cash_journal_entries" (
	"organization_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cash_journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sequence" bigint NOT NULL,
	"kind" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_on" date NOT NULL,
	"transaction_id" bigint,
	"closing_key" text,
	"data" jsonb NOT NULL,
	"previous_signature" text NOT NULL,
	"signature" text NOT NULL,
	CONSTRAINT "cash_journal_entries_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "cash_journal_entries_kind_check" CHECK ("cash_journal_entries"."kind" in ('RECORD', 'CORRECTION', 'CANCELLATION', 'CLOSING', 'ARCHIVE'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cash_journal_entries_sequence_idx" ON "cash_journal_entries" USING btree ("organization_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_journal_entries_closing_idx" ON "cash_journal_entries" USING btree ("organization_id","closing_key") WHERE "cash_journal_entries"."closing_key" is not null;--> statement-breakpoint
CREATE INDEX "cash_journal_entries_transaction_idx" ON "cash_journal_entries" USING btree ("organization_id","transaction_id") WHERE "cash_journal_entries"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "cash_journal_entries_recorded_on_idx" ON "cash_journal_entries" USING btree ("organization_id","recorded_on");--> statement-breakpoint
CREATE FUNCTION "cash_journal_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Le journal de caisse est inaltérable : une écriture ne se modifie ni ne se supprime.'
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "cash_journal_entries_no_update" BEFORE UPDATE OR DELETE ON "cash_journal_entries" FOR EACH ROW EXECUTE FUNCTION "cash_journal_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "cash_journal_entries_no_truncate" BEFORE TRUNCATE ON "cash_journal_entries" FOR EACH STATEMENT EXECUTE FUNCTION "cash_journal_refuse_change"();
