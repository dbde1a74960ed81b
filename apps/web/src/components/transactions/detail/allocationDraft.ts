import type { TaxChoice } from '@app/domain'
import {
  adjustedAmount,
  automaticVat,
  automaticVats,
  parseMoneyInput,
  sumRuleError,
  TAX_RATE_IDS,
  TAX_RATE_NONE_CODE,
  TAX_TYPE_IDS,
  TAX_TYPE_NOT_SUBJECT_CODE,
  type TransactionDto,
  type TransactionUpdateBody,
  toCents,
} from '@app/domain'

/**
 * The split being edited in the detail drawer (spec/money.md §4 "Tax amount on an allocation", §5): lines as their
 * fields show them, and the pure steps the drawer takes on them. The sum rule, the adjust button and the VAT come
 * from the domain (ledger/allocations); this file only keeps a line's fields in step with them.
 */

/** The tax of a line: its id, its rate, and whether VAT applies at all (not for the NUL rate nor the ns type). */
export type LineTax = { id: number; ratePercent: string; hidden: boolean }

export type DraftLine = {
  /** Stable across edits, for React. */
  key: string
  name: string
  category: { id: number; code: string; name: string } | null
  /** The amount as its field shows it ("-60,5"). */
  amount: string
  tax: LineTax | null
  /** VAT typed by hand ("man."); automatic otherwise. */
  taxManual: boolean
  /** The VAT inside the amount, a decimal string with the amount's sign. */
  taxAmount: string
}

let nextKey = 0
const newKey = () => `line-${++nextKey}`

/** "-120.5" → "-120,50": what an amount field shows. */
export const fieldAmount = (value: string) => toCents(value).replace('.', ',')

/** A line's amount as a decimal string; 0 while its field holds no number. */
export const amountOf = (line: Pick<DraftLine, 'amount'>) => parseMoneyInput(line.amount) ?? '0'

export const taxOfRow = (row: TaxChoice): LineTax => ({
  id: row.id,
  ratePercent: row.amount,
  hidden: row.taxRateId === TAX_RATE_IDS.NUL || row.taxTypeId === TAX_TYPE_IDS.ns,
})

/** The VAT a line has when nobody typed it: from its tax's rate; none without VAT. */
const automaticVatOf = (amount: string, tax: LineTax | null) =>
  automaticVat(amount, tax === null || tax.hidden ? null : tax.ratePercent)

/** The lines of a stored split, in order. */
export function linesOf(transaction: Pick<TransactionDto, 'transactionAllocations'>): DraftLine[] {
  return [...transaction.transactionAllocations]
    .sort((a, b) => a.position - b.position)
    .map((part) => ({
      key: newKey(),
      name: part.name,
      category: part.accountingEntry,
      amount: fieldAmount(part.amount),
      tax: {
        id: part.taxId,
        ratePercent: part.tax.amount,
        hidden: part.tax.taxRateCode === TAX_RATE_NONE_CODE || part.tax.taxTypeCode === TAX_TYPE_NOT_SUBJECT_CODE,
      },
      taxManual: part.taxManual,
      taxAmount: toCents(part.taxAmount),
    }))
}

/**
 * A new line: the transaction's label and what the other lines leave of its amount (empty when nothing is left,
 * since 0 is refused).
 */
export function newLine(transaction: Pick<TransactionDto, 'name' | 'amount'>, others: DraftLine[]): DraftLine {
  const rest = adjustedAmount(transaction.amount, others.map(amountOf))
  return {
    key: newKey(),
    name: transaction.name,
    category: null,
    amount: rest === '0.00' ? '' : fieldAmount(rest),
    tax: null,
    taxManual: false,
    taxAmount: '0.00',
  }
}

/** A new amount: a VAT typed for another amount would be wrong, so it is automatic again. */
export const withAmount = (line: DraftLine, amount: string): DraftLine => ({
  ...line,
  amount,
  taxManual: false,
  taxAmount: automaticVatOf(parseMoneyInput(amount) ?? '0', line.tax),
})

/** A category and its tax (spec/money.md §4): the VAT is the automatic one of the new rate. */
export const withCategory = (line: DraftLine, category: DraftLine['category'], tax: LineTax | null): DraftLine => ({
  ...line,
  category,
  tax,
  taxManual: false,
  taxAmount: automaticVatOf(amountOf(line), tax),
})

/** The reset button: back to the automatic VAT. */
export const withAutomaticVat = (line: DraftLine): DraftLine => ({
  ...line,
  taxManual: false,
  taxAmount: automaticVatOf(amountOf(line), line.tax),
})

/**
 * The lines' VAT as the server stores it: the automatic VAT of the lines at one tax is that of their sum, the
 * remainder on the last of them (automaticVats), so what the drawer shows live is what is saved and posted. Run after
 * every change of the lines, since a line's VAT depends on the others at its rate.
 */
export function withSplitVat(lines: DraftLine[]): DraftLine[] {
  const vats = automaticVats(
    lines.map((line) => ({
      amount: amountOf(line),
      ratePercent: line.tax === null || line.tax.hidden ? null : line.tax.ratePercent,
      taxId: line.tax?.id ?? null,
      manualVat: line.taxManual ? line.taxAmount : null,
    })),
  )
  return lines.map((line, position) => {
    const taxAmount = vats[position] ?? line.taxAmount
    return line.taxManual || taxAmount === line.taxAmount ? line : { ...line, taxAmount }
  })
}

/** The adjust button: the line takes the transaction's amount minus the other lines. */
export function adjustLine(transactionAmount: string, lines: DraftLine[], index: number): DraftLine[] {
  const others = lines.filter((_, position) => position !== index).map(amountOf)
  return lines.map((line, position) =>
    position === index ? withAmount(line, fieldAmount(adjustedAmount(transactionAmount, others))) : line,
  )
}

/** The sum rule's message for these lines, or null when they add up (or when there is none: uncategorised). */
export const sumMessage = (transactionAmount: string, lines: DraftLine[]) =>
  lines.length === 0 ? null : sumRuleError(transactionAmount, lines.map(amountOf))

/** Whether a line shows its VAT: never for a tax-free organisation, nor for a tax without VAT. */
export const showsVat = (line: DraftLine, taxFree: boolean) => !taxFree && line.tax !== null && !line.tax.hidden

/**
 * The body of PATCH /transactions/{id}: amounts as decimals once they read as numbers (as typed otherwise, for the
 * schema to say what is wrong); the server computes the automatic VAT itself.
 */
export const bodyOf = (name: string, lines: DraftLine[]): TransactionUpdateBody => ({
  name,
  allocations: lines.map((line) => ({
    name: line.name,
    amount: parseMoneyInput(line.amount) ?? line.amount,
    accountingEntryId: line.category?.id ?? null,
    taxId: line.tax?.id ?? null,
    taxManual: line.taxManual,
    taxAmount: line.taxManual ? line.taxAmount : null,
  })),
})

/** What is compared to tell whether the form has changed. */
export const snapshotOf = (name: string, lines: DraftLine[]) =>
  JSON.stringify([name, lines.map(({ key, ...line }) => line)])
