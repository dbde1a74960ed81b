import {
  accountNature,
  add,
  cashSaleLineKind,
  compare,
  INVOICE_STATE_IDS,
  type InvoicePayment,
  isNegative,
  isZero,
  type JournalTypeCode,
  type MovementPart,
  negate,
  type PostingEntry,
  pendingVatOf,
  pendingVatShareOf,
  postBankTransaction,
  postCashOperation,
  postCashSale,
  postExpenseNote,
  postSalesDocument,
  postVatMadeDue,
  subtract,
  type TreasuryJournalForPosting,
  toCents,
} from '@app/domain'
import type { LedgerSource } from './repo'
import type { InvoiceForLedger, LedgerSourcesRepo, TransactionForLedger } from './sources-repo'

/** The rate as the ledger writes it ("20", "5.5"): the stored numeric without its trailing zeros. */
const rateOf = (value: string) => {
  const [units, decimals = ''] = value.split('.')
  const trimmed = decimals.replace(/0+$/, '')
  return trimmed ? `${units}.${trimmed}` : (units ?? '0')
}

export function salesEntryOf({ invoice, lines }: Pick<InvoiceForLedger, 'invoice' | 'lines'>): PostingEntry | null {
  return postSalesDocument({
    reference: invoice.reference ?? '',
    date: invoice.datedAt,
    customer: { id: invoice.contactId ?? 0, name: invoice.customer?.name ?? invoice.name },
    isCreditNote: invoice.isCreditNote,
    isDeposit: invoice.isDeposit,
    vatOnDebits: invoice.vatOnDebits,
    taxFree: invoice.taxFree,
    lines: lines.map((line) => ({
      type: line.type as 'PRODUCT' | 'SERVICE' | 'MISC',
      totalTaxExcluded: line.totalTaxExcluded,
      ratePercent: line.ratePercent,
      depositInvoiceId: line.depositInvoiceId,
    })),
    deliveryFees: invoice.deliveryFees,
    disbursement: invoice.disbursement,
    totalTaxIncluded: invoice.totalTaxIncluded,
    vatBreakdown: invoice.vatBreakdown,
  })
}

const smaller = (a: string, b: string) => (compare(a, b) <= 0 ? a : b)

type Allocation = TransactionForLedger['allocations'][number]

/** A split line as a part of the movement: outside VAT when its tax has no VAT account and no rate. */
function partOf(allocation: Allocation): MovementPart {
  const outsideVat = allocation.taxAccountCode === null && isZero(allocation.ratePercent)
  return {
    accountCode: allocation.accountCode,
    accountLabel: allocation.accountLabel,
    label: allocation.name,
    amount: allocation.amount,
    taxAmount: allocation.taxAmount,
    ratePercent: outsideVat && isZero(allocation.taxAmount) ? null : rateOf(allocation.ratePercent),
    nature: accountNature(allocation.accountCode),
    taxAccountCode: allocation.taxAccountCode,
  }
}

/**
 * What a bank line pays of the invoices attached to it (transaction_invoices holds no amount): in the invoices' order,
 * each up to its net to pay, until the line's amount is used up. Money in pays invoices, money out refunds credit notes.
 */
function invoicePaymentsOf(data: TransactionForLedger, sales: Map<number, PostingEntry | null>): InvoicePayment[] {
  let left = data.transaction.amount
  const payments: InvoicePayment[] = []
  for (const invoice of data.paidInvoices) {
    if (isZero(left) || isNegative(left) !== isNegative(invoice.amount)) continue
    const paid = isNegative(left)
      ? negate(smaller(negate(left), negate(invoice.amount)))
      : smaller(left, invoice.amount)
    if (isZero(paid)) continue
    payments.push({
      customer: { id: invoice.contactId ?? 0, name: invoice.customer?.name ?? invoice.name },
      amount: toCents(paid),
      invoiceRef: invoice.reference ?? '',
      pendingVat: pendingVatShareOf(pendingVatOf(sales.get(invoice.id) ?? null), paid, invoice.totalTaxIncluded),
    })
    left = subtract(left, paid)
  }
  return payments
}

/** The sales entries of the invoices a line pays: what their pending VAT is (decision 0024 "VAT"). */
export type PaidSales = Map<number, PostingEntry | null>

export function movementEntryOf(data: TransactionForLedger, sales: PaidSales = new Map()): PostingEntry | null {
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
  const parts = data.allocations.map(partOf)
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
        sales: data.allocations.filter((a) => cashSaleLineKind(a.name) !== 'receipt').map(partOf),
      })
    }
    case 'CAI':
      return postCashOperation({ ...head, amount: transaction.amount, allocations: parts })
    default: {
      const invoicePayments = invoicePaymentsOf(data, sales)
      const settled = invoicePayments.reduce((total, payment) => add(total, payment.amount), '0')
      const rest = subtract(transaction.amount, settled)
      const split = parts.reduce((total, part) => add(total, part.amount), '0')
      // The invoices' revenue is in the sales journal already: a split is kept only for what they leave of the line,
      // and a split that does not make exactly that rest leaves it on the holding account (decision 0024).
      const allocations = compare(split, rest) === 0 ? parts : []
      return postBankTransaction({ ...head, amount: transaction.amount, allocations, invoicePayments })
    }
  }
}

/**
 * An invoice's entries: its sales entry, and when it was marked paid by hand with no bank line paying it, the VAT
 * that payment made due (OD).
 */
export function invoiceEntriesOf(data: InvoiceForLedger): PostingEntry[] {
  const sales = salesEntryOf(data)
  const { invoice } = data
  const paidByHand =
    invoice.stateId === INVOICE_STATE_IDS.PAID && invoice.paymentDateAt !== null && data.paidByTransactions === 0
  const vatMadeDue = paidByHand
    ? postVatMadeDue({
        reference: invoice.reference ?? '',
        date: invoice.paymentDateAt ?? invoice.datedAt,
        pending: pendingVatOf(sales),
      })
    : null
  return [sales, vatMadeDue].filter((entry): entry is PostingEntry => entry !== null)
}

export type ExpectedEntries = (source: LedgerSource) => Promise<PostingEntry[]>

/** What each source should have in the books today, read from the documents (the posting and the rebuild share it). */
export function createExpectedEntries(sources: LedgerSourcesRepo, organizationId: number): ExpectedEntries {
  return async (source) => {
    switch (source.kind) {
      case 'invoice': {
        const data = await sources.invoice(organizationId, source.id)
        return data ? invoiceEntriesOf(data) : []
      }
      case 'transaction': {
        const data = await sources.transaction(organizationId, source.id)
        if (!data) return []
        const sales: PaidSales = new Map()
        for (const paid of data.paidInvoices) {
          const invoice = await sources.invoice(organizationId, paid.id)
          sales.set(paid.id, invoice ? salesEntryOf(invoice) : null)
        }
        const entry = movementEntryOf(data, sales)
        return entry ? [entry] : []
      }
      default:
        return []
    }
  }
}
