import { compare, divide, type InvoicePaymentDto, multiply, round2, subtract, sum, toCents } from '@app/domain'
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../../db/client'
import { eInvoiceFlows } from '../../../../db/schema/index'
import type { CdarPayment } from '../cdar/types'
import { encaisseeTrackingId, isConnected, NOT_RENDERED } from './hooks'
import { createOutgoingFlowRepo } from './repo'

/**
 * Encaissée (212): a seller under VAT on receipts tells the network, for each payment of a service invoice that went
 * through it, the date and the amounts received per VAT rate (the VAT becomes due then). Goods are taxed on delivery
 * and an invoice under VAT on debits at issue: nothing to tell for them.
 */
export const needsEncaissee = (invoice: {
  nature: string
  vatOnDebits: boolean
  isCreditNote: boolean
  isRecurring: boolean
}) => !invoice.isCreditNote && !invoice.isRecurring && !invoice.vatOnDebits && invoice.nature !== 'GOODS'

/** The invoice's own flow, when it went (or is going) through the network: not skipped, not refused. */
async function travelsOnNetwork(tx: DbOrTx, organizationId: number, invoiceId: number) {
  const [row] = await tx
    .select({ id: eInvoiceFlows.id })
    .from(eInvoiceFlows)
    .where(
      and(
        eq(eInvoiceFlows.organizationId, organizationId),
        eq(eInvoiceFlows.invoiceId, invoiceId),
        eq(eInvoiceFlows.direction, 'out'),
        eq(eInvoiceFlows.flowType, 'CustomerInvoice'),
        inArray(eInvoiceFlows.state, ['queued', 'sent']),
      ),
    )
  return row !== undefined
}

/**
 * Queues one Encaissée per payment of the invoice not told yet, inside the transaction that records the payment (the
 * tracking id of each payment makes it once, partial payments each). The CDAR is written when it is sent.
 */
export async function queueEncaisseesWithin(
  tx: DbOrTx,
  organizationId: number,
  invoice: {
    id: number
    reference: string | null
    nature: string
    vatOnDebits: boolean
    isCreditNote: boolean
    isRecurring: boolean
  },
  paymentsNow: () => Promise<readonly Pick<InvoicePaymentDto, 'id' | 'transactionId'>[]>,
) {
  if (!needsEncaissee(invoice)) return
  if (!(await isConnected(tx, organizationId)) || !(await travelsOnNetwork(tx, organizationId, invoice.id))) return
  const repo = createOutgoingFlowRepo(tx)
  for (const payment of await paymentsNow()) {
    if (payment.id === null && payment.transactionId === null) continue
    const trackingId = encaisseeTrackingId(organizationId, invoice.id, payment)
    await repo.insertQueued({
      organizationId,
      flowType: 'CustomerInvoiceLC',
      syntax: 'CDAR',
      fileName: `${trackingId}.xml`,
      storageKey: null,
      sha256: NOT_RENDERED,
      trackingId,
      invoiceId: invoice.id,
    })
  }
}

/** The payment an Encaissée's tracking id speaks of, among the invoice's payments now (gone: removed since). */
export function paymentOfTrackingId(trackingId: string, payments: readonly InvoicePaymentDto[]) {
  const key = /-(p|t)(\d+)$/.exec(trackingId)
  if (!key) return null
  const id = Number(key[2])
  const found = payments.find((payment) =>
    key[1] === 'p' ? payment.id === id : payment.id === null && payment.transactionId === id,
  )
  return found ?? null
}

/**
 * The amounts of a payment per VAT rate (BR-FR-CDV-14): the payment split over the invoice's rates in proportion to
 * their TTC, to the cent, the largest rate taking the rounding so the parts add up to the payment.
 */
export function paymentPerRate(
  payment: { paidAt: string; amount: string },
  vatBreakdown: readonly { ratePercent: string; taxIncluded: string }[],
): CdarPayment {
  const shares = vatBreakdown.filter((share) => compare(share.taxIncluded, 0) !== 0)
  const total = sum(shares.map((share) => share.taxIncluded))
  const rate = (percent: string) => toCents(percent)
  if (shares.length === 0 || compare(total, 0) === 0)
    return { date: payment.paidAt, amounts: [{ rate: '0.00', amount: toCents(payment.amount) }] }
  let largest = 0
  shares.forEach((share, index) => {
    if (compare(share.taxIncluded, shares[largest]?.taxIncluded ?? 0) > 0) largest = index
  })
  const parts = shares.map((share) => round2(divide(multiply(payment.amount, share.taxIncluded), total)))
  const others = sum(parts.filter((_, index) => index !== largest))
  parts[largest] = subtract(payment.amount, others)
  return {
    date: payment.paidAt,
    amounts: shares.map((share, index) => ({ rate: rate(share.ratePercent), amount: toCents(parts[index] ?? '0') })),
  }
}
