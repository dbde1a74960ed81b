/**
 * Business dates are calendar days written 'YYYY-MM-DD'. All arithmetic here works on the
 * calendar itself (UTC-based Date on the parts), never on local time, so a time zone or a
 * daylight-saving change can never move a day.
 */
export type IsoDate = string

interface DateParts {
  year: number
  month: number
  day: number
}

const DAY_MS = 86_400_000
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** Number of days of a month (1 = January). */
export const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31

const readParts = (value: string): DateParts | null => {
  const match = ISO_DATE.exec(value)
  if (!match) return null
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

/**
 * The years a business date may fall in, whatever brings it (a form, the API, a bank file): beyond, a date is a typo
 * ("9999", "0202"), and the books would open every fiscal year up to it.
 */
export const BUSINESS_YEARS = { first: 1900, last: 2199 } as const

/** A real calendar day within BUSINESS_YEARS. */
export const isBusinessDate = (value: unknown): value is IsoDate => {
  const read = typeof value === 'string' ? readParts(value) : null
  return read !== null && read.year >= BUSINESS_YEARS.first && read.year <= BUSINESS_YEARS.last
}

/** A real calendar day written 'YYYY-MM-DD' ("2026-02-30" is not one). */
export const isIsoDate = (value: unknown): value is IsoDate => typeof value === 'string' && readParts(value) !== null

const parts = (date: IsoDate): DateParts => {
  const read = readParts(date)
  if (!read) throw new RangeError(`Not a date 'YYYY-MM-DD': ${JSON.stringify(date)}`)
  return read
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0')

const write = ({ year, month, day }: DateParts): IsoDate => {
  if (year < 0 || year > 9999) throw new RangeError(`Year out of range: ${year}`)
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
}

/** Days since 1970-01-01 (setUTCFullYear, unlike Date.UTC, keeps years below 100 as they are). */
const toDayNumber = ({ year, month, day }: DateParts): number => {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return Math.round(date.getTime() / DAY_MS)
}

const fromDayNumber = (dayNumber: number): IsoDate => {
  const date = new Date(dayNumber * DAY_MS)
  return write({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() })
}

const checkInteger = (value: number, name: string): void => {
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`)
}

export const addDays = (date: IsoDate, days: number): IsoDate => {
  checkInteger(days, 'days')
  return fromDayNumber(toDayNumber(parts(date)) + days)
}

/** Adds calendar months; a day that does not exist in the target month becomes its last day (01-31 + 1 month → 02-28). */
export const addMonths = (date: IsoDate, months: number): IsoDate => {
  checkInteger(months, 'months')
  const { year, month, day } = parts(date)
  const index = year * 12 + (month - 1) + months
  const targetYear = Math.floor(index / 12)
  const targetMonth = index - targetYear * 12 + 1
  return write({ year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) })
}

/** Adds calendar years; 29 February becomes 28 February in a common year. */
export const addYears = (date: IsoDate, years: number): IsoDate => {
  checkInteger(years, 'years')
  return addMonths(date, years * 12)
}

export const startOfMonth = (date: IsoDate): IsoDate => write({ ...parts(date), day: 1 })

export const endOfMonth = (date: IsoDate): IsoDate => {
  const { year, month } = parts(date)
  return write({ year, month, day: daysInMonth(year, month) })
}

/** Calendar days from `from` to `to`: positive when `to` is later, 0 on the same day. */
export const daysBetween = (from: IsoDate, to: IsoDate): number => toDayNumber(parts(to)) - toDayNumber(parts(from))

/** ISO weekday: 1 for Monday (lundi) to 7 for Sunday (dimanche). */
export const isoWeekday = (date: IsoDate): number => {
  const weekday = new Date(toDayNumber(parts(date)) * DAY_MS).getUTCDay()
  return weekday === 0 ? 7 : weekday
}

/** The parts of a date, for formatting. */
export const dateParts = (date: IsoDate): DateParts => parts(date)
