import { add, divide, isZero, multiply, negate, subtract, toCents } from '../../money/arithmetic'
import { customerAuxiliary, POSTING_ACCOUNTS } from './accounts'
import { checkedOrNothing } from './balance'
import { type PendingVatShare, vatMadeDueLines } from './bank'
import { type DraftLine, entryOf } from './lines'
import type { JournalForPosting, Party, PostingEntry } from './types'

/** Opérations diverses: the VAT of an invoice marked paid by hand, with no payment in the books to carry it. */
export const MISCELLANEOUS_JOURNAL: JournalForPosting = { code: 'OD', label: 'Opérations diverses' }

/** The VAT a sales entry left pending on 44574, per rate and nature (credit − debit: positive for an invoice). */
export function pendingVatOf(entry: PostingEntry | null): PendingVatShare[] {
  const shares = new Map<string, PendingVatShare>()
  for (const line of entry?.lines ?? []) {
    if (line.accountCode !== POSTING_ACCOUNTS.vatCollectedPending.code || !line.vat) continue
    const key = `${line.vat.ratePercent} ${line.vat.nature}`
    const known = shares.get(key) ?? { ratePercent: line.vat.ratePercent, nature: line.vat.nature, base: '0', tax: '0' }
    shares.set(key, {
      ...known,
      base: add(known.base, line.vat.base),
      tax: add(known.tax, subtract(line.credit, line.debit)),
    })
  }
  return [...shares.values()].map((share) => ({ ...share, base: toCents(share.base), tax: toCents(share.tax) }))
}

/** What a payment of `paid` out of `total` (the invoice's TTC) makes due of its pending VAT, each share to the cent. */
export function pendingVatShareOf(pending: readonly PendingVatShare[], paid: string, total: string): PendingVatShare[] {
  if (isZero(total)) return []
  const ratio = divide(paid, total)
  return pending.map((share) => ({
    ...share,
    base: toCents(multiply(share.base, ratio)),
    tax: toCents(multiply(share.tax, ratio)),
  }))
}

/**
 * What one of several payments of an invoice makes due of its pending VAT: the share of all that is paid once it is
 * in, less the share of what was paid before it, each rounded to the cent; the payment that completes the invoice
 * takes exactly what is left. Rounding the running total rather than each payment makes the shares add up to the
 * pending VAT to the cent, and never gives a payment a negative share, however many there are.
 */
export function instalmentVatShareOf(
  pending: readonly PendingVatShare[],
  payment: { amount: string; paidBefore: string; completes: boolean },
  total: string,
): PendingVatShare[] {
  if (isZero(total)) return []
  const before = pendingVatShareOf(pending, payment.paidBefore, total)
  const after = payment.completes ? pending : pendingVatShareOf(pending, add(payment.paidBefore, payment.amount), total)
  return after.map((share, index) => ({
    ...share,
    base: toCents(subtract(share.base, before[index]?.base ?? '0')),
    tax: toCents(subtract(share.tax, before[index]?.tax ?? '0')),
  }))
}

/**
 * An invoice marked paid by hand (a cheque, cash, a payment outside the bank accounts followed here): its pending VAT
 * falls due on the payment date, posted in OD from 44574 to 44571 (decision 0024 "VAT"). Null when nothing is pending.
 */
export function postVatMadeDue(input: {
  reference: string
  date: string
  pending: readonly PendingVatShare[]
}): PostingEntry | null {
  const label = `TVA exigible – ${input.reference}`
  const lines = vatMadeDueLines(input.pending, label)
  const head = { date: input.date, label, pieceRef: input.reference, pieceDate: input.date }
  return checkedOrNothing(entryOf(MISCELLANEOUS_JOURNAL, head, lines))
}

/**
 * A payment of an invoice recorded by hand and not reconciled with a bank line yet (decision 0034): in OD on its date,
 * D 511 (valeurs à l'encaissement) / C 411 of the customer, lettered with the invoice, and the share of the invoice's
 * pending VAT it makes due (44574 → 44571). Reconciled, the bank line carries it instead and this entry goes.
 */
export function postManualPayment(input: {
  invoiceRef: string
  date: string
  customer: Party
  amount: string
  /** "Chèque", "Virement"…: in the label, for whoever reconciles 511. */
  methodLabel: string
  pending: readonly PendingVatShare[]
}): PostingEntry | null {
  if (isZero(input.amount)) return null
  const label = `Règlement ${input.methodLabel.toLowerCase()} – ${input.invoiceRef}`
  const lines: DraftLine[] = [
    { account: POSTING_ACCOUNTS.paymentsToReconcile, amount: toCents(input.amount), label },
    {
      account: POSTING_ACCOUNTS.customers,
      amount: negate(toCents(input.amount)),
      label,
      auxiliary: customerAuxiliary(input.customer),
      settles: { pieceRef: input.invoiceRef },
    },
    ...vatMadeDueLines(input.pending, label),
  ]
  const head = { date: input.date, label, pieceRef: input.invoiceRef, pieceDate: input.date }
  return checkedOrNothing(entryOf(MISCELLANEOUS_JOURNAL, head, lines))
}
