import Papa from 'papaparse'
import { formatAmount, readAmount } from '../amounts'
import { dateFromParts } from '../dates'
import { joinLabelParts, LineCounter, readStatementText } from '../text'
import {
  type CsvDateFormat,
  type CsvDelimiter,
  type CsvMapping,
  type ParsedStatement,
  quoted,
  StatementError,
  type StatementLine,
} from '../types'

/**
 * CSV exports, read with the column mapping the person confirmed (or that `suggestCsvMapping` inferred from a clear
 * header). Papa Parse splits the fields (quotes, delimiters inside quotes, line breaks inside quotes); this file turns
 * the cells into statement lines.
 */

/** A row with the 1-based line where it starts; blank rows (only spaces and delimiters) are not reported. */
export type CsvRow = { cells: string[]; line: number }

/**
 * Calls `visit` for every non-blank row until it returns false. Line ends are made uniform first: Papa Parse takes the
 * first line end it sees as the only one, and exports mix CRLF and LF.
 */
export function eachCsvRow(source: string, delimiter: string, visit: (row: CsvRow) => boolean | undefined): void {
  const text = source.replace(/\r\n?/g, '\n')
  const lines = new LineCounter(text)
  let start = 0
  let failure: StatementError | null = null
  Papa.parse<string[]>(text, {
    delimiter,
    newline: '\n',
    quoteChar: '"',
    skipEmptyLines: false,
    step(result, parser) {
      const line = lines.lineAt(start)
      start = result.meta.cursor
      const quotes = result.errors.find((error) => error.code === 'MissingQuotes')
      if (quotes) {
        failure = new StatementError("un guillemet ouvert n'est jamais fermé.", `Ligne ${line}`)
        parser.abort()
        return
      }
      const cells = result.data
      if (cells.every((cell) => cell.trim() === '')) return
      if (visit({ cells, line }) === false) parser.abort()
    },
  })
  if (failure) throw failure
}

export const CSV_DELIMITERS: readonly CsvDelimiter[] = [';', ',', '\t', '|']

/** How each format is named to French readers. */
export const DATE_FORMAT_LABELS: Record<CsvDateFormat, string> = {
  'DD/MM/YYYY': 'JJ/MM/AAAA',
  'YYYY-MM-DD': 'AAAA-MM-JJ',
  'MM/DD/YYYY': 'MM/JJ/AAAA',
  'DD.MM.YYYY': 'JJ.MM.AAAA',
  'DD/MM/YY': 'JJ/MM/AA',
}

const DAY_MONTH_YEAR = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/
const YEAR_MONTH_DAY = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/

/**
 * A date cell in the given format. The separator may be any of / . - (exports change it more often than the order),
 * a time after the date is ignored, and Excel's `="…"` protection is removed.
 */
export function readCsvDate(cell: string, format: CsvDateFormat): { value: string } | { error: string } {
  const raw = cell.trim()
  const token = (raw.startsWith('="') && raw.endsWith('"') ? raw.slice(2, -1) : raw).split(/[\sT]/)[0] ?? ''
  const wrong = { error: `la date ${quoted(raw)} n'est pas au format ${DATE_FORMAT_LABELS[format]}.` }
  if (format === 'YYYY-MM-DD') {
    const match = YEAR_MONTH_DAY.exec(token)
    return match ? dateFromParts(raw, match[1] as string, match[2] as string, match[3] as string) : wrong
  }
  const match = DAY_MONTH_YEAR.exec(token)
  if (!match) return wrong
  const [, first, second, year] = match as unknown as [string, string, string, string]
  if ((format === 'DD/MM/YY') !== (year.length === 2)) return wrong
  return format === 'MM/DD/YYYY' ? dateFromParts(raw, year, first, second) : dateFromParts(raw, year, second, first)
}

const cents = (amount: string): bigint => BigInt(amount.replace('.', ''))

