import { isBusinessDate } from '@app/domain'
import { quoted } from './types'

const pad = (value: number, width: number) => String(value).padStart(width, '0')

/** "YYYY-MM-DD" when the day exists in the calendar (no 31 February) within the business years, else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (![year, month, day].every((part) => Number.isInteger(part) && part > 0)) return null
  const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
  return isBusinessDate(iso) ? iso : null
}

/** Two-digit years as POSIX strptime reads them: 69–99 are 1969–1999, 00–68 are 2000–2068. */
export const expandYear = (year: number): number => (year >= 69 ? 1900 + year : 2000 + year)

export type DateResult = { value: string } | { error: string }

const noSuchDay = (raw: string): DateResult => ({ error: `la date ${quoted(raw)} n'existe pas.` })

/** A date from day, month and year digit strings; two-digit years are expanded. */
export function dateFromParts(raw: string, year: string, month: string, day: string): DateResult {
  const fullYear = year.length <= 2 ? expandYear(Number(year)) : Number(year)
  const value = isoDate(fullYear, Number(month), Number(day))
  return value ? { value } : noSuchDay(raw)
}

/** "20240113", "20240113120000[-5:EST]", "20180804093914:014": OFX dates, of which only the day is kept. */
export function readCompactDate(text: string): DateResult {
  const raw = text.trim()
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(raw)
  if (!match) return { error: `la date ${quoted(raw)} n'est pas au format AAAAMMJJ.` }
  return dateFromParts(raw, match[1] as string, match[2] as string, match[3] as string)
}

/** "2024-01-13", "2024-01-13T10:00:00+01:00", "2017-04-01+02:00": the day as the bank wrote it, time zone ignored. */
export function readIsoDate(text: string): DateResult {
  const raw = text.trim()
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T+\-Z ])/.exec(raw)
  if (!match) return { error: `la date ${quoted(raw)} n'est pas au format AAAA-MM-JJ.` }
  return dateFromParts(raw, match[1] as string, match[2] as string, match[3] as string)
}
