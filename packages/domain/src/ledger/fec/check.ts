import { add, isZero, subtract, toCents } from '../../money/arithmetic'

/**
 * An independent reader of a FEC file, for tests: it parses the text on its own, without format.ts's helpers, so a
 * mistake in the writer cannot hide itself by being repeated in the reader. Messages name the file's line (1 = header).
 */

export type FecCheck = {
  errors: string[]
  /** Distinct entries (JournalCode + EcritureNum). */
  entries: number
  /** Rows after the header. */
  lines: number
  /** Σ Debit and Σ Credit of the well-formed amounts, "1200.00". */
  totals: { debit: string; credit: string }
  /** Per CompteNum: debit − credit, "1200.00" or "-200.00". */
  balancesByAccount: Record<string, string>
}

// Its own copy of the 18 columns, on purpose: see above.
const COLUMNS = [
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
const HEADER = COLUMNS.join('\t')
const AMOUNT = /^\d+,\d{2}$/
const NUMBER = /^[1-9]\d*$/

/** A real calendar day written AAAAMMJJ. */
function isDay(value: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return days !== undefined && day >= 1 && day <= days
}

/** The physical lines, each with its number; a line must end with CRLF (the last one may end the file without). */
function splitLines(text: string, errors: string[]): { number: number; text: string }[] {
  const pieces = text.split('\n')
  if (pieces[pieces.length - 1] === '') pieces.pop()
  return pieces.map((piece, index) => {
    const number = index + 1
    const ended = index < pieces.length - 1 || text.endsWith('\n')
    let line = piece
    if (ended && line.endsWith('\r')) line = line.slice(0, -1)
    else if (ended) errors.push(`line ${number}: ends with LF alone, the FEC's line end is CRLF`)
    if (line.includes('\r')) errors.push(`line ${number}: holds a stray CR`)
    return { number, text: line }
  })
}

type Row = Record<(typeof COLUMNS)[number], string>
type Entry = { key: string; firstLine: number; date: string; pieceRef: string; debit: string; credit: string }
type Journal = { lastNumber: number; lastDate: string }
type Fail = (message: string) => void

/** The amount as a decimal string, or null after saying what is wrong with it. */
function readAmount(row: Row, column: 'Debit' | 'Credit', fail: Fail): string | null {
  const value = row[column]
  if (AMOUNT.test(value)) return value.replace(',', '.')
  fail(`${column} "${value}" is not an amount like 1200,00 (decimal comma, two decimals)`)
  return null
}

/** What a row must satisfy on its own; returns its amounts (null when unreadable). */
function checkRow(row: Row, fail: Fail): { debit: string | null; credit: string | null } {
  if (row.JournalCode === '') fail('JournalCode is empty')
  if (row.CompteNum === '') fail('CompteNum is empty')
  if (!NUMBER.test(row.EcritureNum)) fail(`EcritureNum "${row.EcritureNum}" is not a whole number from 1`)
  for (const column of ['EcritureDate', 'PieceDate', 'ValidDate'] as const)
    if (!isDay(row[column])) fail(`${column} "${row[column]}" is not a date AAAAMMJJ`)
  if (row.DateLet !== '' && !isDay(row.DateLet)) fail(`DateLet "${row.DateLet}" is not a date AAAAMMJJ`)
  if ((row.EcritureLet === '') !== (row.DateLet === ''))
    fail('EcritureLet and DateLet must be both given or both empty')
  const debit = readAmount(row, 'Debit', fail)
  const credit = readAmount(row, 'Credit', fail)
  if (debit !== null && credit !== null && isZero(debit) === isZero(credit))
    fail(`exactly one of Debit (${row.Debit}) and Credit (${row.Credit}) must be non-zero`)
  return { debit, credit }
}

/**
 * A new entry in its journal: the next number, and not validated before the journal's previous entries (numbers
 * follow validation: an entry may be dated earlier than the one before it, a bank line imported late, a reversal).
 */
function checkNewEntry(row: Row, journals: Map<string, Journal>, fail: Fail): void {
  const { JournalCode: code, EcritureNum: number, ValidDate: date } = row
  const journal = journals.get(code) ?? { lastNumber: 0, lastDate: '' }
  if (NUMBER.test(number)) {
    if (Number(number) !== journal.lastNumber + 1)
      fail(`journal ${code}: entry number ${number}, expected ${journal.lastNumber + 1} (continuous from 1)`)
    journal.lastNumber = Number(number)
  }
  if (isDay(date)) {
    if (date < journal.lastDate)
      fail(`journal ${code}: entry ${number} validated ${date} comes after one validated ${journal.lastDate}`)
    else journal.lastDate = date
  }
  journals.set(code, journal)
}

export function checkFec(text: string): FecCheck {
  const errors: string[] = []
  const physical = splitLines(text, errors)
  const header = physical[0]
  if (!header) errors.push('line 1: the header is missing')
  else if (header.text !== HEADER)
    errors.push(`line 1: the header must be the 18 FEC columns in order, got "${header.text}"`)

  const entries = new Map<string, Entry>()
  const journals = new Map<string, Journal>()
  const balances = new Map<string, string>()
  let totalDebit = '0'
  let totalCredit = '0'
  let previousKey: string | null = null

  const rows = physical.slice(1)
  for (const { number: line, text } of rows) {
    const fail: Fail = (message) => errors.push(`line ${line}: ${message}`)
    const fields = text.split('\t')
    if (fields.length !== COLUMNS.length) {
      fail(`${fields.length} fields, ${COLUMNS.length} expected`)
      continue
    }
    const row = Object.fromEntries(COLUMNS.map((column, index) => [column, fields[index] ?? ''])) as Row
    const { debit, credit } = checkRow(row, fail)

    const key = `${row.JournalCode} ${row.EcritureNum}`
    const seen = entries.get(key)
    if (seen && key !== previousKey)
      fail(`entry ${key} started on line ${seen.firstLine} and appears again: its lines must be contiguous`)
    if (!seen) checkNewEntry(row, journals, fail)
    const current = seen ?? {
      key,
      firstLine: line,
      date: row.EcritureDate,
      pieceRef: row.PieceRef,
      debit: '0',
      credit: '0',
    }
    entries.set(key, current)
    previousKey = key
    if (row.EcritureDate !== current.date)
      fail(`entry ${key}: EcritureDate ${row.EcritureDate} differs from ${current.date}`)
    if (row.PieceRef !== current.pieceRef)
      fail(`entry ${key}: PieceRef "${row.PieceRef}" differs from "${current.pieceRef}"`)

    const account = row.CompteNum
    if (debit !== null) {
      current.debit = add(current.debit, debit)
      totalDebit = add(totalDebit, debit)
      balances.set(account, add(balances.get(account) ?? '0', debit))
    }
    if (credit !== null) {
      current.credit = add(current.credit, credit)
      totalCredit = add(totalCredit, credit)
      balances.set(account, subtract(balances.get(account) ?? '0', credit))
    }
  }

  for (const entry of entries.values())
    if (!isZero(subtract(entry.debit, entry.credit)))
      errors.push(
        `line ${entry.firstLine}: entry ${entry.key} does not balance: debit ${toCents(entry.debit)}, credit ${toCents(entry.credit)}`,
      )
  if (!isZero(subtract(totalDebit, totalCredit)))
    errors.push(`the file does not balance: debit ${toCents(totalDebit)}, credit ${toCents(totalCredit)}`)

  const balancesByAccount = Object.fromEntries([...balances].map(([account, balance]) => [account, toCents(balance)]))
  return {
    errors,
    entries: entries.size,
    lines: rows.length,
    totals: { debit: toCents(totalDebit), credit: toCents(totalCredit) },
    balancesByAccount,
  }
}
