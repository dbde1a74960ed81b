import { type BookDto, type BookKind, formatDateFr, toCents } from '@app/domain'
import Papa from 'papaparse'

const LINE_END = '\r\n'
/** Without it Excel reads the file as Windows-1252 and the accents break. */
const BOM = '\uFEFF'

const TITLES: Record<BookKind, { file: string; contact: string }> = {
  income: { file: 'livre-des-recettes', contact: 'Client' },
  expenses: { file: 'registre-des-achats', contact: 'Fournisseur' },
}

export const bookCsvColumns = (kind: BookKind) =>
  ['Date', 'Référence', TITLES[kind].contact, 'Catégorie', 'Mode', 'Montant'] as const

/** 1 January to 31 December of one year: the period the books page asks for. */
const calendarYear = (from: string, to: string) =>
  from.slice(0, 4) === to.slice(0, 4) && from.endsWith('-01-01') && to.endsWith('-12-31') ? from.slice(0, 4) : null

/** "livre-des-recettes-2026.csv"; another period than a calendar year names both its ends. */
export function bookCsvFileName(kind: BookKind, from: string, to: string): string {
  const year = calendarYear(from, to)
  return `${TITLES[kind].file}-${year ?? `${from}-au-${to}`}.csv`
}

/** "1200.00" → "1200,00": what a French spreadsheet reads as a number. */
const amount = (value: string) => toCents(value).replace('.', ',')

/**
 * Papa Parse quotes a field holding the separator, a quote or a line break (RFC 4180), and prefixes with an apostrophe
 * a text a spreadsheet would run as a formula (=, +, -, @): bank labels and references come from outside.
 */
const csvRows = (rows: readonly (readonly string[])[]): string =>
  Papa.unparse(rows as string[][], { delimiter: ';', newline: LINE_END, escapeFormulae: true }) + LINE_END

/**
 * A book as a spreadsheet opens it (spec/account.md §2 "Each book can be downloaded as CSV"): semicolons, UTF-8 with
 * a BOM, dates DD/MM/YYYY, decimal commas; each month's rows then its total, and the period's total last. The
 * reference is given in full (the page only shortens it for its table).
 */
export function bookCsvFile(book: BookDto) {
  const year = calendarYear(book.from, book.to)
  const rows: string[][] = [[...bookCsvColumns(book.kind)]]
  for (const month of book.months) {
    for (const row of month.rows)
      rows.push([formatDateFr(row.date), row.reference, row.contact ?? '', row.category, row.mode, amount(row.amount)])
    rows.push([`Total ${month.label}`, '', '', '', '', amount(month.totalMonth)])
  }
  const total = year ? `Total de l'année ${year}` : `Total du ${formatDateFr(book.from)} au ${formatDateFr(book.to)}`
  rows.push([total, '', '', '', '', amount(book.totalYear)])

  async function* lines() {
    yield BOM + csvRows(rows)
  }
  return { fileName: bookCsvFileName(book.kind, book.from, book.to), lines: lines() }
}
