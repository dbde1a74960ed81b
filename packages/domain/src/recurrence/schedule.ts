import { addDays, addMonths, dateParts, daysInMonth, type IsoDate, isoWeekday } from '../dates/calendar'
import { todayInParis } from '../dates/today'
import {
  LAST_DAY_OF_MONTH,
  NO_HISTORY,
  type RecurrenceHistory,
  type RecurrenceRule,
  type RecurringUnit,
  type Schedule,
} from './rules'

/**
 * Schedule arithmetic on calendar days only ('YYYY-MM-DD', no time of day), so a daylight-saving change can never
 * move an occurrence. Every date is computed from the anchor (the first date) and its index, never from the previous
 * date: a monthly schedule on the 31st gives 31 January, 28 February, 31 March — it does not drift to the 28th.
 */

const monthIndex = (date: IsoDate) => {
  const { year, month } = dateParts(date)
  return year * 12 + (month - 1)
}

/** The day `day` of the month at `index` (year × 12 + month − 1), the last day when the month is shorter. */
function dayOfMonthAt(index: number, day: number): IsoDate {
  const year = Math.floor(index / 12)
  const month = index - year * 12 + 1
  const clamped = Math.min(day, daysInMonth(year, month))
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(clamped).padStart(2, '0')}`
}

/** The first date of the schedule: the start itself, or the first chosen weekday or day of month from the start. */
export function firstScheduleDate(schedule: Schedule): IsoDate {
  const { startingAt, unit, day } = schedule
  if (unit === 'week' && day !== null) {
    const shift = (day - isoWeekday(startingAt) + 7) % 7
    return addDays(startingAt, shift)
  }
  if (unit === 'month') {
    const wanted = day ?? dateParts(startingAt).day
    const sameMonth = dayOfMonthAt(monthIndex(startingAt), wanted)
    return sameMonth >= startingAt ? sameMonth : dayOfMonthAt(monthIndex(startingAt) + 1, wanted)
  }
  return startingAt
}

/** The schedule's date number `index` (0 is the first), computed from the anchor. */
export function scheduleDate(schedule: Schedule, index: number): IsoDate {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Not an occurrence index: ${index}`)
  const first = firstScheduleDate(schedule)
  const step = schedule.recurrence * index
  switch (schedule.unit) {
    case 'day':
      return addDays(first, step)
    case 'week':
      return addDays(first, 7 * step)
    case 'month': {
      const day = schedule.day ?? dateParts(schedule.startingAt).day
      return dayOfMonthAt(monthIndex(first) + step, day >= LAST_DAY_OF_MONTH ? LAST_DAY_OF_MONTH : day)
    }
    case 'year':
      // From the anchor each time: 29 February gives 28 February in common years and 29 again in leap years.
      return addMonths(first, 12 * step)
  }
}

/** The fewest days one step can take, to bound the search below. */
const MIN_STEP_DAYS: Record<RecurringUnit, number> = { day: 1, week: 7, month: 28, year: 365 }

const YEAR_MAX = '9999-12-31'

/** The index of the first schedule date on or after `date` (dates grow with the index: a binary search). */
export function firstIndexOnOrAfter(schedule: Schedule, date: IsoDate): number {
  const first = firstScheduleDate(schedule)
  if (first >= date) return 0
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000)
  let low = 0
  let high = Math.ceil(days / (MIN_STEP_DAYS[schedule.unit] * schedule.recurrence)) + 1
  while (low < high) {
    const middle = Math.floor((low + high) / 2)
    if (safeDate(schedule, middle) >= date) high = middle
    else low = middle + 1
  }
  return low
}

/** A date past year 9999 cannot be written: it compares as the end of time. */
function safeDate(schedule: Schedule, index: number): IsoDate {
  try {
    return scheduleDate(schedule, index)
  } catch {
    return YEAR_MAX
  }
}

/** How many more invoices the rule allows (null when it ends by date). */
export function remainingOccurrences(rule: RecurrenceRule, history: RecurrenceHistory = NO_HISTORY): number | null {
  if (rule.endingType !== 'occurrences') return null
  return Math.max(0, (rule.occurrences ?? 0) - history.generatedCount)
}

/**
 * The next dates the rule gives, at most `limit`: on or after `from`, after the last occurrence made, no later than
 * the end date, and no more than the occurrences left. `from` is today for a preview, a save or a reactivation (the
 * dates missed while suspended are skipped); a catch-up after an outage walks on from the last occurrence instead.
 */
export function upcomingOccurrences(
  rule: RecurrenceRule,
  history: RecurrenceHistory,
  from: IsoDate,
  limit: number,
): IsoDate[] {
  const left = remainingOccurrences(rule, history)
  const count = Math.min(limit, left ?? limit)
  if (count <= 0) return []
  const after = history.lastOccurrenceAt ? addDays(history.lastOccurrenceAt, 1) : from
  const start = after > from ? after : from
  const dates: IsoDate[] = []
  for (let index = firstIndexOnOrAfter(rule, start); dates.length < count; index++) {
    const date = safeDate(rule, index)
    if (date === YEAR_MAX) break
    if (rule.endingType === 'date' && rule.endingAt !== null && date > rule.endingAt) break
    dates.push(date)
  }
  return dates
}

/** The next occurrence on or after `from`, or null when the rule has ended. */
export const nextOccurrence = (rule: RecurrenceRule, history: RecurrenceHistory, from: IsoDate): IsoDate | null =>
  upcomingOccurrences(rule, history, from, 1)[0] ?? null

/**
 * Whether an occurrence dated `date` is due at the instant `now`: from midnight in Paris on that day. 2026-03-29 (the
 * spring change) is due from 2026-03-28T23:00Z, 2026-10-25 (the autumn change) from 2026-10-24T22:00Z.
 */
export const isDue = (date: IsoDate, now: Date) => date <= todayInParis(now)
