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
import type { Db, DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { appendEntry } from './chain'
import { closingsDue, hasClosing, lockChain, movementsBetween, perpetualTotalUntil } from './repo'

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
  const rows = await movementsBetween(tx, organizationId, period.from, period.to)
  const rates = addRateTotals(...rows.map((row) => (row.data.vatChange ?? []) as RateTotal[]))
  // The perpetual grand total: every sale since the first entry, up to the end of the period (never reset).
  const perpetual = await perpetualTotalUntil(tx, organizationId, period.to)
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
    perpetualTotal: toCents(perpetual),
  }
}

/**
 * The closings (Z) the jobs make (decision 0038): for every organisation, every day, month and year that is over by
 * `until` (strictly before it: the day `until` may still take sales) and had entries, one CLOSING entry sealed in the
 * chain with its totals per VAT rate and the perpetual grand total. Idempotent: a period's closing has a unique key,
 * checked again under the chain's lock, so two runs at once never make two Z for one period.
 */
export function createCashClosings(deps: { db: Db; clock: Clock }) {
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
      for (const { organizationId, key } of await closingsDue(deps.db, until)) {
        const made = await deps.db.transaction(async (tx) => {
          await lockChain(tx, organizationId)
          if (await hasClosing(tx, organizationId, key)) return false
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
