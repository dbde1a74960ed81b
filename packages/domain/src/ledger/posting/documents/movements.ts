import { add, compare, isNegative, isZero, negate, subtract, toCents } from '../../../money/arithmetic'
import type { JournalTypeCode } from '../../../reference/ids'
import { cashSaleLineKind } from '../../cash'
import { accountNature } from '../accounts'
import { type InvoicePayment, postBankTransaction, type ReceiptPayment } from '../bank'
import { postCashOperation, postCashSale } from '../cash'
import { postExpenseNote } from '../expenses'
import { type Instalment, invoiceInstalments } from '../instalments'
import type { MovementPart } from '../parts'
import type { PostingEntry, TreasuryJournalForPosting } from '../types'
import { instalmentVatShareOf, pendingVatOf } from '../vat-on-payment'
import { invoiceCustomerOf, type PrintedCustomer } from './invoices'
import type { PaidPurchase } from './receipts'

/** A split line as stored, with its category and its tax. */
export type StoredSplitLine = {
  name: string
  /** TTC, signed as the line. */
  amount: string
  taxAmount: string
  accountCode: string
  accountLabel: string
  /** The tax's rate as the numeric column gives it: "20.0000". */
  ratePercent: string
  taxAccountCode: string | null
  /** On an expense note: the vehicle, distance and scale of a mileage allowance; null on other lines. */
  mileage: object | null
}

/** An invoice a bank line pays, as the books read it. */
export type InvoicePaidByLine = {
  id: number
  reference: string | null
  contactId: number | null
  customer: PrintedCustomer
  name: string
  /** What the bank lines pay of it: what the payments recorded by hand left of its net to pay. */
  amount: string
  paidByHand: string
  totalTaxIncluded: string
}

/** A bank, cash or expense line as stored, with its journal, its split and the invoices it pays. */
export type StoredMovement = {
  transaction: {
    id: number
    name: string
    datedAt: string
    /** Signed: + money in, − money out. */
    amount: string
    reference: string | null
    journalCode: string
    journalName: string
    journalAccountCode: string
    journalTypeCode: string
  }
  allocations: readonly StoredSplitLine[]
  paidInvoices: readonly InvoicePaidByLine[]
}

/** The sales entries of the invoices a line pays: what their pending VAT is (decision 0024 "VAT"). */
export type PaidSales = Map<number, PostingEntry | null>

/** The rate as the ledger writes it ("20", "5.5"): the stored numeric without its trailing zeros. */
export const rateAsWritten = (value: string) => {
  const [units, decimals = ''] = value.split('.')
  const trimmed = decimals.replace(/0+$/, '')
  return trimmed ? `${units}.${trimmed}` : (units ?? '0')
}

/** A split line as a part of the movement: outside VAT when its tax has no VAT account and no rate. */
export function splitLinePart(allocation: StoredSplitLine): MovementPart {
  const outsideVat = allocation.taxAccountCode === null && isZero(allocation.ratePercent)
  return {
    accountCode: allocation.accountCode,
    accountLabel: allocation.accountLabel,
    label: allocation.name,
    amount: allocation.amount,
    taxAmount: allocation.taxAmount,
    ratePercent: outsideVat && isZero(allocation.taxAmount) ? null : rateAsWritten(allocation.ratePercent),
    nature: accountNature(allocation.accountCode),
    taxAccountCode: allocation.taxAccountCode,
  }
}

/**
 * What a bank line pays of the invoices attached to it, as invoiceInstalments says (the link holds no amount): its
 * share of each, after what earlier transfers paid them, and the share of each invoice's pending VAT that this part
 * makes due, the part that completes an invoice taking all that is left of it.
 */
export function invoicePaymentsOf(
  data: StoredMovement,
  sales: PaidSales,
  instalments: readonly Instalment[],
): InvoicePayment[] {
  const payments: InvoicePayment[] = []
  for (const instalment of instalments) {
    const invoice = data.paidInvoices.find((paid) => paid.id === instalment.invoiceId)
    if (!invoice) continue
    payments.push({
      customer: invoiceCustomerOf(invoice),
      amount: toCents(instalment.amount),
      invoiceRef: invoice.reference ?? '',
      // Payments recorded by hand count after the bank lines: the last of them, not a bank line, completes the
      // invoice's VAT when there are some (paymentEntryOf).
      pendingVat: instalmentVatShareOf(
        pendingVatOf(sales.get(invoice.id) ?? null),
        { ...instalment, completes: instalment.completes && isZero(invoice.paidByHand) },
        invoice.totalTaxIncluded,
      ),
    })
  }
  return payments
}

