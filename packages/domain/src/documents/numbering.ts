import { dateParts, type IsoDate } from '../dates/calendar'

/** Reference numbering (spec/sales.md §3): one per series (invoices, credit notes, quotes). */
export type ReferenceFormat = {
  prefix: string
  separator: string
  suffix: string
  hasDay: boolean
  hasMonth: boolean
  hasYearLong: boolean
  hasYearShort: boolean
  dateSeparator: string
}

export const NUMBERING_SERIES = ['invoice', 'credit_note', 'quote'] as const
export type NumberingSeries = (typeof NUMBERING_SERIES)[number]

/** Chronos are written on at least this many digits ("F-2026-0042"), so references sort as they were issued. */
export const CHRONO_DIGITS = 4

/** hasDate is true when any date part is ticked (spec/sales.md §5). */
export const hasDate = (format: ReferenceFormat): boolean =>
  format.hasYearLong || format.hasYearShort || format.hasMonth || format.hasDay

/** Date parts in reading order (AAAA or AA, MM, JJ) joined by the date separator. */
function datePart(format: ReferenceFormat, parts: { year: string; yearShort: string; month: string; day: string }) {
  const pieces: string[] = []
  if (format.hasYearLong) pieces.push(parts.year)
  if (format.hasYearShort) pieces.push(parts.yearShort)
  if (format.hasMonth) pieces.push(parts.month)
  if (format.hasDay) pieces.push(parts.day)
  return pieces.join(format.dateSeparator)
}

function assemble(format: ReferenceFormat, date: string, chrono: string): string {
  const head = [format.prefix.trim(), date].filter((piece) => piece !== '')
  return [...head, chrono].join(format.separator) + format.suffix.trim()
}

/** The reference a document gets at validation: prefix, separator, date parts, chrono, suffix. */
export function formatReference(format: ReferenceFormat, chrono: number, date: IsoDate): string {
  if (!Number.isInteger(chrono) || chrono < 1) throw new RangeError(`Chrono must be a whole number ≥ 1, got ${chrono}`)
  const { year, month, day } = dateParts(date)
  const parts = {
    year: String(year).padStart(4, '0'),
    yearShort: String(year % 100).padStart(2, '0'),
    month: String(month).padStart(2, '0'),
    day: String(day).padStart(2, '0'),
  }
  return assemble(format, datePart(format, parts), String(chrono).padStart(CHRONO_DIGITS, '0'))
}

/** The live example of the numbering editor: "F-AAAA-MM-XXXX" style, with the letters the spec shows. */
export function referenceExample(format: ReferenceFormat): string {
  const parts = { year: 'AAAA', yearShort: 'AA', month: 'MM', day: 'JJ' }
  return assemble(format, datePart(format, parts), 'X'.repeat(CHRONO_DIGITS))
}

/** Defaults of a new organisation: F-2026-0001, AV-2026-0001, D-2026-0001. */
export const DEFAULT_REFERENCE_FORMATS: Record<NumberingSeries, ReferenceFormat> = {
  invoice: defaultFormat('F'),
  credit_note: defaultFormat('AV'),
  quote: defaultFormat('D'),
}

function defaultFormat(prefix: string): ReferenceFormat {
  return {
    prefix,
    separator: '-',
    suffix: '',
    hasDay: false,
    hasMonth: false,
    hasYearLong: true,
    hasYearShort: false,
    dateSeparator: '',
  }
}
