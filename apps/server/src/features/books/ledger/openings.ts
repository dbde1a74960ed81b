import {
  add,
  type ClosingBalance,
  carriedBalancesOf,
  currentFiscalYearStart,
  fiscalYearEnd,
  isZero,
  moveCarriedBalances,
  nextFiscalYearStart,
  type PostingEntry,
  postOpeningBalances,
  postStartingValues,
  splitClosingBalances,
  subtract,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { createOpeningsRepo } from './openings-repo'

/**
 * The source id a journal's starting value posts (books.ts, `openings` in the event) and the backfill holds back: "the
 * openings from the first fiscal year on", whichever year that is by the time they post. The openings' entries carry the calendar year their
 * fiscal year starts in.
 */
export const FROM_FIRST_YEAR = 0

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
  const sourceIdOf = (fiscalYearStart: string) => Number(fiscalYearStart.slice(0, 4))
  const repo = createOpeningsRepo(db, organizationId)

  return {
    fiscalYearOf,
    sourceIdOf,
    nextYear,

    /**
     * The fiscal years that carry an opening, in order: from the year of the earliest entry to the year of the latest
     * (openings aside, which follow them), every year between included since each opening reads the one before it.
     * Without entries, the current year, which then holds the starting values alone.
     */
    yearsOf({ first, last, today }: Pick<OpeningsState, 'first' | 'last' | 'today'>): string[] {
      const latest = fiscalYearOf(last ?? today)
      const years: string[] = []
      for (let year = fiscalYearOf(first ?? today); year <= latest; year = nextYear(year)) years.push(year)
      return years
    },

    /**
     * Records that the year's opening was worked out, even when it came to nothing: its counter row, at 0 until an
     * entry takes number 1, so that the next posting knows it needs not redo it.
     */
    markComputed: (fiscalYearStart: string) => repo.markComputed(fiscalYearStart),

    /** The openings that have active entries (neither a reversal nor reversed). */
    activeSourceIds: (): Promise<number[]> => repo.activeSourceIds(),

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

    carriedForward,
  }

  /**
   * The opening of `years[index]` (a year after the first) as `expected` makes it, worked out from the opening posted
   * (`postedOf`, its active entries) and what the entries `written` moved in the year before it (domain
   * moveCarriedBalances) rather than from the whole year: for a posting whose transaction holds the openings' lock and
   * found them up to date with every commit before it. 'unchanged' when those entries moved nothing there; null when the posted opening is not one entry
   * (`expected` then reads the year).
   */
  async function carriedForward(
    years: readonly string[],
    index: number,
    written: readonly number[],
    postedOf: (sourceId: number) => Promise<readonly PostingEntry[]>,
  ): Promise<PostingEntry[] | 'unchanged' | null> {
    const year = years[index]
    const previousYear = years[index - 1]
    if (year === undefined || previousYear === undefined) return null
    const to = fiscalYearEnd(previousYear, fiscalYearStartedAt)
    const moves = (await repo.moves(written, previousYear, to)).map(closingBalanceOf)
    if (moves.length === 0) return 'unchanged'
    const posted = await postedOf(sourceIdOf(year))
    if (posted.length > 1) return null
    const before = carriedBalancesOf(posted[0] ?? null)
    const carried = moveCarriedBalances(before, moves)
    // A balance carried for the first time takes the greatest labels of its year, as `expected` reads them.
    const known = new Set(before.balances.map((balance) => keyOf(balance.accountCode, balance.auxiliary?.code)))
    const fresh = carried.balances.filter((balance) => !known.has(keyOf(balance.accountCode, balance.auxiliary?.code)))
    if (fresh.length > 0) {
      const labels = new Map(
        (await repo.labels([...new Set(fresh.map((balance) => balance.accountCode))], previousYear, to)).map((row) => [
          keyOf(row.accountCode, row.auxiliaryCode),
          closingBalanceOf({ ...row, balance: '0' }),
        ]),
      )
      carried.balances = carried.balances.map((balance) => {
        const labelled = labels.get(keyOf(balance.accountCode, balance.auxiliary?.code))
        return labelled ? { ...labelled, balance: balance.balance } : balance
      })
    }
    const entry = postOpeningBalances({ date: year, ...carried })
    return entry ? [entry] : []
  }

  /** Non-zero starting values of the bank, cash and associate accounts, in the order of their codes. */
  async function startingValues() {
    const rows = await repo.startingValues()
    return rows.map((row) => ({
      journal: { code: row.code, label: row.name, accountCode: row.accountCode },
      typeCode: row.typeCode,
      value: row.value,
    }))
  }

  /** Σ debit − Σ credit per account and auxiliary of the lines dated in [from, to] (openings-repo.ts). */
  async function closingBalances(from: string, to: string): Promise<Map<string, ClosingBalance>> {
    const rows = await repo.closingBalances(from, to)
    return new Map(rows.map((row) => [keyOf(row.accountCode, row.auxiliaryCode), closingBalanceOf(row)]))
  }
}

function closingBalanceOf(row: {
  accountCode: string
  accountLabel: string
  auxiliaryCode: string | null
  auxiliaryLabel: string | null
  balance: string
}): ClosingBalance {
  return {
    accountCode: row.accountCode,
    accountLabel: row.accountLabel,
    auxiliary: row.auxiliaryCode ? { code: row.auxiliaryCode, label: row.auxiliaryLabel ?? '' } : null,
    balance: row.balance,
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

type OpeningsState = Awaited<ReturnType<ReturnType<typeof createOpeningsRepo>['state']>>

/**
 * The organisation's openings as its books stand, read in one statement: its fiscal years (as `yearsOf`), those worked
 * out at least once, whether the start-up backfill holds them back until its sources are all posted, and whether the
 * organisation still exists.
 */
export async function readOpenings(db: DbOrTx, organizationId: number) {
  const state = await createOpeningsRepo(db, organizationId).state()
  const openings = createOpenings(db, organizationId, state.fiscalYearStartedAt)
  return {
    openings,
    exists: state.exists,
    heldBack: state.heldBack,
    years: openings.yearsOf(state),
    computed: new Set(state.computed),
  }
}

/**
 * Takes the lock that serialises the organisation's openings (each transaction redoing them then reads what the one
 * before it committed, until its commit), then reads them (readOpenings). Null for an organisation deleted meanwhile:
 * its journals mark it as they go, and it has no books left to open.
 */
export async function lockOpenings(db: DbOrTx, organizationId: number) {
  await createOpeningsRepo(db, organizationId).lock()
  const read = await readOpenings(db, organizationId)
  return read.exists ? read : null
}
