import { isIsoDate } from '../../dates/calendar'
import { toCents } from '../../money/arithmetic'

/**
 * The FEC (Fichier des Écritures Comptables, LPF art. A47 A-1): the 18 mandatory columns, in the order and with the
 * names the administration's tools expect. Tab is the separator, so no text field may hold one.
 */
export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const

export type FecColumn = (typeof FEC_COLUMNS)[number]

export const FEC_SEPARATOR = '\t'
export const FEC_LINE_END = '\r\n'

/** One line of an entry as the FEC writes it; amounts in euros, dates and amounts in the product's own notation. */
export type FecLine = {
  journalCode: string
  journalLabel: string
  /** Continuous per journal from 1 (EcritureNum). */
  entryNumber: number
  /** YYYY-MM-DD. */
  entryDate: string
  /** PCG account number (CompteNum): "411", "5121", "44571". */
  accountCode: string
  accountLabel: string
  auxiliaryCode: string | null
  auxiliaryLabel: string | null
  pieceRef: string
  pieceDate: string
  /** EcritureLib. */
  label: string
  /** "1200.00": two decimals, never negative; the other side is "0.00". */
  debit: string
  credit: string
  letteringCode: string | null
  letteringDate: string | null
  validDate: string
}

/**
 * A tab, CR or LF inside a label would shift the columns or cut the row, and the separators of the units of data
 * (0x1E, 0x1F) are what the embedded engine writes a page of the file with: each becomes a space.
 */
export const fecControlsAsSpaces = (value: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it replaces
  value.replace(/[\t\r\n\u001e\u001f]/g, ' ')
/** What fecControlsAsSpaces and trim would change (\s is what trim removes). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
const TO_CLEAN = /^\s|\s$|[\t\r\n\u001e\u001f]/
/** Most texts need neither and are written as they are: cleaning every one was most of a million rows' time. */
const text = (value: string | null): string => {
  if (value === null) return ''
  return TO_CLEAN.test(value) ? fecControlsAsSpaces(value).trim() : value
}

/** Dates checked once each: a year's file repeats a few hundred dates over a million rows. */
const checkedDates = new Map<string, string>()

/** YYYY-MM-DD → AAAAMMJJ; a malformed date is a programming error, never written. */
const date = (value: string, field: string): string => {
  const known = checkedDates.get(value)
  if (known !== undefined) return known
  if (!isIsoDate(value)) throw new RangeError(`FEC ${field}: not a date 'YYYY-MM-DD': ${JSON.stringify(value)}`)
  const written = value.replace(/-/g, '')
  if (checkedDates.size < 10_000) checkedDates.set(value, written)
  return written
}

const CENTS = /^\d+(\.\d{1,2})?$/
/** As the database writes a numeric(15, 2): the common case, written without going through the decimal library. */
const TWO_DECIMALS = /^\d+\.\d{2}$/

/** "1200.00" → "1200,00": decimal comma, two decimals, no thousands separator. Refuses what would need rounding. */
const amount = (value: string, field: string): string => {
  if (TWO_DECIMALS.test(value)) return value.replace('.', ',')
  if (!CENTS.test(value))
    throw new RangeError(
      `FEC ${field}: not an amount of at most two decimals, never negative: ${JSON.stringify(value)}`,
    )
  return toCents(value).replace('.', ',')
}

const entryNumber = (value: number): string => {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`FEC EcritureNum: not a positive whole number: ${value}`)
  return String(value)
}

/** The header line: the 18 column names, tab-separated. */
export const fecHeader = (): string => FEC_COLUMNS.join(FEC_SEPARATOR)

/**
 * One row, tab-separated, without a trailing tab nor a line end. Montantdevise and Idevise stay empty: euros only.
 * The fields in the order of FEC_COLUMNS, joined: one flat string a row, which keeps what the server holds for a page
 * of a year's million rows small.
 */
export function fecRow(line: FecLine): string {
  return [
    text(line.journalCode),
    text(line.journalLabel),
    entryNumber(line.entryNumber),
    date(line.entryDate, 'EcritureDate'),
    text(line.accountCode),
    text(line.accountLabel),
    text(line.auxiliaryCode),
    text(line.auxiliaryLabel),
    text(line.pieceRef),
    date(line.pieceDate, 'PieceDate'),
    text(line.label),
    amount(line.debit, 'Debit'),
    amount(line.credit, 'Credit'),
    text(line.letteringCode),
    line.letteringDate === null ? '' : date(line.letteringDate, 'DateLet'),
    date(line.validDate, 'ValidDate'),
    '',
    '',
  ].join(FEC_SEPARATOR)
}

/** The whole file: the header, then one row per line, each ended by CRLF. */
export const fecText = (lines: readonly FecLine[]): string =>
  [fecHeader(), ...lines.map(fecRow)].map((row) => row + FEC_LINE_END).join('')

/** `<SIREN>FEC<AAAAMMJJ>.txt`, the date being the fiscal year's closing date. The SIREN may be typed with spaces. */
export function fecFileName(siren: string, closingDate: string): string {
  const digits = siren.replace(/\s+/g, '')
  if (!/^\d{9}$/.test(digits)) throw new RangeError(`FEC file name: a SIREN has 9 digits: ${JSON.stringify(siren)}`)
  return `${digits}FEC${date(closingDate, 'closing date')}.txt`
}
