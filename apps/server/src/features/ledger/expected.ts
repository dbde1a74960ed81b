import {
  accountNature,
  add,
  cashSaleLineKind,
  compare,
  customerVatAreaOf,
  divide,
  FRENCH_VAT_RATES,
  INVOICE_STATE_IDS,
  type Instalment,
  type InvoicePayment,
  instalmentVatShareOf,
  invoiceInstalments,
  isNegative,
  isZero,
  type JournalTypeCode,
  type LedgerAccount,
  leavesSomethingToPay,
  type MovementPart,
  multiply,
  negate,
  POSTING_ACCOUNTS,
  type PostingEntry,
  paidByTransfers,
  pendingVatOf,
  postBankTransaction,
  postCashOperation,
  postCashSale,
  postExpenseNote,
  postPurchaseReceipt,
  postSalesDocument,
  postVatMadeDue,
  type ReceiptPayment,
  type ReceiptVatLineForPosting,
  roundTo,
  subtract,
  type TreasuryJournalForPosting,
  toCents,
  vatOfTaxExcluded,
} from '@app/domain'
import { paymentEntryOf } from './payment-entries'
import type { LedgerSource } from './repo'
import type { InvoiceForLedger, LedgerSourcesRepo, ReceiptForLedger, TransactionForLedger } from './sources-repo'

/** The rate as the ledger writes it ("20", "5.5"): the stored numeric without its trailing zeros. */
const rateOf = (value: string) => {
  const [units, decimals = ''] = value.split('.')
  const trimmed = decimals.replace(/0+$/, '')
  return trimmed ? `${units}.${trimmed}` : (units ?? '0')
}

