import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { transactions } from '../../../db/schema/index'
import type { matchKeys } from '../transactions/match-keys'
import type { TransactionValues } from '../transactions/writes'

export type NewLine = TransactionValues & ReturnType<typeof matchKeys> & { organizationId: number }

/** A new line as the insert's JSON reads it (the columns a bank line sets; the others take their defaults). */
const columnsOf = (line: NewLine) => ({
  organization_id: line.organizationId,
  journal_id: line.journalId,
  name: line.name,
  raw_name: line.rawName,
  dated_at: line.datedAt,
  value_date: line.valueDate ?? null,
  amount: line.amount,
  counterparty: line.counterparty ?? null,
  name_key: line.nameKey,
  raw_name_key: line.rawNameKey,
  counterparty_key: line.counterpartyKey,
  reference: line.reference ?? null,
  dedupe_key: line.dedupeKey ?? null,
  origin: line.origin ?? 'manual',
  has_no_receipt: line.hasNoReceipt ?? false,
  is_categorized: line.isCategorized ?? false,
})

/** The insert of new bank lines (new-lines.ts), in the caller's transaction. */
export function createNewLinesRepo(db: DbOrTx) {
  return {
    /**
     * One statement for the batch, its rows as one JSON parameter: 10,000 lines were 160,000 bound parameters. A line
     * already there (same dedupe key) is skipped by the unique index.
     */
    async insert(values: readonly NewLine[]) {
      const result = await db.execute<{ id: number | string; dedupe_key: string | null; amount: string }>(sql`
        insert into ${transactions} (organization_id, journal_id, name, raw_name, dated_at, value_date, amount,
          counterparty, name_key, raw_name_key, counterparty_key, reference, dedupe_key, origin, has_no_receipt,
          is_categorized)
        select organization_id, journal_id, name, raw_name, dated_at, value_date, amount, counterparty, name_key,
          raw_name_key, counterparty_key, reference, dedupe_key, origin, has_no_receipt, is_categorized
        from jsonb_to_recordset(${JSON.stringify(values.map(columnsOf))}::jsonb) as v(organization_id bigint,
          journal_id bigint, name text, raw_name text, dated_at date, value_date date, amount numeric,
          counterparty text, name_key text, raw_name_key text, counterparty_key text, reference text, dedupe_key text,
          origin text, has_no_receipt boolean, is_categorized boolean)
        on conflict (organization_id, journal_id, dedupe_key) where dedupe_key is not null do nothing
        returning id, dedupe_key, amount`)
      return result.rows
    },
  }
}
