import {
  type AllocationBody,
  CASH_LINE_NAMES,
  CASH_SALE_LINE_NAMES,
  cashSaleLineKind,
  isCashExit,
  parseMoneyInput,
  type TransactionDto,
} from '@app/domain'
import { type DraftLine, linesOf, withAmount } from '../transactions/detail/allocationDraft'

/**
 * The lines of a cash operation or a cash sale as their forms edit them (spec/money.md §3, §5): each line has a kind
 * (Entrée / Sortie, or Vente / Encaissement) that gives its name and the sign of its amount, a category with its tax,
 * an amount and the VAT inside it. The amounts, the VAT and the sums are the domain's (ledger/); this file only keeps a
 * line's fields in step with its kind.
 */

export type MoneyLine = DraftLine & { kind: string }

/** A kind of line: the word its name starts with or contains, and the sign its amount takes. */
export type LineKind = { value: string; negative: boolean }

/** The kinds of one form, and how a stored line's name tells its kind. */
export type LineKinds = { kinds: readonly LineKind[]; kindOf: (name: string) => string }

export const CASH_LINES: LineKinds = {
  kinds: [
    { value: CASH_LINE_NAMES.in, negative: false },
    { value: CASH_LINE_NAMES.out, negative: true },
  ],
  kindOf: (name) => (isCashExit(name) ? CASH_LINE_NAMES.out : CASH_LINE_NAMES.in),
}

export const CASH_SALE_LINES: LineKinds = {
  kinds: [
    { value: CASH_SALE_LINE_NAMES.sale, negative: false },
    { value: CASH_SALE_LINE_NAMES.receipt, negative: false },
  ],
  kindOf: (name) => (cashSaleLineKind(name) === 'receipt' ? CASH_SALE_LINE_NAMES.receipt : CASH_SALE_LINE_NAMES.sale),
}

const kindNamed = (lines: LineKinds, value: string) => lines.kinds.find((kind) => kind.value === value)

/**
 * The amount field's text with the sign its kind forces: a "-" added for an exit, taken away otherwise. Only the sign
 * changes, so that what is being typed ("1,") stays as typed.
 */
export function forceSign(text: string, negative: boolean): string {
  const trimmed = text.trim()
  if (trimmed === '') return text
  if (negative) return trimmed.startsWith('-') ? text : `-${trimmed}`
  return trimmed.startsWith('-') ? trimmed.slice(1).trimStart() : text
}

let nextKey = 0

/** A new line of a kind, empty: its name is the kind's word. */
export const emptyLine = (kind: string): MoneyLine => ({
  key: `money-line-${++nextKey}`,
  kind,
  name: kind,
  category: null,
  amount: '',
  tax: null,
  taxManual: false,
  taxAmount: '0.00',
})

/** The stored lines of a transaction, each with the kind its name gives. */
export const moneyLinesOf = (transaction: Pick<TransactionDto, 'transactionAllocations'>, lines: LineKinds) =>
  linesOf(transaction).map((line): MoneyLine => ({ ...line, kind: lines.kindOf(line.name) }))

/** A new amount, with the sign of the line's kind; the VAT follows (automatic again). */
export function withSignedAmount(line: MoneyLine, text: string, lines: LineKinds): MoneyLine {
  const negative = kindNamed(lines, line.kind)?.negative ?? false
  return { ...withAmount(line, forceSign(text, negative)), kind: line.kind }
}

/**
 * Another kind: the line takes its word as name (a stored name of that kind, "Sortie timbres", is kept) and its sign.
 */
export function withKind(line: MoneyLine, kind: string, lines: LineKinds): MoneyLine {
  const name = lines.kindOf(line.name) === kind ? line.name : kind
  return withSignedAmount({ ...line, kind, name }, line.amount, lines)
}

/** A line as the API takes it: amounts once they read as numbers (as typed otherwise, for the schema to say why). */
export const lineBody = (line: MoneyLine): AllocationBody => ({
  name: line.name,
  amount: parseMoneyInput(line.amount) ?? line.amount,
  accountingEntryId: line.category?.id ?? (null as unknown as number),
  taxId: line.tax?.id ?? null,
  taxManual: line.taxManual,
  taxAmount: line.taxManual ? line.taxAmount : null,
})

/** The amounts of some lines, as the domain's sums take them: 0 while a field holds no number. */
export const lineAmounts = (lines: readonly MoneyLine[]) =>
  lines.map((line) => ({ name: line.name, amount: parseMoneyInput(line.amount) ?? '0' }))
