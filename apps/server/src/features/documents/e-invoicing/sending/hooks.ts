import type { DbOrTx } from '../../../../db/client'
import { createOutgoingFlowRepo } from './repo'

/**
 * What the invoices feature calls inside its own transactions (validation, "Envoyer", a payment): the flows are
 * written there, so they exist exactly when what caused them does (the outbox pattern). Nothing is rendered here:
 * the Factur-X PDF and the CDAR are made by the outbox when it sends, from what was committed.
 */

/** The tracking id of the flow that carries an invoice: stable, so validation then "Envoyer" queue it once. */
export const invoiceTrackingId = (organizationId: number, invoiceId: number) =>
  `carnet-inv-${organizationId}-${invoiceId}`

/**
 * The tracking id of the Encaissée (212) of one payment: a payment by hand (`p<id>`, the same once its bank line
 * reconciles it) or a bank line attached to the invoice (`t<id>`), so each payment is told once, partial ones each.
 */
export const encaisseeTrackingId = (
  organizationId: number,
  invoiceId: number,
  payment: { id: number | null; transactionId: number | null },
) => `carnet-212-${organizationId}-${invoiceId}-${payment.id !== null ? `p${payment.id}` : `t${payment.transactionId}`}`

/** The flow's file is made when it is sent: until then it has no file and no fingerprint. */
export const NOT_RENDERED = ''

export async function isConnected(db: DbOrTx, organizationId: number) {
  return createOutgoingFlowRepo(db).hasConnection(organizationId)
}

/**
 * Queues the flow of a validated invoice, deposit invoice or credit note when the organisation is connected to its
 * PA; once per invoice whatever calls it (validation, then "Envoyer"). Whether the customer can receive it is decided
 * when it is sent (the directory may have changed in between).
 */
export async function queueInvoiceFlowWithin(tx: DbOrTx, organizationId: number, invoiceId: number) {
  if (!(await isConnected(tx, organizationId))) return
  const repo = createOutgoingFlowRepo(tx)
  const invoice = await repo.invoiceIsRecurring(organizationId, invoiceId)
  if (!invoice || invoice.isRecurring) return
  await repo.insertQueued({
    organizationId,
    flowType: 'CustomerInvoice',
    syntax: 'Factur-X',
    profile: 'CIUS',
    processingRule: 'B2B',
    fileName: `facture-${invoiceId}.pdf`,
    storageKey: null,
    sha256: NOT_RENDERED,
    trackingId: invoiceTrackingId(organizationId, invoiceId),
    invoiceId,
  })
}
