import { type DocumentPrint, eurosToCents, hasFeature, type InvoiceDto, messages, withinCardLimits } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { AppError, conflict } from '../../../lib/errors'
import type { SecretBox } from '../../../lib/secrets'
import { platformTenant } from '../../account/organizations/platform-tenant'
import type { OrganizationService } from '../../account/organizations/service'
import type { NotificationService } from '../../platform/notifications/service'
import type { InvoiceService } from '../invoices/service'
import type { CardCheckout } from './checkout'
import { createCardPaymentRepo } from './repo'

/** The provider's Checkout Sessions expire after 24 hours; an hour more covers a payment finished at the last minute. */
const PENDING_WINDOW_MS = 25 * 3_600_000

/** An invoice the customer still owes: issued, not paid, not cancelled. */
const PAYABLE_STATES = new Set(['VALIDATED', 'PENDING', 'LATE'])

/**
 * "Payer par carte" on a shared invoice (/p/{token}): offered when the organisation has switched the STRIPE payment
 * mode on with its key on a paid plan or the trial, the invoice is still owed and its total TTC is within the
 * organisation's limits.
 */
export function createPublicCardPayment(deps: {
  db: DbOrTx
  clock: Clock
  /** The organisations' Stripe keys are kept encrypted (lib/secrets.ts). */
  secrets: SecretBox
  appUrl: string
  /** The document a public link shows (made by the documents wing, wired in app.ts). */
  shareLinks: { document(token: string): Promise<{ link: { organizationId: number }; print: DocumentPrint }> }
  organizations: OrganizationService
  invoices: Pick<InvoiceService, 'markAsPaid'>
  notifications: Pick<NotificationService, 'invoicePaid'>
  checkout: CardCheckout
}) {
  async function payable(token: string) {
    const { link, print } = await deps.shareLinks.document(token)
    if (print.kind !== 'invoice') return null
    const invoice = print.document as InvoiceDto
    if (invoice.isCreditNote || !PAYABLE_STATES.has(invoice.state.code)) return null
    const settings = await createCardPaymentRepo(deps.db, deps.secrets).find(link.organizationId)
    if (!settings.isActive || !settings.secretKey || !withinCardLimits(invoice.totalTaxIncluded, settings)) return null
    // The free formula disables the card-payment mode (spec/account.md §4), whatever was set while on a plan.
    if (!hasFeature(await deps.organizations.access(link.organizationId), 'card_payment')) return null
    return { link, invoice, secretKey: settings.secretKey }
  }

  return {
    async availability(token: string) {
      const found = await payable(token)
      return { available: found !== null, amount: found ? found.invoice.totalTaxIncluded : null }
    },

    async start(token: string) {
      const found = await payable(token)
      if (!found) throw conflict(messages.cardPayment.notPayable, 'CARD_PAYMENT_UNAVAILABLE')
      const page = `${deps.appUrl}/p/${token}`
      const session = await deps.checkout.createSession(found.secretKey, {
        amountCents: eurosToCents(found.invoice.totalTaxIncluded),
        label: `Facture ${found.invoice.reference ?? found.invoice.name}`,
        // Stripe writes the session's id in place of {CHECKOUT_SESSION_ID}: the page confirms it on the way back.
        successUrl: `${page}?paiement=ok&session={CHECKOUT_SESSION_ID}`,
        cancelUrl: page,
        metadata: {
          carnet_invoice_id: String(found.invoice.id),
          carnet_organization_id: String(found.link.organizationId),
        },
      })
      await createCardPaymentRepo(deps.db, deps.secrets).recordSession(
        found.link.organizationId,
        found.invoice.id,
        session.id,
        deps.clock().toISOString(),
      )
      return { url: session.url }
    },

    /**
     * Back from the provider's page: the session is read from Stripe with the organisation's key (the browser's word
     * is not taken), and a paid session of this very invoice marks it paid today, as the platform, once.
     */
    async confirm(token: string, sessionId: string) {
      const { link, print } = await deps.shareLinks.document(token)
      if (print.kind !== 'invoice') throw conflict(messages.cardPayment.notPayable, 'CARD_PAYMENT_UNAVAILABLE')
      const invoice = print.document as InvoiceDto
      if (invoice.state.code === 'PAID') return { paid: true }
      return { paid: await settle(link.organizationId, invoice.id, sessionId) }
    },

    /**
     * The jobs' step (decision 0030): every card payment started in the last 25 hours and not settled is read from the
     * provider, so that an invoice paid by a customer who closed the page before coming back is marked paid all the
     * same. A session done with (expired, or complete without payment) is settled; one still open is read again at
     * the next run. A provider that fails for one organisation does not stop the others. Returns the invoices paid.
     */
    async settlePending(): Promise<number> {
      const since = new Date(deps.clock().getTime() - PENDING_WINDOW_MS).toISOString()
      let paid = 0
      for (const pending of await createCardPaymentRepo(deps.db, deps.secrets).pendingSessions(since)) {
        try {
          if (await settle(pending.organizationId, pending.invoiceId, pending.sessionId)) paid++
        } catch (error) {
          if (!(error instanceof AppError)) throw error
        }
      }
      return paid
    },
  }

  /**
   * Reads a session with the organisation's key (the browser's word is not taken): paid for this very invoice, the
   * invoice is marked paid today as the platform, once; the session is then settled. True when the invoice is paid.
   */
  async function settle(organizationId: number, invoiceId: number, sessionId: string): Promise<boolean> {
    const repo = createCardPaymentRepo(deps.db, deps.secrets)
    const settings = await repo.find(organizationId)
    if (!settings.secretKey) return false
    const session = await deps.checkout.findSession(settings.secretKey, sessionId)
    const at = () => deps.clock().toISOString()
    if (!session) {
      await repo.settle(organizationId, sessionId, at())
      return false
    }
    if (!session.paid || session.metadata.carnet_invoice_id !== String(invoiceId)) {
      if (!session.open) await repo.settle(organizationId, sessionId, at())
      return false
    }
    const tenant = await platformTenant(deps.organizations, organizationId, null)
    try {
      const paid = await deps.invoices.markAsPaid(tenant, invoiceId, null, 'CARD')
      await deps.notifications.invoicePaid(tenant, paid)
    } catch (error) {
      // Paid in the meantime, by hand or by the other path (the page and the jobs may meet): nothing left to record.
      if (!(error instanceof AppError) || error.statusCode !== 409) throw error
    }
    await repo.settle(organizationId, sessionId, at())
    return true
  }
}
export type PublicCardPayment = ReturnType<typeof createPublicCardPayment>
