import { abs, add, compare, isNegative, isZero, subtract, toCents } from '../../money/arithmetic'

/**
 * A bank line that pays invoices (transaction_invoices holds no amount): its date and id give its turn, `invoiceIds`
 * the invoices it pays in the order it pays them (theirs: date, then id). Signed: + money in, − money out.
 */
export type TransferPayingInvoices = { id: number; date: string; amount: string; invoiceIds: readonly number[] }

/**
 * What one transfer pays of one invoice, signed as the transfer. `paidBefore` is what earlier transfers paid of the
 * invoice; `completes` says this payment makes its net to pay (the one that takes what is left of its pending VAT).
 */
export type Instalment = {
  transferId: number
  /** The transfer's date: the invoice's payment date when this payment completes it. */
  date: string
  invoiceId: number
  amount: string
  paidBefore: string
  completes: boolean
}

export type InvoiceInstalments = {
  /** Per transfer, its payments in the order of its invoices; a transfer that pays nothing has none. */
  byTransfer: Map<number, Instalment[]>
  /** Per invoice, its payments in the transfers' order. */
  byInvoice: Map<number, Instalment[]>
}

/** Transfers by date, then id: the order in which they pay what they share (decision 0024). */
export const transferOrder = (a: Pick<TransferPayingInvoices, 'date' | 'id'>, b: typeof a) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id

/** The smaller of two amounts of the same sign, by magnitude. */
const nearerZero = (a: string, b: string) => (compare(abs(a), abs(b)) <= 0 ? a : b)

/**
 * What each transfer pays of each invoice (decision 0024 "A bank line that pays invoices"): the transfers in their
 * order (date, then id), and each transfer its invoices in its own order, each up to what earlier transfers left of
 * its net to pay, until the transfer's amount is used up; the rest of a transfer is not the invoices' (471 or its
 * split). Money in pays invoices, money out refunds credit notes: an amount of the other sign pays nothing. An invoice
 * missing from `netToPay` (a draft) is paid nothing. The invoice links and the books both read this, so that "paid"
 * on an invoice and its 411 lettering can never disagree.
 */
export function invoiceInstalments(
  transfers: readonly TransferPayingInvoices[],
  netToPay: ReadonlyMap<number, string>,
): InvoiceInstalments {
  const paidSoFar = new Map<number, string>()
  const byTransfer = new Map<number, Instalment[]>()
  const byInvoice = new Map<number, Instalment[]>()
  for (const transfer of [...transfers].sort(transferOrder)) {
    let left = transfer.amount
    const payments: Instalment[] = []
    for (const invoiceId of transfer.invoiceIds) {
      const due = netToPay.get(invoiceId)
      if (due === undefined || isZero(left) || isNegative(left) !== isNegative(due)) continue
      const paidBefore = paidSoFar.get(invoiceId) ?? '0'
      const remaining = subtract(due, paidBefore)
      if (isZero(remaining) || isNegative(remaining) !== isNegative(due)) continue
      const amount = toCents(nearerZero(left, remaining))
      const payment: Instalment = {
        transferId: transfer.id,
        date: transfer.date,
        invoiceId,
        amount,
        paidBefore: toCents(paidBefore),
        completes: compare(amount, remaining) === 0,
      }
      payments.push(payment)
      byInvoice.set(invoiceId, [...(byInvoice.get(invoiceId) ?? []), payment])
      paidSoFar.set(invoiceId, add(paidBefore, amount))
      left = subtract(left, amount)
    }
    byTransfer.set(transfer.id, payments)
  }
  return { byTransfer, byInvoice }
}

/** What the transfers paid of an invoice, signed as its net to pay ("0.00" when none did). */
export const paidByTransfers = (instalments: InvoiceInstalments, invoiceId: number): string =>
  toCents((instalments.byInvoice.get(invoiceId) ?? []).reduce((total, payment) => add(total, payment.amount), '0'))

/** Whether the transfers leave something to pay of a net to pay: a part of its sign, not nothing nor an excess. */
export const leavesSomethingToPay = (netToPay: string, paid: string): boolean => {
  const rest = subtract(netToPay, paid)
  return !isZero(rest) && isNegative(rest) === isNegative(netToPay)
}
