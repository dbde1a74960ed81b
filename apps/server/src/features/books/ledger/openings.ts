import {
  add,
  type ClosingBalance,
  currentFiscalYearStart,
  fiscalYearEnd,
  isZero,
  type JournalTypeCode,
  nextFiscalYearStart,
  OPENING_JOURNAL,
  type PostingEntry,
  postOpeningBalances,
  postStartingValues,
  splitClosingBalances,
  subtract,
} from '@app/domain'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'

/**
 * The source id the journals' trigger marks (migration 0020) and the backfill holds back: "the openings from the first
 * fiscal year on", whichever year that is by the time they post. The openings' entries carry the calendar year their
 * fiscal year starts in.
 */
export const FROM_FIRST_YEAR = 0

/** Any constant: with the organisation, the key of the lock that lets one transaction at a time redo its openings. */
const OPENINGS_LOCK = 1_095_652_179

/** The previous year's opening as posted and as the rebuild recomputes it. */
export type PreviousOpening = { posted: readonly PostingEntry[]; expected: readonly PostingEntry[] }

const keyOf = (accountCode: string, auxiliaryCode: string | null | undefined) =>
  `${accountCode}\t${auxiliaryCode ?? ''}`

/**
 * The openings (journal AN, decision 0024) of an organisation, read from the ledger itself: the first fiscal year of
 * the books carries the starting values of its bank, cash and associate accounts; each later year the balances the
 * year before it closed on. One entry a year, source ('opening', the calendar year it starts in).
 */