export function salesEntryOf({
  invoice,
  lines,
  customerCountry,
}: Pick<InvoiceForLedger, 'invoice' | 'lines' | 'customerCountry'>): PostingEntry | null {
  return postSalesDocument({
    reference: invoice.reference ?? '',
    date: invoice.datedAt,
    customer: { id: invoice.contactId ?? 0, name: invoice.customer?.name ?? invoice.name },
    customerVatArea: customerVatAreaOf(customerCountry, invoice.customer?.intracommunityTaxNumber),
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

/**
 * Journals whose lines book their own expense (expense notes, cash, cash sales): a receipt attached to one of them is
 * that line's proof, not a supplier's invoice waiting to be paid; posting it to HA as well would count the charge twice
 * and leave 401 open forever, since only a bank line settles receipts.
 */
const BOOKS_ITS_OWN_EXPENSE = new Set<string>(['CC', 'EX', 'CAI', 'ES'])

/**
 * The rate of a receipt typed with its HT and TTC only: the French rate that gives its VAT to the cent, else the
 * quotient itself (an overseas rate, a rounded total), so that the VAT report files it under a rate either way.
 */
function typedRateOf(taxExcluded: string, taxAmount: string): string {
  const known = FRENCH_VAT_RATES.find(
    (rate) => !isZero(rate.ratePercent) && compare(vatOfTaxExcluded(taxExcluded, rate.ratePercent), taxAmount) === 0,
  )
  if (known) return known.ratePercent
  return isZero(taxExcluded) ? '0' : roundTo(multiply(divide(taxAmount, taxExcluded), '100'), 2)
}

function receiptVatLinesOf(receipt: ReceiptForLedger['receipt']): ReceiptVatLineForPosting[] {
  if (receipt.vatLines && receipt.vatLines.length > 0)
    return receipt.vatLines.map((line) => ({
      ratePercent: line.ratePercent,
      taxExcluded: line.taxableAmount,
      taxAmount: line.taxAmount,
    }))
  if (receipt.taxExcluded === null || receipt.taxAmount === null || isZero(receipt.taxAmount)) return []
  return [
    {
      ratePercent: typedRateOf(receipt.taxExcluded, receipt.taxAmount),
      taxExcluded: receipt.taxExcluded,
      taxAmount: receipt.taxAmount,
    },
  ]
}

/** The piece a receipt is known by in the books: the supplier's invoice number, else the server's own. */
export const receiptPieceRef = (receipt: Pick<ReceiptForLedger['receipt'], 'id' | 'reference'>) =>
  receipt.reference?.trim() || `J${receipt.id}`

/**
 * A validated receipt's purchase entry (decision 0024 "HA"), null when it lacks a supplier, a date or a TTC, or when
 * it proves a line of a journal that books the expense itself. Receipts carry no category of their own: the expense
 * account is its first bank line's (the split line that takes most of it), else the holding account until one is
 * attached and categorised.
 */
export function purchaseEntryOf({ receipt, lines, category }: ReceiptForLedger): PostingEntry | null {
  if (receipt.contactId === null || receipt.datedAt === null || receipt.taxIncluded === null) return null
  if (lines.some((line) => BOOKS_ITS_OWN_EXPENSE.has(line.journalTypeCode))) return null
  const account: LedgerAccount = category ?? POSTING_ACCOUNTS.suspense
  return postPurchaseReceipt({
    reference: receiptPieceRef(receipt),
    date: receipt.datedAt,
    supplier: { id: receipt.contactId, name: receipt.supplierName ?? '' },
    account,
    nature: accountNature(account.code),
    taxIncluded: receipt.taxIncluded,
    vatLines: receiptVatLinesOf(receipt),
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
 * What a bank line pays of the invoices attached to it, as the domain's invoiceInstalments says (transaction_invoices
 * holds no amount): its share of each, after what earlier transfers paid them, and the share of each invoice's pending
 * VAT that this part makes due, the part that completes an invoice taking all that is left of it.
 */
function invoicePaymentsOf(
  data: TransactionForLedger,
  sales: Map<number, PostingEntry | null>,
  instalments: readonly Instalment[],
): InvoicePayment[] {
  const payments: InvoicePayment[] = []
  for (const instalment of instalments) {
    const invoice = data.paidInvoices.find((paid) => paid.id === instalment.invoiceId)
    if (!invoice) continue
    payments.push({
      customer: { id: invoice.contactId ?? 0, name: invoice.customer?.name ?? invoice.name },
      amount: toCents(instalment.amount),
      invoiceRef: invoice.reference ?? '',
      // Payments recorded by hand count after the bank lines: the last of them, not a bank line, completes the
      // invoice's VAT when there are some (invoiceEntriesOf).
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
const aloneInstalments = (data: TransactionForLedger): Instalment[] =>
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

/** The sales entries of the invoices a line pays: what their pending VAT is (decision 0024 "VAT"). */
export type PaidSales = Map<number, PostingEntry | null>

/** A receipt the line may pay, as the books know it: posted to HA (only those have a 401 credit to settle). */
export type PaidPurchase = { supplier: { id: number; name: string }; taxIncluded: string; pieceRef: string }

/**
 * What a bank line pays of its receipts, after its invoices: in the receipts' order, each up to its TTC, until the
 * line's amount is used up. Money out pays a receipt, money in a supplier's credit note.
 */
function receiptPaymentsOf(left: string, purchases: readonly PaidPurchase[]): ReceiptPayment[] {
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

export function movementEntryOf(
  data: TransactionForLedger,
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

/**
 * An invoice's entries: its sales entry, and, when it was marked paid before payments were recorded (no payment row,
 * decision 0034), the VAT that what its transfers left made due (OD) on its payment date: the transfers made their own
 * shares due, so the OD takes what they left of it. `paidByTransfers`: what the transfers paid of it (domain
 * invoiceInstalments). Payments recorded by hand are sources of their own (paymentEntryOf).
 */
export function invoiceEntriesOf(data: InvoiceForLedger, paidByTransfers = '0'): PostingEntry[] {
  const sales = salesEntryOf(data)
  const { invoice } = data
  const markedPaidBefore =
    data.manualPayments === 0 &&
    invoice.stateId === INVOICE_STATE_IDS.PAID &&
    invoice.paymentDateAt !== null &&
    leavesSomethingToPay(invoice.amount, paidByTransfers)
  const vatMadeDue = markedPaidBefore
    ? postVatMadeDue({
        reference: invoice.reference ?? '',
        date: invoice.paymentDateAt ?? invoice.datedAt,
        pending: instalmentVatShareOf(
          pendingVatOf(sales),
          { amount: subtract(invoice.amount, paidByTransfers), paidBefore: paidByTransfers, completes: true },
          invoice.totalTaxIncluded,
        ),
      })
    : null
  return [sales, vatMadeDue].filter((entry): entry is PostingEntry => entry !== null)
}

export type ExpectedEntries = (source: LedgerSource) => Promise<PostingEntry[]>

/** What each source should have in the books today, read from the documents (the posting and the rebuild share it). */
export function createExpectedEntries(
  sources: LedgerSourcesRepo,
  organizationId: number,
  /** Lines already read as a set (postSources reads a chunk's at once); the others are read one by one. */
  prefetched: { transactions?: ReadonlyMap<number, TransactionForLedger> } = {},
): ExpectedEntries {
  return async (source) => {
    switch (source.kind) {
      case 'invoice': {
        const data = await sources.invoice(organizationId, source.id)
        if (!data) return []
        // Only a paid invoice's entries depend on its transfers: the others spare the reading.
        const paid =
          data.invoice.stateId === INVOICE_STATE_IDS.PAID && data.paidByTransactions > 0 && data.manualPayments === 0
            ? paidByTransfers(await sources.instalments(organizationId, { invoiceIds: [source.id] }), source.id)
            : '0'
        return invoiceEntriesOf(data, paid)
      }
      case 'payment': {
        const data = await sources.payment(organizationId, source.id)
        const entry = data ? paymentEntryOf(data) : null
        return entry ? [entry] : []
      }
      case 'transaction': {
        const data = prefetched.transactions
          ? (prefetched.transactions.get(source.id) ?? null)
          : await sources.transaction(organizationId, source.id)
        if (!data) return []
        const sales: PaidSales = new Map()
        for (const paid of data.paidInvoices) {
          const invoice = await sources.invoice(organizationId, paid.id)
          sales.set(paid.id, invoice ? salesEntryOf(invoice) : null)
        }
        const purchases: PaidPurchase[] = []
        for (const id of data.paidReceipts) {
          const receipt = await sources.receipt(organizationId, id)
          if (!receipt || !purchaseEntryOf(receipt)) continue
          purchases.push({
            supplier: { id: receipt.receipt.contactId ?? 0, name: receipt.receipt.supplierName ?? '' },
            taxIncluded: receipt.receipt.taxIncluded ?? '0',
            pieceRef: receiptPieceRef(receipt.receipt),
          })
        }
        // A line that pays no invoice, the most of them, spares the reading of the others that pay its invoices.
        const around =
          data.paidInvoices.length > 0 ? await sources.instalments(organizationId, { transactionId: source.id }) : null
        const entry = movementEntryOf(data, sales, purchases, around?.byTransfer.get(source.id) ?? [])
        return entry ? [entry] : []
      }
      case 'receipt': {
        // The receipt's account comes from its bank line's split, so a change of that split must re-post it: the
        // trigger on transaction_allocations (migration 0019) marks the line's receipts, rather than the line's
        // posting re-checking them here, because a source's posting only ever compares and replaces its own entries
        // (posting.ts) and the marks are the one place that says which sources a write touches.
        const data = await sources.receipt(organizationId, source.id)
        const entry = data ? purchaseEntryOf(data) : null
        return entry ? [entry] : []
      }
      default:
        return []
    }
  }
}
