import { readStatementText, sniffEncoding, type TextEncoding } from '../text'
import { type CsvDateFormat, type CsvDelimiter, type CsvMapping, StatementError, type StatementLine } from '../types'
import { CSV_DELIMITERS, type CsvRow, checkCsvMapping, csvLine, eachCsvRow, eachDataRow, readCsvDate } from './csv'

/**
 * Guessing a CSV's mapping from its first rows: the delimiter that gives the most columns on the most rows, the
 * header by its keywords (French first, then the English, Portuguese, Spanish and German of foreign banks), the date
 * format and the decimal separator by the values themselves. The guess is only trusted without confirmation
 * (`confident`) when a header was found and every sampled row reads with it.
 */

export type CsvSuggestion = { mapping: CsvMapping; header: string[] | null; confident: boolean }

const SAMPLE_CHARS = 64 * 1024
const SAMPLE_ROWS = 60
const HEADER_SEARCH_ROWS = 15
const PREVIEW_ROWS = 20

function sampleRows(sample: string, delimiter: string, limit = SAMPLE_ROWS): CsvRow[] {
  const rows: CsvRow[] = []
  try {
    eachCsvRow(sample, delimiter, (row) => {
      rows.push(row)
      return rows.length < limit
    })
  } catch {
    // An unclosed quote, often only where the sample was cut: the rows read so far are enough to guess.
  }
  return rows
}

/** The delimiter whose most common column count, times the rows having it, is the largest; ';' wins ties. */
export function sniffDelimiter(sample: string): {
  delimiter: CsvDelimiter
  columns: number
  rows: CsvRow[]
  share: number
} {
  let best = { delimiter: ';' as CsvDelimiter, columns: 1, rows: [] as CsvRow[], share: 0, score: -1 }
  for (const delimiter of CSV_DELIMITERS) {
    const rows = sampleRows(sample, delimiter)
    const frequency = new Map<number, number>()
    for (const row of rows) frequency.set(row.cells.length, (frequency.get(row.cells.length) ?? 0) + 1)
    let columns = 1
    let count = 0
    for (const [width, times] of frequency) {
      if (times > count || (times === count && width > columns)) [columns, count] = [width, times]
    }
    const score = columns >= 2 ? count * (columns - 1) : 0
    if (score > best.score) best = { delimiter, columns, rows, share: rows.length ? count / rows.length : 0, score }
  }
  return best
}

/** Lower case, no accents, words separated by single spaces: "Date de l'opération" → "date de l operation". */
const normalizeHeader = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

type Role = 'date' | 'value-date' | 'debit' | 'credit' | 'amount' | 'label' | null

const AMOUNT_WORDS = /\b(?:montant|amount|valor|betrag|importe|somme)\b/

function roleOf(header: string): Role {
  const h = normalizeHeader(header)
  if (/\b(?:solde|balance|saldo)\b/.test(h)) return null
  if (/^(?:date|data|fecha|datum|buchungs|booking|posting|transaction date)/.test(h)) {
    return /\b(?:valeur|value|valuta|balancete)\b/.test(h) ? 'value-date' : 'date'
  }
  if (/\b(?:debits?|sorties?|depenses?|decaissements?)\b/.test(h)) return 'debit'
  if (/\b(?:credits?|entrees?|recettes?|encaissements?)\b/.test(h)) return 'credit'
  if (/\b(?:original|origine|shipping|handling|tax|taxe|fee|frais|insurance|assurance|tva|vat)\b/.test(h)) return null
  if (AMOUNT_WORDS.test(h) || /^(?:net|gross|brut)$/.test(h)) return 'amount'
  if (/\b(?:account|compte|option)\b/.test(h)) return null
  if (
    /\b(?:libelles?|descriptions?|details?|label|intitule|motif|historico|beneficiaire|tiers|communication|narrative|memo|payee|name|nom|wording|objet)\b/.test(
      h,
    ) ||
    /\bpayment reference\b/.test(h)
  ) {
    return 'label'
  }
  return null
}

/**
 * Which amount column is the movement: "Montant", "Amount (EUR)" before PayPal's "Net", before its "Gross", before a
 * header that only contains the word ("Montant converti").
 */
function amountRank(header: string): number {
  const h = normalizeHeader(header)
  if (new RegExp(`^${AMOUNT_WORDS.source}`).test(h)) return 0
  if (h === 'net') return 1
  if (h === 'gross' || h === 'brut') return 2
  return 3
}

const DATE_FORMATS: CsvDateFormat[] = ['DD/MM/YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD', 'DD/MM/YY', 'MM/DD/YYYY']

const cellsOf = (rows: CsvRow[], column: number) =>
  rows.map((row) => (row.cells[column] ?? '').trim()).filter((cell) => cell !== '')

