import { type JournalTypeCode, OPENING_JOURNAL } from '@app/domain'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { arrayParam, idsParam } from '../../../db/ids'

/** Any constant: with the organisation, the key of the lock that lets one transaction at a time redo its openings. */
const OPENINGS_LOCK = 1_095_652_179

type BalanceRow = {
  accountCode: string
  accountLabel: string
  auxiliaryCode: string | null
  auxiliaryLabel: string | null
  balance: string
}

/** The queries of an organisation's openings (openings.ts), in the caller's transaction. */
export function createOpeningsRepo(db: DbOrTx, organizationId: number) {
  return {
    async lock() {
      await db.execute(sql`select pg_advisory_xact_lock(${OPENINGS_LOCK}, ${organizationId % 2_147_483_647}::int)`)
    },

    /**
     * In one read: whether the organisation still exists and the date its fiscal years start from, whether the
     * backfill holds its openings back, the dates of its earliest and latest entries (openings aside), today in Paris,
     * and the years whose opening was worked out at least once (the AN journal's counter rows).
     */
    async state() {
      const result = await db.execute<{
        exists: boolean
        fiscalYearStartedAt: string | null
        heldBack: boolean
        first: string | null
        last: string | null
        today: string
        computed: string[]
      }>(sql`
        select exists (select 1 from organizations where id = ${organizationId}) as exists,
               (select fiscal_year_started_at from organizations where id = ${organizationId})::text
                 as "fiscalYearStartedAt",
               exists (select 1 from ledger_pending where organization_id = ${organizationId}
                       and source_kind = 'opening' and deferred) as "heldBack",
               (select min(dated_at) from ledger_entries
                where organization_id = ${organizationId} and source_kind <> 'opening')::text as first,
               (select max(dated_at) from ledger_entries
                where organization_id = ${organizationId} and source_kind <> 'opening')::text as last,
               ((now() at time zone 'Europe/Paris')::date)::text as today,
               array(select fiscal_year_start::text from ledger_counters
                     where organization_id = ${organizationId} and journal_code = ${OPENING_JOURNAL.code}) as computed`)
      return result.rows[0] as (typeof result.rows)[number]
    },

    async markComputed(fiscalYearStart: string) {
      await db.execute(sql`insert into ledger_counters (organization_id, journal_code, fiscal_year_start, last_number)
        values (${organizationId}, ${OPENING_JOURNAL.code}, ${fiscalYearStart}, 0) on conflict do nothing`)
    },

    async activeSourceIds(): Promise<number[]> {
      const result = await db.execute<{ id: string }>(sql`select distinct e.source_id::text as id from ledger_entries e
        where e.organization_id = ${organizationId} and e.source_kind = 'opening' and e.reverses_entry_id is null
          and not exists (select 1 from ledger_entries r
            where r.organization_id = ${organizationId} and r.reverses_entry_id = e.id)`)
      return result.rows.map((row) => Number(row.id))
    },

    /** The journals with a non-zero starting value, in the order of their codes. */
    async startingValues() {
      const result = await db.execute<{
        code: string
        name: string
        accountCode: string
        typeCode: JournalTypeCode
        value: string
      }>(sql`
        select j.code, j.name, j.account_code as "accountCode", t.code as "typeCode", j.starting_value::text as value
        from journals j join journal_types t on t.id = j.journal_type_id
        where j.organization_id = ${organizationId} and j.starting_value <> 0
        order by j.journal_type_id, j.sequence, j.id`)
      return result.rows
    },

    /**
     * Σ debit − Σ credit per account and auxiliary of the lines of these entries dated in [from, to] (what a posting
     * moved in a year), with their greatest labels: a read of the lines' primary key, entry by entry. The dates filter
     * the lines once read (`offset 0` keeps the planner from pushing them down): as a condition beside the entries,
     * they had it take the (organisation, date) index and read the whole year for a thousand entries. An entry rolled
     * back with its savepoint has no line left to read.
     */
    async moves(entryIds: readonly number[], from: string, to: string) {
      if (entryIds.length === 0) return []
      const result = await db.execute<BalanceRow>(sql`
        select account_code as "accountCode", max(account_label) as "accountLabel", auxiliary_code as "auxiliaryCode",
               max(auxiliary_label) as "auxiliaryLabel", sum(debit - credit)::numeric(15,2)::text as balance
        from (select account_code, account_label, auxiliary_code, auxiliary_label, debit, credit, dated_at
              from ledger_lines
              where organization_id = ${organizationId} and entry_id = any(${idsParam(entryIds)})
              offset 0) written
        where dated_at between ${from} and ${to}
        group by account_code, auxiliary_code
        having sum(debit - credit) <> 0`)
      return result.rows
    },

    /** The greatest labels of these accounts' lines dated in [from, to], per account and auxiliary. */
    async labels(accountCodes: readonly string[], from: string, to: string) {
      if (accountCodes.length === 0) return []
      const result = await db.execute<Omit<BalanceRow, 'balance'>>(sql`
        select account_code as "accountCode", max(account_label) as "accountLabel", auxiliary_code as "auxiliaryCode",
               max(auxiliary_label) as "auxiliaryLabel"
        from ledger_lines
        where organization_id = ${organizationId} and dated_at between ${from} and ${to}
          and account_code = any(${arrayParam(accountCodes, 'text')})
        group by account_code, auxiliary_code`)
      return result.rows
    },

    /**
     * Σ debit − Σ credit per account and auxiliary of the lines dated in [from, to], in one aggregate over the lines'
     * (organisation, date) index: no line comes back to the server, whatever the year holds. The labels are the
     * greatest of the year's, as the operating account reads them: the same on every run.
     */
    async closingBalances(from: string, to: string) {
      const result = await db.execute<BalanceRow>(sql`
        select account_code as "accountCode", max(account_label) as "accountLabel", auxiliary_code as "auxiliaryCode",
               max(auxiliary_label) as "auxiliaryLabel", sum(debit - credit)::numeric(15,2)::text as balance
        from ledger_lines
        where organization_id = ${organizationId} and dated_at between ${from} and ${to}
        group by account_code, auxiliary_code
        having sum(debit - credit) <> 0
        order by account_code, auxiliary_code`)
      return result.rows
    },
  }
}
