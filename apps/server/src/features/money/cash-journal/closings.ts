import {
  addRateTotals,
  type ClosingPeriod,
  endOfMonth,
  grandTotal,
  type IsoDate,
  type RateTotal,
  sum,
  toCents,
} from '@app/domain'
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../../db/client'
import { cashJournalEntries } from '../../../db/schema/index'
import type { Clock } from '../../../lib/clock'
import { appendEntry } from './chain'

const MOVEMENT_KINDS = ['RECORD', 'CORRECTION', 'CANCELLATION']

type Period = { period: ClosingPeriod; from: IsoDate; to: IsoDate; key: string }

const dayPeriod = (day: IsoDate): Period => ({ period: 'DAY', from: day, to: day, key: `DAY:${day}` })
const monthPeriod = (month: string): Period => ({
  period: 'MONTH',
  from: `${month}-01`,
  to: endOfMonth(`${month}-01`),
  key: `MONTH:${month}`,
})
const yearPeriod = (year: string): Period => ({
  period: 'YEAR',
  from: `${year}-01-01`,
  to: `${year}-12-31`,
  key: `YEAR:${year}`,
})

/** What a closing seals: the period's entries added up (changes, so corrections and cancellations count). */
async function totalsOf(tx: DbOrTx, organizationId: number, period: Period) {
  const rows = await tx
    .select({ sequence: cashJournalEntries.sequence, data: cashJournalEntries.data })
    .from(cashJournalEntries)
    .where(
      and(
        eq(cashJournalEntries.organizationId, organizationId),
        inArray(cashJournalEntries.kind, MOVEMENT_KINDS),
        gte(cashJournalEntries.recordedOn, period.from),
        lte(cashJournalEntries.recordedOn, period.to),
      ),
    )
  const rates = addRateTotals(...rows.map((row) => (row.data.vatChange ?? []) as RateTotal[]))
  // The perpetual grand total: every sale since the first entry, up to the end of the period (never reset).
  const before = await tx.execute<{ total: string | null }>(sql`
    select coalesce(sum((change->>'ttc')::numeric), 0)::text as total
    from ${cashJournalEntries} e, jsonb_array_elements(e.data->'vatChange') change
    where e.organization_id = ${organizationId} and e.kind in ('RECORD', 'CORRECTION', 'CANCELLATION')
      and e.recorded_on <= ${period.to}`)
  const sequences = rows.map((row) => row.sequence)
  return {
    period: period.period,
    from: period.from,
    to: period.to,
    entries: rows.length,
    firstSequence: sequences.length ? Math.min(...sequences) : null,
    lastSequence: sequences.length ? Math.max(...sequences) : null,
    rates,
    total: grandTotal(rates),
    cashMovements: toCents(sum(['0', ...rows.map((row) => String(row.data.movementChange ?? '0'))])),
    perpetualTotal: toCents(before.rows[0]?.total ?? '0'),
  }
}

/**
 * The closings (Z) the jobs make (decision 0038): for every organisation, every day, month and year that is over by
 * `until` (strictly before it: the day `until` may still take sales) and had entries, one CLOSING entry sealed in the
 * chain with its totals per VAT rate and the perpetual grand total. Idempotent: a period's closing has a unique key,
 * checked again under the chain's lock, so two runs at once never make two Z for one period.
 */
export function createCashClosings(deps: { db: Db; clock: Clock }) {
  async function due(until: IsoDate) {
    const result = await deps.db.execute<{ organization_id: string | number; key: string }>(sql`
      with days as (
        select distinct organization_id, recorded_on from ${cashJournalEntries}
        where kind in ('RECORD', 'CORRECTION', 'CANCELLATION') and recorded_on < ${until}
      ), keys as (
        select organization_id, 'DAY:' || to_char(recorded_on, 'YYYY-MM-DD') as key, recorded_on as ends, 1 as rank
          from days
        union select organization_id, 'MONTH:' || to_char(recorded_on, 'YYYY-MM'),
            (date_trunc('month', max(recorded_on)) + interval '1 month' - interval '1 day')::date, 2 from days
          where (date_trunc('month', recorded_on) + interval '1 month')::date <= ${until}
          group by organization_id, to_char(recorded_on, 'YYYY-MM')
        union select organization_id, 'YEAR:' || to_char(recorded_on, 'YYYY'),
            (date_trunc('year', max(recorded_on)) + interval '1 year' - interval '1 day')::date, 3 from days
          where (date_trunc('year', recorded_on) + interval '1 year')::date <= ${until}
          group by organization_id, to_char(recorded_on, 'YYYY')
      )
      -- A period's closing after those of the periods it holds: the days, then their month, then the year.
      select k.organization_id, k.key from keys k
      where not exists (select 1 from ${cashJournalEntries} c
        where c.organization_id = k.organization_id and c.closing_key = k.key)
      order by k.organization_id, k.ends, k.rank`)
    return result.rows.map((row) => ({ organizationId: Number(row.organization_id), key: row.key }))
  }

  const periodOf = (key: string): Period => {
    const [kind, value] = key.split(':') as [string, string]
    if (kind === 'DAY') return dayPeriod(value)
    if (kind === 'MONTH') return monthPeriod(value)
    return yearPeriod(value)
  }

  return {
    /** Closes what is due; answers how many closings were sealed. */
    async runDue(until: IsoDate): Promise<number> {
      let sealed = 0
      for (const { organizationId, key } of await due(until)) {
        const made = await deps.db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from organizations where id = ${organizationId} for update`)
          const [exists] = await tx
            .select({ id: cashJournalEntries.id })
            .from(cashJournalEntries)
            .where(and(eq(cashJournalEntries.organizationId, organizationId), eq(cashJournalEntries.closingKey, key)))
          if (exists) return false
          const data = await totalsOf(tx, organizationId, periodOf(key))
          await appendEntry(tx, { organizationId, kind: 'CLOSING', closingKey: key, data, now: deps.clock() })
          return true
        })
        if (made) sealed += 1
      }
      return sealed
    },
  }
}

export type CashClosings = ReturnType<typeof createCashClosings>

/**
 * A jobs step followed by the closings of the periods over by its date (the scheduler calls its steps with the Paris
 * day it runs to): the Z are made on the server's loop and by `npm run jobs -- --until`, without a step of their own.
 */
export function closingsAfter<Runner extends { runDue(until: IsoDate): Promise<number> }>(
  runner: Runner,
  closings: CashClosings,
): Runner {
  return {
    ...runner,
    async runDue(until: IsoDate) {
      const done = await runner.runDue(until)
      await closings.runDue(until)
      return done
    },
  }
}
