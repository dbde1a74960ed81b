import { isZero, negate, subtract, toCents } from '../../money/arithmetic'
import { customerAuxiliary, POSTING_ACCOUNTS, supplierAuxiliary } from './accounts'
import { checkedOrNothing } from './balance'
import { type DraftLine, entryOf, sumOf } from './lines'
import { type MovementPart, partLines } from './parts'
import type { Party, PostingEntry, TreasuryJournalForPosting, VatNature } from './types'

/**
 * The share of an invoice's pending VAT (44574: services under encaissements, deposits) that a payment makes due,
 * per rate and nature, signed as the payment.
 */
export type PendingVatShare = { ratePercent: string; nature: VatNature; base: string; tax: string }

/** An invoice settled by the line: amount signed as the line (+ money in; − for a credit note refunded). */
export type InvoicePayment = {
  customer: Party
  amount: string
  invoiceRef: string
  /** What of its VAT the payment makes due: moved from 44574 to 44571 at the line's date. */
  pendingVat?: readonly PendingVatShare[]
}
/** A validated receipt the line paid (decision 0024 "HA"): amount signed as the line (− money out). */
export type ReceiptPayment = { supplier: Party; amount: string; receiptRef: string }

export type TreasuryMovementForPosting = {
  /** The bank or cash journal (BQ1 / 5121, CAI1 / 5301…). */
  journal: TreasuryJournalForPosting
  date: string
  /** The line's name: the entry's label. */
  label: string
  /** What identifies the line as a piece (the bank's reference, else the server's own id for it). */
  pieceRef: string
  /** Signed: + money in, − money out. */
  amount: string
  /** The split. Empty: the line is not categorised yet. */
  allocations: readonly MovementPart[]
  invoicePayments?: readonly InvoicePayment[]
  receiptPayments?: readonly ReceiptPayment[]
}

/** The VAT a payment makes due (encaissements): out of 44574, into 44571 at its date, where the return reads it. */
export function vatMadeDueLines(pending: readonly PendingVatShare[], label: string): DraftLine[] {
  return pending
    .filter((share) => !isZero(share.tax))
    .flatMap((share) => [
      { account: POSTING_ACCOUNTS.vatCollectedPending, amount: toCents(share.tax), label },
      {
        account: POSTING_ACCOUNTS.vatCollected,
        amount: negate(toCents(share.tax)),
        label,
        vat: {
          ratePercent: share.ratePercent,
          base: toCents(share.base),
          kind: 'collected' as const,
          nature: share.nature,
          dueOn: 'invoice' as const,
        },
      },
    ])
}

/** The journal's own account line: debit for money in, credit for money out. */
export const treasuryLine = (journal: TreasuryJournalForPosting, amount: string, label: string): DraftLine => ({
  account: { code: journal.accountCode, label: journal.accountLabel ?? journal.label },
  amount: toCents(amount),
  label,
})

/**
 * The entry of a bank (or cash) line (decision 0024 "BQ"): 512x for its amount against the invoices it settled
 * (411, the customer's auxiliary, to be lettered with the invoice), the receipts it paid (401, lettered likewise) and
 * its split (each part's HT on its category, its VAT on 44566 out / 44571 in). What the settlements leave of a line
 * with no split goes to the holding account 471, so the bank's balance is always right before anyone categorises it;
 * categorising then reverses this entry and posts the new one. A split that does not make the rest of the amount is
 * a bug upstream (the split's sum rule) and throws.
 */
export function postBankTransaction(movement: TreasuryMovementForPosting): PostingEntry | null {
  const { label } = movement
  const settlements: DraftLine[] = [
    ...(movement.invoicePayments ?? []).map((payment) => ({
      account: POSTING_ACCOUNTS.customers,
      amount: negate(payment.amount),
      label,
      auxiliary: customerAuxiliary(payment.customer),
      settles: { pieceRef: payment.invoiceRef },
    })),
    ...(movement.receiptPayments ?? []).map((payment) => ({
      account: POSTING_ACCOUNTS.suppliers,
      amount: negate(payment.amount),
      label,
      auxiliary: supplierAuxiliary(payment.supplier),
      settles: { pieceRef: payment.receiptRef },
    })),
  ]
  const vatDue = (movement.invoicePayments ?? []).flatMap((payment) => vatMadeDueLines(payment.pendingVat ?? [], label))
  const settled = negate(sumOf(settlements.map((line) => line.amount)))
  const rest = toCents(subtract(movement.amount, settled))
  const split = toCents(sumOf(movement.allocations.map((part) => part.amount)))

  let counterpart: DraftLine[]
  if (movement.allocations.length === 0) {
    counterpart = isZero(rest) ? [] : [{ account: POSTING_ACCOUNTS.suspense, amount: negate(rest), label }]
  } else {
    if (split !== rest)
      throw new Error(`Transaction ${movement.pieceRef}: its split makes ${split}, the rest of its amount is ${rest}`)
    counterpart = partLines(movement.allocations, label, 'invoice')
  }

  const head = { date: movement.date, label, pieceRef: movement.pieceRef, pieceDate: movement.date }
  const lines = [treasuryLine(movement.journal, movement.amount, label), ...settlements, ...counterpart, ...vatDue]
  return checkedOrNothing(entryOf(movement.journal, head, lines))
}
