import { formatAmount, readAmount } from '../amounts'
import { dateFromParts } from '../dates'
import { joinLabelParts, readStatementText, textOrNull } from '../text'
import { type ParsedStatement, quoted, type StatementAccount, StatementError, type StatementLine } from '../types'

/**
 * QIF (Quicken Interchange Format): one field per line, a letter then its value, `^` ends a record. Only the cash-like
 * sections (`!Type:Bank`, `Cash`, `CCard`, `Oth A`, `Oth L`) hold statement lines; `!Account` records name the account
 * the following section belongs to; category, class and memorised lists are skipped. A split transaction (`S`/`E`/`$`
 * lines) stays one line of its total `T`, as the bank booked it.
 */

type QifRecord = {
  line: number
  date: string | null
  amount: string | null
  payee: string | null
  memo: string | null
  number: string | null
  category: string | null
  splits: { line: number; amount: string }[]
}

const CASH_SECTIONS = new Set(['bank', 'cash', 'ccard', 'oth a', 'oth l'])

type DateOrder = 'day-first' | 'month-first'

const DATE = /^(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})$/

/** Quicken writes " 1/ 5/95" with padding spaces and "1/15'01" for years after 1999. */
const dateParts = (text: string) => DATE.exec(text.replace(/\s/g, '').replace("'", '/'))

/**
 * QIF dates carry no order: American files write M/D/Y (both samples we hold, even the French Money 95 one), French
 * banks D/M/Y. The values decide: a first number above 12 means day first, a second one above 12 means month first.
 * When no value decides, day first, since the people importing here are French.
 */
function dateOrderOf(records: QifRecord[]): DateOrder {
  let dayFirstAt: number | null = null
  let monthFirstAt: number | null = null
  for (const record of records) {
    const parts = record.date ? dateParts(record.date) : null
    if (!parts || (parts[1] as string).length === 4) continue
    if (Number(parts[1]) > 12) dayFirstAt ??= record.line
    if (Number(parts[2]) > 12) monthFirstAt ??= record.line
  }
  if (dayFirstAt !== null && monthFirstAt !== null) {
    throw new StatementError(
      `les dates mêlent l'ordre jour/mois (ligne ${dayFirstAt}) et l'ordre mois/jour (ligne ${monthFirstAt}).`,
      `Ligne ${Math.max(dayFirstAt, monthFirstAt)}`,
    )
  }
  return monthFirstAt !== null ? 'month-first' : 'day-first'
}

function qifDate(record: QifRecord, order: DateOrder): string {
  const location = `Ligne ${record.line}`
  if (!record.date) throw new StatementError('opération sans date (champ D).', location)
  const parts = dateParts(record.date)
  if (!parts) throw new StatementError(`la date ${quoted(record.date)} n'est pas une date.`, location)
  const [, a, b, c] = parts as unknown as [string, string, string, string]
  const result =
    a.length === 4
      ? dateFromParts(record.date, a, b, c)
      : order === 'day-first'
        ? dateFromParts(record.date, c, b, a)
        : dateFromParts(record.date, c, a, b)
  if ('error' in result) throw new StatementError(result.error, location)
  return result.value
}

function qifAmount(record: QifRecord): string {
  const location = `Ligne ${record.line}`
  if (record.amount !== null) {
    const amount = readAmount(record.amount, { decimal: 'auto', grouping: true })
    if ('error' in amount) throw new StatementError(amount.error, location)
    return amount.value
  }
  if (record.splits.length === 0) throw new StatementError('opération sans montant (champ T).', location)
  // No total but split amounts: their sum, in cents, with integers only.
  let cents = 0n
  for (const split of record.splits) {
    const amount = readAmount(split.amount, { decimal: 'auto', grouping: true })
    if ('error' in amount) throw new StatementError(amount.error, `Ligne ${split.line}`)
    cents += BigInt(amount.value.replace('.', ''))
  }
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0')
  const total = formatAmount(cents < 0n, digits.slice(0, -2), digits.slice(-2), String(cents))
  if ('error' in total) throw new StatementError(total.error, location)
  return total.value
}

