/**
 * The first day of the fiscal year that contains `today` (YYYY-MM-DD). The organisation records the start of one
 * fiscal year (fiscalYearStartedAt); the years that follow start on the same month and day. Without it, the calendar
 * year. A 29 February start falls on 28 February in other years.
 */
export function currentFiscalYearStart(today: string, fiscalYearStartedAt: string | null | undefined): string {
  const year = Number(today.slice(0, 4))
  if (!fiscalYearStartedAt) return `${year}-01-01`
  const monthDay = fiscalYearStartedAt.slice(5) === '02-29' ? '02-28' : fiscalYearStartedAt.slice(5)
  const thisYear = `${year}-${monthDay}`
  return thisYear <= today ? thisYear : `${year - 1}-${monthDay}`
}

const dayBefore = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() - 1)
  return day.toISOString().slice(0, 10)
}

/**
 * The fiscal year an export or a report names by `year`: the one that closes in that year (the one holding 1 January
 * of it), so that "2026" is the calendar year 2026, or July 2025 – June 2026 for a year starting in July.
 */
export function fiscalYearClosingIn(
  year: number,
  fiscalYearStartedAt: string | null | undefined,
): { start: string; end: string } {
  const start = currentFiscalYearStart(`${year}-01-01`, fiscalYearStartedAt)
  const next = currentFiscalYearStart(`${Number(start.slice(0, 4)) + 1}${start.slice(4)}`, fiscalYearStartedAt)
  return { start, end: dayBefore(next) }
}

/** The first day of the fiscal year that follows the one starting on `start`. */
export const nextFiscalYearStart = (start: string, fiscalYearStartedAt: string | null | undefined): string =>
  currentFiscalYearStart(`${Number(start.slice(0, 4)) + 1}${start.slice(4)}`, fiscalYearStartedAt)

/** The last day of the fiscal year starting on `start`. */
export const fiscalYearEnd = (start: string, fiscalYearStartedAt: string | null | undefined): string =>
  dayBefore(nextFiscalYearStart(start, fiscalYearStartedAt))