function amountOf(cells: string[], mapping: CsvMapping, location: string): string | null {
  const style = { decimal: mapping.decimalSeparator, grouping: true, currency: true } as const
  const read = (column: number): string | null => {
    const cell = (cells[column] ?? '').trim()
    if (cell === '') return null
    const amount = readAmount(cell, style)
    if ('error' in amount) throw new StatementError(amount.error, location)
    return amount.value
  }
  if ('column' in mapping.amount) return read(mapping.amount.column)
  const debit = read(mapping.amount.debitColumn)
  const credit = read(mapping.amount.creditColumn)
  if (debit === null && credit === null) return null
  // Debits are usually written unsigned in their own column, sometimes with a minus: either way they take money out.
  const total = (credit === null ? 0n : cents(credit)) - (debit === null ? 0n : cents(debit.replace('-', '')))
  const digits = (total < 0n ? -total : total).toString().padStart(3, '0')
  const amount = formatAmount(total < 0n, digits.slice(0, -2), digits.slice(-2), `${debit ?? ''} ${credit ?? ''}`)
  if ('error' in amount) throw new StatementError(amount.error, location)
  return amount.value
}

/** One data row as a statement line, or null for a row with neither date nor amount (a separator, a subtotal title). */
export function csvLine(row: CsvRow, mapping: CsvMapping): StatementLine | null {
  const location = `Ligne ${row.line}`
  const dateCell = (row.cells[mapping.dateColumn] ?? '').trim()
  const amount = amountOf(row.cells, mapping, location)
  if (dateCell === '') {
    if (amount === null) return null
    throw new StatementError('date absente.', location)
  }
  const date = readCsvDate(dateCell, mapping.dateFormat)
  if ('error' in date) throw new StatementError(date.error, location)
  if (amount === null) throw new StatementError('montant absent.', location)
  return {
    datedAt: date.value,
    valueDate: null,
    amount,
    rawName: joinLabelParts(mapping.labelColumns.map((column) => row.cells[column])),
    bankId: null,
    counterparty: null,
    reference: null,
  }
}

/** A mapping from outside (a request body, a stored setting) is checked before use: a bad one is the person's error. */
export function checkCsvMapping(mapping: CsvMapping): void {
  const amount = mapping.amount as Partial<{ column: number; debitColumn: number; creditColumn: number }> | undefined
  const columns = [
    mapping.dateColumn,
    ...(Array.isArray(mapping.labelColumns) ? mapping.labelColumns : [Number.NaN]),
    ...(amount && 'column' in amount ? [amount.column] : [amount?.debitColumn, amount?.creditColumn]),
  ]
  const valid =
    (mapping.encoding === 'utf-8' || mapping.encoding === 'windows-1252') &&
    CSV_DELIMITERS.includes(mapping.delimiter) &&
    Number.isInteger(mapping.skipRows) &&
    mapping.skipRows >= 0 &&
    typeof mapping.hasHeader === 'boolean' &&
    Object.hasOwn(DATE_FORMAT_LABELS, mapping.dateFormat) &&
    (mapping.decimalSeparator === ',' || mapping.decimalSeparator === '.') &&
    columns.every((column) => Number.isInteger(column) && (column as number) >= 0 && (column as number) < 1000)
  if (!valid) throw new StatementError('La correspondance des colonnes du CSV est incomplète ou invalide.')
}

/**
 * Rows of a CSV with its mapping applied: the preamble and the header skipped. `visit` returns false to stop early.
 */
export function eachDataRow(
  text: string,
  mapping: CsvMapping,
  visit: (row: CsvRow) => boolean | undefined,
  onHeader?: (row: CsvRow) => void,
): void {
  let seen = 0
  eachCsvRow(text, mapping.delimiter, (row) => {
    seen++
    if (seen <= mapping.skipRows) return true
    if (mapping.hasHeader && seen === mapping.skipRows + 1) {
      onHeader?.(row)
      return true
    }
    return visit(row)
  })
}

export function parseCsv(bytes: Buffer, mapping: CsvMapping): ParsedStatement {
  checkCsvMapping(mapping)
  const lines: StatementLine[] = []
  eachDataRow(readStatementText(bytes, mapping.encoding), mapping, (row) => {
    const line = csvLine(row, mapping)
    if (line) lines.push(line)
    return true
  })
  return { format: 'csv', accounts: [{ accountId: null, iban: null, currency: null, lines }] }
}