export function createOpenings(db: DbOrTx, organizationId: number, fiscalYearStartedAt: string | null | undefined) {
  const fiscalYearOf = (date: string) => currentFiscalYearStart(date, fiscalYearStartedAt)
  const nextYear = (fiscalYearStart: string) => nextFiscalYearStart(fiscalYearStart, fiscalYearStartedAt)

  return {
    fiscalYearOf,
    sourceIdOf: (fiscalYearStart: string) => Number(fiscalYearStart.slice(0, 4)),
    nextYear,

    /** Serialises the openings of the organisation: each then reads what the one before it committed. */
    async lock() {
      await db.execute(sql`select pg_advisory_xact_lock(${OPENINGS_LOCK}, ${organizationId % 2_147_483_647}::int)`)
    },

    /** Whether the start-up backfill holds the openings back until the organisation's sources are all posted. */
    async heldBack() {
      const result = await db.execute(sql`select 1 from ledger_pending
        where organization_id = ${organizationId} and source_kind = 'opening' and deferred limit 1`)
      return result.rows.length > 0
    },

    /**
     * The fiscal years that carry an opening, in order: from the year of the earliest entry to the year of the latest
     * (openings aside, which follow them), every year between included since each opening reads the one before it.
     * Without entries, the current year, which then holds the starting values alone.
     */
    async years(): Promise<string[]> {
      const result = await db.execute<{ first: string | null; last: string | null; today: string }>(sql`
        select (select min(dated_at) from ledger_entries
                where organization_id = ${organizationId} and source_kind <> 'opening')::text as first,
               (select max(dated_at) from ledger_entries
                where organization_id = ${organizationId} and source_kind <> 'opening')::text as last,
               ((now() at time zone 'Europe/Paris')::date)::text as today`)
      const row = result.rows[0]
      const today = row?.today ?? new Date().toISOString().slice(0, 10)
      const last = fiscalYearOf(row?.last ?? today)
      const years: string[] = []
      for (let year = fiscalYearOf(row?.first ?? today); year <= last; year = nextYear(year)) years.push(year)
      return years
    },

    /** The fiscal years whose opening was worked out at least once: the AN journal's counter rows. */
    async computedYears(): Promise<Set<string>> {
      const result = await db.execute<{ start: string }>(sql`select fiscal_year_start::text as start
        from ledger_counters where organization_id = ${organizationId} and journal_code = ${OPENING_JOURNAL.code}`)
      return new Set(result.rows.map((row) => row.start))
    },

    /**
     * Records that the year's opening was worked out, even when it came to nothing: its counter row, at 0 until an
     * entry takes number 1, so that the next posting knows it needs not redo it.
     */
    async markComputed(fiscalYearStart: string) {
      await db.execute(sql`insert into ledger_counters (organization_id, journal_code, fiscal_year_start, last_number)
        values (${organizationId}, ${OPENING_JOURNAL.code}, ${fiscalYearStart}, 0) on conflict do nothing`)
    },

    /** The openings that have active entries (neither a reversal nor reversed). */
    async activeSourceIds(): Promise<number[]> {
      const result = await db.execute<{ id: string }>(sql`select distinct e.source_id::text as id from ledger_entries e
        where e.organization_id = ${organizationId} and e.source_kind = 'opening' and e.reverses_entry_id is null
          and not exists (select 1 from ledger_entries r
            where r.organization_id = ${organizationId} and r.reverses_entry_id = e.id)`)
      return result.rows.map((row) => Number(row.id))
    },

    /**
     * What the opening of `years[index]` should be. The first year: the starting values. A later one: the balances of
     * the year before, one aggregate over its lines (its own opening included, and reversals, which cancel what they
     * reverse). The rebuild passes `previous` to read that year with the opening it should have had rather than the
     * one posted, so that an error carries into the years after it and is reported there too.
     */
    async expected(years: readonly string[], index: number, previous?: PreviousOpening): Promise<PostingEntry[]> {
      const year = years[index]
      if (year === undefined) return []
      if (index === 0) {
        const entry = postStartingValues({ date: year, values: await startingValues() })
        return entry ? [entry] : []
      }
      const previousYear = years[index - 1] as string
      const balances = await closingBalances(previousYear, fiscalYearEnd(previousYear, fiscalYearStartedAt))
      if (previous) {
        adjust(balances, previous.posted, -1)
        adjust(balances, previous.expected, 1)
      }
      const entry = postOpeningBalances({
        date: year,
        ...splitClosingBalances([...balances.values()].filter((b) => !isZero(b.balance))),
      })
      return entry ? [entry] : []
    },
  }

  /** Non-zero starting values of the bank, cash and associate accounts, in the order of their codes. */
  async function startingValues() {
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
    return result.rows.map((row) => ({
      journal: { code: row.code, label: row.name, accountCode: row.accountCode },
      typeCode: row.typeCode,
      value: row.value,
    }))
  }

  /**
   * Σ debit − Σ credit per account and auxiliary of the lines dated in [from, to], in one aggregate over the lines'
   * (organisation, date) index: no line comes back to the server, whatever the year holds. The labels are the
   * greatest of the year's, as the operating account reads them: the same on every run.
   */
  async function closingBalances(from: string, to: string): Promise<Map<string, ClosingBalance>> {
    const result = await db.execute<{
      accountCode: string
      accountLabel: string
      auxiliaryCode: string | null
      auxiliaryLabel: string | null
      balance: string
    }>(sql`
      select account_code as "accountCode", max(account_label) as "accountLabel", auxiliary_code as "auxiliaryCode",
             max(auxiliary_label) as "auxiliaryLabel", sum(debit - credit)::numeric(15,2)::text as balance
      from ledger_lines
      where organization_id = ${organizationId} and dated_at between ${from} and ${to}
      group by account_code, auxiliary_code
      having sum(debit - credit) <> 0
      order by account_code, auxiliary_code`)
    return new Map(
      result.rows.map((row) => [
        keyOf(row.accountCode, row.auxiliaryCode),
        {
          accountCode: row.accountCode,
          accountLabel: row.accountLabel,
          auxiliary: row.auxiliaryCode ? { code: row.auxiliaryCode, label: row.auxiliaryLabel ?? '' } : null,
          balance: row.balance,
        },
      ]),
    )
  }
}

/** Adds (sign 1) or takes away (−1) the lines of entries from balances per account and auxiliary. */
function adjust(balances: Map<string, ClosingBalance>, entries: readonly PostingEntry[], sign: 1 | -1) {
  for (const line of entries.flatMap((entry) => entry.lines)) {
    const key = keyOf(line.accountCode, line.auxiliary?.code)
    const known = balances.get(key) ?? {
      accountCode: line.accountCode,
      accountLabel: line.accountLabel,
      auxiliary: line.auxiliary ?? null,
      balance: '0',
    }
    const moved = subtract(line.debit, line.credit)
    balances.set(key, { ...known, balance: sign === 1 ? add(known.balance, moved) : subtract(known.balance, moved) })
  }
}

export type Openings = ReturnType<typeof createOpenings>