/** What the line pays on its own, as if no other transfer paid its invoices (for a caller with nothing else). */
export const aloneInstalments = (data: StoredMovement): Instalment[] =>
  invoiceInstalments(
    [
      {
        id: data.transaction.id,
        date: data.transaction.datedAt,
        amount: data.transaction.amount,
        invoiceIds: data.paidInvoices.map((invoice) => invoice.id),
      },
    ],
    new Map(data.paidInvoices.map((invoice) => [invoice.id, invoice.amount])),
  ).byTransfer.get(data.transaction.id) ?? []

const smaller = (a: string, b: string) => (compare(a, b) <= 0 ? a : b)

/**
 * What a bank line pays of its receipts, after its invoices (`left`: what they left of it): in the receipts' order,
 * each up to its TTC, until the line's amount is used up. Money out pays a receipt, money in a supplier's credit note.
 */
export function receiptPaymentsOf(left: string, purchases: readonly PaidPurchase[]): ReceiptPayment[] {
  const payments: ReceiptPayment[] = []
  for (const purchase of purchases) {
    const due = negate(purchase.taxIncluded)
    if (isZero(left) || isNegative(left) !== isNegative(due)) continue
    const paid = isNegative(left) ? negate(smaller(negate(left), negate(due))) : smaller(left, due)
    if (isZero(paid)) continue
    payments.push({ supplier: purchase.supplier, amount: toCents(paid), receiptRef: purchase.pieceRef })
    left = subtract(left, paid)
  }
  return payments
}

/**
 * A line's entry in its journal: an expense note (CC, EX), a cash sale (ES), a cash movement (CAI), else a bank line
 * with what it pays of its invoices (`instalments`, in the transfers' order) and of its receipts (`purchases`).
 */
export function movementEntryOf(
  data: StoredMovement,
  sales: PaidSales = new Map(),
  purchases: readonly PaidPurchase[] = [],
  instalments: readonly Instalment[] = aloneInstalments(data),
): PostingEntry | null {
  const { transaction } = data
  const journal: TreasuryJournalForPosting = {
    code: transaction.journalCode,
    label: transaction.journalName,
    accountCode: transaction.journalAccountCode,
  }
  const head = {
    journal,
    date: transaction.datedAt,
    label: transaction.name,
    pieceRef: transaction.reference || `T${transaction.id}`,
  }
  const parts = data.allocations.map(splitLinePart)
  switch (transaction.journalTypeCode as JournalTypeCode) {
    case 'CC':
    case 'EX':
      return postExpenseNote({
        ...head,
        lines: data.allocations.map((allocation, index) => ({
          ...(parts[index] as MovementPart),
          mileage: allocation.mileage !== null,
        })),
      })
    case 'ES': {
      const receipts = data.allocations.filter((a) => cashSaleLineKind(a.name) === 'receipt')
      return postCashSale({
        ...head,
        receipts: receipts.map((a) => ({
          accountCode: a.accountCode,
          accountLabel: a.accountLabel,
          label: a.name,
          amount: a.amount,
        })),
        sales: data.allocations.filter((a) => cashSaleLineKind(a.name) !== 'receipt').map(splitLinePart),
      })
    }
    case 'CAI':
      return postCashOperation({ ...head, amount: transaction.amount, allocations: parts })
    default: {
      const invoicePayments = invoicePaymentsOf(data, sales, instalments)
      const invoiced = invoicePayments.reduce((total, payment) => add(total, payment.amount), '0')
      const receiptPayments = receiptPaymentsOf(subtract(transaction.amount, invoiced), purchases)
      const settled = receiptPayments.reduce((total, payment) => add(total, payment.amount), invoiced)
      const rest = subtract(transaction.amount, settled)
      const split = parts.reduce((total, part) => add(total, part.amount), '0')
      // The invoices' revenue is in the sales journal already, the receipts' charge and deductible VAT in the
      // purchase journal: a split is kept only for what they leave of the line, and a split that does not make
      // exactly that rest leaves it on the holding account (decision 0024).
      const allocations = compare(split, rest) === 0 ? parts : []
      return postBankTransaction({ ...head, amount: transaction.amount, allocations, invoicePayments, receiptPayments })
    }
  }
}
