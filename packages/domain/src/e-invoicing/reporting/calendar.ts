import { addDays, dateParts, daysInMonth, type IsoDate } from '../../dates/calendar'
import { TAX_REGIME_IDS, type TaxRegimeCode } from '../../reference/ids'

/**
 * When e-reporting (flux 10) data is due, by the organisation's VAT regime.
 *
 * Sources: décret n° 2022-1299 du 7 octobre 2022 (CGI ann. II art. 242 nonies M and following: what is reported, for
 * which period, the cadence by VAT regime), with the 2025 simplifications (loi de finances pour 2025 and its décret),
 * as summarised by legifiscal.fr, "e-reporting : périodicité":
 * - réel normal mensuel: transactions per decade (1–10 due the 20th, 11–20 due the 30th, 21–end due the 10th of the
 *   next month); payments per month, due the 10th of the next month;
 * - réel normal trimestriel: transactions and payments per month, due the 10th of the next month;
 * - réel simplifié: transactions and payments per month, due "between the 25th and the 30th" of the next month;
 * - franchise en base: transactions and payments every two months, due "between the 25th and the 30th" of the month
 *   after the period.
 * Where the source gives a range (25th–30th) we take its last day, the 30th, and a month's last day when it is shorter
 * (February): the latest date the text allows, which alerts must then announce early enough.
 */

export type ReportingKind = 'transactions' | 'payments'

export type ReportingPeriod = {
  kind: ReportingKind
  /** First and last calendar days the period covers, both included. */
  start: IsoDate
  end: IsoDate
  /** The last day to send the period's data to the plateforme agréée. */
  deadline: IsoDate
}

export const REPORTING_KINDS: readonly ReportingKind[] = ['transactions', 'payments']

type Cadence = 'decade' | 'month' | 'twoMonths'
type Schedule = { cadence: Cadence; deadline: (start: IsoDate, end: IsoDate) => IsoDate }

const ymd = (year: number, month: number, day: number): IsoDate => {
  const y = year + Math.floor((month - 1) / 12)
  const m = ((month - 1) % 12) + 1
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(day, daysInMonth(y, m))).padStart(2, '0')}`
}

/** The given day of the month after `end` (its last day when shorter). */
const dayOfNextMonth =
  (day: number) =>
  (_start: IsoDate, end: IsoDate): IsoDate => {
    const { year, month } = dateParts(end)
    return ymd(year, month + 1, day)
  }

/** A decade of réel normal mensuel: 1–10 by the 20th, 11–20 by the 30th (or the month's last day), 21–end by the 10th. */
const decadeDeadline = (start: IsoDate, end: IsoDate): IsoDate => {
  const { year, month, day } = dateParts(start)
  if (day === 1) return ymd(year, month, 20)
  if (day === 11) return ymd(year, month, 30)
  return dayOfNextMonth(10)(start, end)
}

const SCHEDULES: Record<TaxRegimeCode, Record<ReportingKind, Schedule>> = {
  MONTH: {
    transactions: { cadence: 'decade', deadline: decadeDeadline },
    payments: { cadence: 'month', deadline: dayOfNextMonth(10) },
  },
  QUARTER: {
    transactions: { cadence: 'month', deadline: dayOfNextMonth(10) },
    payments: { cadence: 'month', deadline: dayOfNextMonth(10) },
  },
  YEAR: {
    transactions: { cadence: 'month', deadline: dayOfNextMonth(30) },
    payments: { cadence: 'month', deadline: dayOfNextMonth(30) },
  },
  FREE: {
    transactions: { cadence: 'twoMonths', deadline: dayOfNextMonth(30) },
    payments: { cadence: 'twoMonths', deadline: dayOfNextMonth(30) },
  },
}

const bounds = (cadence: Cadence, date: IsoDate): { start: IsoDate; end: IsoDate } => {
  const { year, month, day } = dateParts(date)
  const last = daysInMonth(year, month)
  if (cadence === 'decade') {
    if (day <= 10) return { start: ymd(year, month, 1), end: ymd(year, month, 10) }
    if (day <= 20) return { start: ymd(year, month, 11), end: ymd(year, month, 20) }
    return { start: ymd(year, month, 21), end: ymd(year, month, last) }
  }
  if (cadence === 'month') return { start: ymd(year, month, 1), end: ymd(year, month, last) }
  // Two months from January: Jan–Feb, Mar–Apr, …, Nov–Dec.
  const first = month % 2 === 1 ? month : month - 1
  return { start: ymd(year, first, 1), end: ymd(year, first + 1, 31) }
}

/** The period of this kind that holds `date`. */
export function periodOf(regime: TaxRegimeCode, kind: ReportingKind, date: IsoDate): ReportingPeriod {
  const schedule = SCHEDULES[regime][kind]
  const { start, end } = bounds(schedule.cadence, date)
  return { kind, start, end, deadline: schedule.deadline(start, end) }
}

const byStartThenKind = (a: ReportingPeriod, b: ReportingPeriod): number =>
  a.start < b.start ? -1 : a.start > b.start ? 1 : REPORTING_KINDS.indexOf(a.kind) - REPORTING_KINDS.indexOf(b.kind)

/**
 * Every period that covers part of `from`–`to` (both included), of both kinds unless one is given, in order of start
 * (transactions before payments on the same start). The first and last may reach outside the range: a period is
 * never cut.
 */
export function reportingPeriods(
  regime: TaxRegimeCode,
  from: IsoDate,
  to: IsoDate,
  kinds: readonly ReportingKind[] = REPORTING_KINDS,
): ReportingPeriod[] {
  const periods: ReportingPeriod[] = []
  for (const kind of kinds) {
    for (let period = periodOf(regime, kind, from); period.start <= to; ) {
      periods.push(period)
      period = periodOf(regime, kind, addDays(period.end, 1))
    }
  }
  return periods.sort(byStartThenKind)
}

/** The longest a deadline comes after its period's start: two months, then the 30th of the next (franchise). */
const LONGEST_REACH_DAYS = 100

/**
 * The periods whose deadline falls from `today` to `withinDays` later (both included), soonest first: what the
 * alerts announce. A period may still be running (its deadline is already near, e.g. the 21st–31st due the 10th).
 */
export function upcomingDeadlines(regime: TaxRegimeCode, today: IsoDate, withinDays: number): ReportingPeriod[] {
  if (!Number.isInteger(withinDays) || withinDays < 0) throw new RangeError(`withinDays: ${withinDays}`)
  const last = addDays(today, withinDays)
  return reportingPeriods(regime, addDays(today, -LONGEST_REACH_DAYS), last)
    .filter((period) => period.deadline >= today && period.deadline <= last)
    .sort((a, b) => (a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : byStartThenKind(a, b)))
}

/** The regime's code from its reference id (organisations store the id); null for an id the list does not know. */
export function taxRegimeCodeOf(id: number): TaxRegimeCode | null {
  const entry = Object.entries(TAX_REGIME_IDS).find(([, value]) => value === id)
  return entry ? (entry[0] as TaxRegimeCode) : null
}
