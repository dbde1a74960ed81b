import { dateParts, type IsoDate, isIsoDate, isoWeekday } from './calendar'

const WEEKDAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const

const pad2 = (value: number): string => String(value).padStart(2, '0')

/** The date of forms: '2026-03-03' → "03/03/2026". */
export const formatDateFr = (date: IsoDate): string => {
  const { year, month, day } = dateParts(date)
  return `${pad2(day)}/${pad2(month)}/${String(year).padStart(4, '0')}`
}

/** Reads "03/03/2026" (or "3/3/2026") back to '2026-03-03'; null when it is not a real day. */
export const parseDateFr = (text: string): IsoDate | null => {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim())
  if (!match) return null
  const iso = `${match[3]}-${(match[2] ?? '').padStart(2, '0')}-${(match[1] ?? '').padStart(2, '0')}`
  return isIsoDate(iso) ? iso : null
}

export const monthNameFr = (month: number): string => {
  const name = MONTHS[month - 1]
  if (!name) throw new RangeError(`Not a month: ${month}`)
  return name
}

/**
 * The date of lists: "mardi 3 mars", or "mardi 3 mars 2026" with the year. The first day of a month
 * is written "1er", as French typography wants ("dimanche 1er mars").
 */
export const formatDateLongFr = (date: IsoDate, options: { withYear?: boolean } = {}): string => {
  const { year, month, day } = dateParts(date)
  const weekday = WEEKDAYS[isoWeekday(date) - 1] ?? ''
  return `${weekday} ${day === 1 ? '1er' : day} ${monthNameFr(month)}${options.withYear ? ` ${year}` : ''}`
}

/** The heading of a month group: "mars 2026". */
export const formatMonthYearFr = (date: IsoDate): string => {
  const { year, month } = dateParts(date)
  return `${monthNameFr(month)} ${year}`
}