const emptyRecord = (line: number): QifRecord => ({
  line,
  date: null,
  amount: null,
  payee: null,
  memo: null,
  number: null,
  category: null,
  splits: [],
})

export function parseQif(bytes: Buffer): ParsedStatement {
  const text = readStatementText(bytes)
  // Old Mac exports end lines with CR alone.
  const source = text.includes('\n') ? text : text.replace(/\r/g, '\n')
  const accounts: { account: StatementAccount; records: QifRecord[] }[] = []
  let section: 'transactions' | 'accounts' | 'other' | null = null
  let current: (typeof accounts)[number] | null = null
  let record: QifRecord | null = null
  let accountName: string | null = null
  let sawHeader = false

  // Lines are walked with indexOf rather than split: a 50 MB file has millions of them.
  let lineNumber = 0
  for (let start = 0; start <= source.length; ) {
    const newline = source.indexOf('\n', start)
    const end = newline === -1 ? source.length : newline
    const line = source.slice(start, end).trimEnd()
    start = end + 1
    lineNumber++
    if (line.trim() === '') continue
    if (line.startsWith('!')) {
      if (record) {
        throw new StatementError(
          `l'enregistrement précédent n'est pas terminé par ${quoted('^')}.`,
          `Ligne ${lineNumber}`,
        )
      }
      sawHeader = true
      const header = line.slice(1).trim().toLowerCase()
      if (header.startsWith('type:')) {
        const type = header.slice(5).trim()
        if (type === 'invst') {
          throw new StatementError(
            'les comptes-titres (!Type:Invst) ne sont pas pris en charge, seulement les comptes bancaires.',
            `Ligne ${lineNumber}`,
          )
        }
        section = CASH_SECTIONS.has(type) ? 'transactions' : 'other'
        if (section === 'transactions' && !current) {
          current = { account: { accountId: null, iban: null, currency: null, lines: [] }, records: [] }
          accounts.push(current)
        }
      } else if (header === 'account') section = 'accounts'
      // `!Option:AutoSwitch`, `!Clear:AutoSwitch`: switches for Quicken itself, nothing to read.
      continue
    }
    if (!sawHeader) {
      throw new StatementError(`un fichier QIF commence par une ligne ${quoted('!Type:')}.`, `Ligne ${lineNumber}`)
    }
    const code = line.charAt(0)
    const value = line.slice(1)
    if (code === '^') {
      if (section === 'accounts') {
        current = {
          account: { accountId: textOrNull(accountName), iban: null, currency: null, lines: [] },
          records: [],
        }
        accounts.push(current)
        accountName = null
      } else if (section === 'transactions' && record && current) current.records.push(record)
      record = null
      continue
    }
    if (section === 'accounts') {
      if (code === 'N') accountName = value
      continue
    }
    if (section !== 'transactions') continue
    record ??= emptyRecord(lineNumber)
    if (code === 'D') record.date = value
    else if (code === 'T' || (code === 'U' && record.amount === null)) record.amount = value
    else if (code === 'P') record.payee = value
    else if (code === 'M') record.memo = value
    else if (code === 'N') record.number = value
    else if (code === 'L') record.category = value
    else if (code === '$') record.splits.push({ line: lineNumber, amount: value })
  }
  if (!sawHeader) throw new StatementError(`Ce fichier n'est pas un fichier QIF : la ligne ${quoted('!Type:')} manque.`)
  if (record) {
    throw new StatementError(
      `le dernier enregistrement n'est pas terminé par ${quoted('^')} (fichier tronqué ?).`,
      `Ligne ${record.line}`,
    )
  }

  const order = dateOrderOf(accounts.flatMap((entry) => entry.records))
  return {
    format: 'qif',
    accounts: accounts.map(({ account, records }) => ({
      ...account,
      lines: records.map(
        (entry): StatementLine => ({
          datedAt: qifDate(entry, order),
          valueDate: null,
          amount: qifAmount(entry),
          rawName: joinLabelParts([entry.payee, entry.memo]) || joinLabelParts([entry.category]),
          bankId: null,
          counterparty: textOrNull(entry.payee),
          reference: textOrNull(entry.number),
        }),
      ),
    })),
  }
}
