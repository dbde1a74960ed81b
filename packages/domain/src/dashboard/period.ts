import { addDays } from '../dates/calendar'
import { currentFiscalYearStart, fiscalYearEnd } from '../ledger/fiscal-year'

export type DashboardPeriod = { from: string; to: string }

/**
 * The dashboard's period when the URL names none (spec/account.md §2 "Dashboard"): from the start of the current fiscal
 * year, else the day after the recorded fiscal-year end (its anniversary this year or last), else 1 January; to today.
 */
export function defaultDashboardPeriod(
  today: string,
  fiscal: { fiscalYearStartedAt?: string | null; fiscalYearEndedAt?: string | null },
): DashboardPeriod {
  if (fiscal.fiscalYearStartedAt) return { from: currentFiscalYearStart(today, fiscal.fiscalYearStartedAt), to: today }
  if (fiscal.fiscalYearEndedAt) {
    const dayAfter = addDays(fiscal.fiscalYearEndedAt, 1)
    return { from: currentFiscalYearStart(today, dayAfter), to: today }
  }
  return { from: `${today.slice(0, 4)}-01-01`, to: today }
}

/**
 * A fiscal year's name in the exercise selector (spec/account.md §9): "2026" when it starts in January, else the two
 * calendar years it spans, "2025-2026".
 */
export function fiscalYearLabel(start: string, end: string): string {
  if (start.slice(5, 7) === '01') return start.slice(0, 4)
  return `${start.slice(0, 4)}-${end.slice(0, 4)}`
}

/** The fiscal year that starts on `start`, with its last day and its name. */
export function fiscalYearOf(start: string, fiscalYearStartedAt: string | null | undefined) {
  const end = fiscalYearEnd(start, fiscalYearStartedAt)
  return { start, end, label: fiscalYearLabel(start, end) }
}