/** No date or amount is longer; testing only short cells keeps the expressions below linear on a hostile file. */
const isShort = (value: string) => value.length <= 64

const AMOUNT_LIKE = /^[-+(]?\s*[\d\s'’.,]*[.,]\d{1,2}\)?\s*-?\s*(?:€|[A-Z]{3})?$/

const looksLikeAmount = (value: string) => isShort(value) && AMOUNT_LIKE.test(value)

/** Formats that read every value; day first before month first, and the separator the values use. */
function dateFormatsOf(values: string[]): CsvDateFormat[] {
  if (values.length === 0 || !values.every(isShort)) return []
  const passing = DATE_FORMATS.filter((format) => values.every((value) => 'value' in readCsvDate(value, format)))
  const dotted = values[0]?.includes('.') ?? false
  return passing.sort((a, b) => Number(a.includes('.') !== dotted) - Number(b.includes('.') !== dotted))
}

function decimalSeparatorOf(values: string[], delimiter: string): ',' | '.' {
  let comma = 0
  let dot = 0
  for (const value of values.filter(isShort)) {
    const bare = value.replace(/\s*(?:€|[A-Z]{3})$/, '').replace(/[)-]+$/, '')
    if (/,\d{1,2}$/.test(bare)) comma++
    else if (/\.\d{1,2}$/.test(bare)) dot++
  }
  if (comma !== dot) return comma > dot ? ',' : '.'
  return delimiter === ',' ? '.' : ','
}

type Columns = Pick<CsvMapping, 'dateColumn' | 'labelColumns' | 'amount'>

/** Drops label columns that hold the same text on every row (the bank's product name, say), unless none would remain. */
function varyingLabels(columns: number[], rows: CsvRow[]): number[] {
  if (rows.length < 2) return columns
  const varying = columns.filter((column) => new Set(rows.map((row) => (row.cells[column] ?? '').trim())).size > 1)
  return varying.length ? varying : columns
}

/** The longest texts that are not numbers: the label of a file without header. */
function widestTextColumn(rows: CsvRow[], width: number, used: Set<number>): number[] {
  let best = -1
  let bestLength = 0
  for (let column = 0; column < width; column++) {
    if (used.has(column)) continue
    const values = cellsOf(rows, column)
    if (values.length === 0 || values.every((value) => /^[\d\s.,'+-]*$/.test(value))) continue
    const average = values.reduce((total, value) => total + value.length, 0) / values.length
    if (average > bestLength) [best, bestLength] = [column, average]
  }
  return best === -1 ? [] : [best]
}

function columnsFromHeader(header: string[], rows: CsvRow[]): Columns | null {
  const roles = header.map(roleOf)
  const withRole = (...wanted: Role[]) =>
    wanted.flatMap((role) => roles.flatMap((candidate, column) => (candidate === role ? [column] : [])))
  const dates = withRole('date', 'value-date')
  const dateColumn = dates.find((column) => dateFormatsOf(cellsOf(rows, column)).length > 0) ?? dates[0]
  if (dateColumn === undefined) return null
  const amounts = withRole('amount').sort((a, b) => amountRank(header[a] ?? '') - amountRank(header[b] ?? '') || a - b)
  const amountColumn =
    amounts.find((column) =>
      cellsOf(rows, column).every((value) => looksLikeAmount(value) || /^[-+]?\d{1,13}$/.test(value)),
    ) ?? amounts[0]
  const [debitColumn] = withRole('debit')
  const [creditColumn] = withRole('credit')
  let amount: CsvMapping['amount']
  if (amountColumn !== undefined) amount = { column: amountColumn }
  else if (debitColumn !== undefined && creditColumn !== undefined) amount = { debitColumn, creditColumn }
  else return null
  const used = new Set([
    dateColumn,
    ...('column' in amount ? [amount.column] : [amount.debitColumn, amount.creditColumn]),
  ])
  const labels = varyingLabels(
    withRole('label').filter((column) => !used.has(column) && cellsOf(rows, column).length > 0),
    rows,
  ).sort((a, b) => a - b)
  return { dateColumn, amount, labelColumns: labels.length ? labels : widestTextColumn(rows, header.length, used) }
}

function columnsFromValues(rows: CsvRow[], width: number): Columns {
  const columns = [...Array(width).keys()]
  const dateColumn = columns.find((column) => dateFormatsOf(cellsOf(rows, column)).length > 0) ?? 0
  const amounts = columns.filter((column) => {
    const values = cellsOf(rows, column)
    return column !== dateColumn && values.length > 0 && values.every(looksLikeAmount)
  })
  const [first, second] = amounts
  let amount: CsvMapping['amount'] = { column: first ?? Math.min(width - 1, dateColumn + 2) }
  if (first !== undefined && second !== undefined) {
    // Two amount columns filled in turn, never both: debit then credit, the order of every French export.
    const alternate = rows.every((row) => !(row.cells[first] ?? '').trim() !== !(row.cells[second] ?? '').trim())
    if (alternate) amount = { debitColumn: first, creditColumn: second }
  }
  const used = new Set([
    dateColumn,
    ...('column' in amount ? [amount.column] : [amount.debitColumn, amount.creditColumn]),
  ])
  return { dateColumn, amount, labelColumns: widestTextColumn(rows, width, used) }
}

const amountColumns = (amount: CsvMapping['amount']) =>
  'column' in amount ? [amount.column] : [amount.debitColumn, amount.creditColumn]

/** The suggested mapping of a decoded CSV text. */
export function suggestCsvMapping(text: string, encoding: TextEncoding): CsvSuggestion {
  const cut =
    text.length > SAMPLE_CHARS ? text.slice(0, text.lastIndexOf('\n', SAMPLE_CHARS) + 1 || SAMPLE_CHARS) : text
  const { delimiter, columns: width, rows } = sniffDelimiter(cut)
  let headerIndex = -1
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index++) {
    const roles = (rows[index] as CsvRow).cells.map(roleOf)
    const hasDate = roles.includes('date') || roles.includes('value-date')
    const hasAmount = roles.some((role) => role === 'amount' || role === 'debit' || role === 'credit')
    if (hasDate && hasAmount) {
      headerIndex = index
      break
    }
  }
  const header = headerIndex === -1 ? null : (rows[headerIndex] as CsvRow).cells.map((cell) => cell.trim())
  let skipRows = headerIndex
  let dataRows: CsvRow[]
  let columns: Columns | null = null
  if (header) {
    dataRows = rows.slice(headerIndex + 1)
    columns = columnsFromHeader(header, dataRows)
  } else {
    // No header: the data starts at the first row of the usual width that holds a date.
    skipRows = rows.findIndex(
      (row) =>
        row.cells.length === width &&
        row.cells.some((cell) => cell.trim() !== '' && dateFormatsOf([cell.trim()]).length > 0),
    )
    if (skipRows === -1) skipRows = 0
    dataRows = rows.slice(skipRows).filter((row) => row.cells.length === width)
  }
  columns ??= columnsFromValues(dataRows, width)
  const dateFormats = dateFormatsOf(cellsOf(dataRows, columns.dateColumn))
  const amountValues = amountColumns(columns.amount).flatMap((column) => cellsOf(dataRows, column))
  const mapping: CsvMapping = {
    encoding,
    delimiter,
    skipRows: Math.max(skipRows, 0),
    hasHeader: header !== null,
    ...columns,
    dateFormat: dateFormats[0] ?? 'DD/MM/YYYY',
    decimalSeparator: decimalSeparatorOf(amountValues, delimiter),
  }
  // A file that reads D/M and M/D alike is taken as French (day first) when it looks French; an American-looking
  // one (comma-separated, decimal point) is left for the person to confirm.
  const ambiguous = dateFormats.includes('MM/DD/YYYY') && dateFormats.length > 1
  const american = ambiguous && delimiter === ',' && mapping.decimalSeparator === '.'
  let readable = header !== null && !american
  if (readable) {
    try {
      for (const row of dataRows) csvLine(row, mapping)
    } catch {
      readable = false
    }
  }
  return { mapping, header, confident: readable }
}

export type CsvPreview = {
  mapping: CsvMapping
  header: string[] | null
  rows: string[][]
  lines: StatementLine[]
  /** The first row the mapping cannot read, as the import would report it; null when the preview reads them all. */
  error: string | null
}

/** The suggested mapping (overridden by `mapping`), the first data rows as text and as statement lines. */
export function previewCsv(bytes: Buffer, mapping?: Partial<CsvMapping>): CsvPreview {
  const encoding = mapping?.encoding ?? sniffEncoding(bytes)
  const text = readStatementText(bytes, encoding)
  // Only the fields the person set override the suggestion; an explicit undefined keeps it.
  const chosen = Object.fromEntries(Object.entries(mapping ?? {}).filter(([, value]) => value !== undefined))
  const merged: CsvMapping = { ...suggestCsvMapping(text, encoding).mapping, ...chosen }
  checkCsvMapping(merged)
  let header: string[] | null = null
  const rows: string[][] = []
  const lines: StatementLine[] = []
  let error: string | null = null
  eachDataRow(
    text,
    merged,
    (row) => {
      rows.push(row.cells)
      try {
        const line = csvLine(row, merged)
        if (line) lines.push(line)
      } catch (caught) {
        if (!(caught instanceof StatementError)) throw caught
        error ??= caught.message
      }
      return rows.length < PREVIEW_ROWS
    },
    (row) => {
      header = row.cells.map((cell) => cell.trim())
    },
  )
  return { mapping: merged, header, rows, lines, error }
}
