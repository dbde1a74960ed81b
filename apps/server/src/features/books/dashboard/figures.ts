import {
  addMonths,
  type DashboardFigureDto,
  type DashboardPeriod,
  monthEnd,
  negate,
  reportMonths,
  startOfMonth,
  sum,
  toCents,
  trendOf,
} from '@app/domain'

/** The month `to` falls in and the one before it: what a card's trend arrow compares (spec/account.md §9). */
export function recentMonths(to: string) {
  const current = to.slice(0, 7)
  const previousStart = addMonths(startOfMonth(to), -1)
  return {
    current,
    previous: previousStart.slice(0, 7),
    previousStart,
    previousEnd: monthEnd(previousStart.slice(0, 7)),
  }
}

const label = (month: string) => reportMonths(`${month}-01`, `${month}-01`)[0]?.label ?? month

export const monthFigure = (month: string, value: string) => ({
  value: toCents(value),
  label: label(month),
  date: month,
})

type Monthly = { month: string; amount: string }

/**
 * A card's figure from amounts per month: the total of the period (rows read over [from, to]) and the month of `to`
 * against the month before (rows read over [start of the previous month, to], which may begin before `from`).
 */
export function figureOf(period: DashboardPeriod, inPeriod: Monthly[], recent: Monthly[]): DashboardFigureDto {
  const months = recentMonths(period.to)
  const of = (month: string) => sum(recent.filter((row) => row.month === month).map((row) => row.amount))
  return {
    from: period.from,
    to: period.to,
    total: toCents(sum(inPeriod.map((row) => row.amount))),
    ...againstPreviousMonth(months, of(months.current), of(months.previous)),
    byMonth: reportMonths(period.from, period.to).map(({ month }) =>
      monthFigure(month, sum(inPeriod.filter((row) => row.month === month).map((row) => row.amount))),
    ),
  }
}

/** The month of `to` against the one before, with the card's arrow: computed here so that the page loads no arithmetic. */
export function againstPreviousMonth(
  months: { current: string; previous: string },
  current: string,
  previous: string,
): Pick<DashboardFigureDto, 'currentMonth' | 'previousMonth' | 'trend'> {
  return {
    currentMonth: monthFigure(months.current, current),
    previousMonth: monthFigure(months.previous, previous),
    trend: trendOf(current, previous),
  }
}

/** Each month's end within the period, the last one `to` itself: where the treasury curve has its points. */
export function monthEnds(period: DashboardPeriod): string[] {
  return reportMonths(period.from, period.to).map(({ month }) => {
    const end = monthEnd(month)
    return end < period.to ? end : period.to
  })
}

/** Debit − credit read as what the associate is owed (credit − debit), to the cent. */
export const owedToAssociate = (debitMinusCredit: string) => toCents(negate(debitMinusCredit))
