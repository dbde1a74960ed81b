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
