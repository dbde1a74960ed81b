import type { IsoDate } from '../dates/calendar'

/**
 * The parameters of a recurring invoice (spec/sales.md §3 "RecurringParams", §5, §9): the schedule (start, unit,
 * recurrence, day) and how it ends (a date, or a number of occurrences).
 */
export const RECURRING_UNITS = ['day', 'week', 'month', 'year'] as const
export type RecurringUnit = (typeof RECURRING_UNITS)[number]

export const ENDING_TYPES = ['date', 'occurrences'] as const
export type EndingType = (typeof ENDING_TYPES)[number]

/** draft: each occurrence is a draft to validate; send: it is validated and e-mailed with its PDF. */
export const CREATION_OPTIONS = ['draft', 'send'] as const
export type CreationOption = (typeof CREATION_OPTIONS)[number]

/** The last day of the month is written 31: 31 → 30, 29 or 28 in shorter months. */
export const LAST_DAY_OF_MONTH = 31
/** Day-of-month choices for a monthly schedule: the first, 5, 10, 15, 20, 25 and the last day. */
export const MONTH_DAYS = [1, 5, 10, 15, 20, 25, LAST_DAY_OF_MONTH] as const
/** Weekday choices for a weekly schedule: Monday = 1 … Sunday = 7 (ISO). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const

export const RECURRENCE_MIN = 1
export const RECURRENCE_MAX = 31
export const OCCURRENCES_MIN = 1
export const OCCURRENCES_MAX = 300

/** spec/sales.md §9 "Recurring defaults". */
export const RECURRING_DEFAULTS = {
  recurrence: 1,
  occurrences: 1,
  day: 1,
  creationOption: 'draft',
  unit: 'month',
  endingType: 'date',
} as const satisfies {
  recurrence: number
  occurrences: number
  day: number
  creationOption: CreationOption
  unit: RecurringUnit
  endingType: EndingType
}

/** How the dates follow each other. `day` is the day of the month (month) or the weekday (week); unused otherwise. */
export type Schedule = {
  startingAt: IsoDate
  unit: RecurringUnit
  recurrence: number
  day: number | null
}

/** A schedule and its end: a date (null: never ends) or a number of occurrences. */
export type RecurrenceRule = Schedule & {
  endingType: EndingType
  endingAt: IsoDate | null
  occurrences: number | null
}

/** What a subscription has produced so far. */
export type RecurrenceHistory = {
  /** Invoices created by the subscription. */
  generatedCount: number
  /** The date of the last one, if any: the next occurrence is always after it. */
  lastOccurrenceAt: IsoDate | null
}

export const NO_HISTORY: RecurrenceHistory = { generatedCount: 0, lastOccurrenceAt: null }
