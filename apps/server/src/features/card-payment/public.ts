import { eurosToCents, hasFeature, type InvoiceDto, messages, withinCardLimits } from '@app/domain'
import type { DbOrTx } from '../../db/client'
import { conflict } from '../../lib/errors'
import type { InvoiceService } from '../invoices/service'
import type { NotificationService } from '../notifications/service'
import type { OrganizationService } from '../organizations/service'
import type { ShareLinkService } from '../share-links/service'
import { platformTenant } from '../subscriptions/platform'
import type { CardCheckout } from './checkout'
import { createCardPaymentRepo } from './repo'

/** An invoice the customer still owes: issued, not paid, not cancelled. */
const PAYABLE_STATES = new Set(['VALIDATED', 'PENDING', 'LATE'])

/**
 * "Payer par carte" on a shared invoice (/p/{token}): offered when the organisation has switched the STRIPE payment
 * mode on with its key on a paid plan or the trial, the invoice is still owed and its total TTC is within the
 * organisation's limits.
 */
export function createPublicCardPayment(deps: {
  db: DbOrTx
  appUrl: string
  shareLinks: Pick<ShareLinkService, 'document'>
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
    const settings = await createCardPaymentRepo(deps.db).find(link.organizationId)
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
      const url = await deps.checkout.createSession(found.secretKey, {
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
      return { url }
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
      const settings = await createCardPaymentRepo(deps.db).find(link.organizationId)
      if (!settings.secretKey) return { paid: false }
      const session = await deps.checkout.findSession(settings.secretKey, sessionId)
      if (!session?.paid || session.metadata.carnet_invoice_id !== String(invoice.id)) return { paid: false }
      const tenant = await platformTenant(deps.organizations, link.organizationId, null)
      const paid = await deps.invoices.markAsPaid(tenant, invoice.id, null)
      await deps.notifications.invoicePaid(tenant, paid)
      return { paid: true }
    },
  }
}
export type PublicCardPayment = ReturnType<typeof createPublicCardPayment>
