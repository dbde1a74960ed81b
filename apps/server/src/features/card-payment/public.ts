import { eurosToCents, hasFeature, type InvoiceDto, messages, withinCardLimits } from '@app/domain'
import type { DbOrTx } from '../../db/client'
import { conflict } from '../../lib/errors'
import type { OrganizationService } from '../organizations/service'
import type { ShareLinkService } from '../share-links/service'
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
  organizations: Pick<OrganizationService, 'access'>
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
      const url = await deps.checkout(found.secretKey, {
        amountCents: eurosToCents(found.invoice.totalTaxIncluded),
        label: `Facture ${found.invoice.reference ?? found.invoice.name}`,
        successUrl: `${page}?paiement=ok`,
        cancelUrl: page,
        metadata: {
          carnet_invoice_id: String(found.invoice.id),
          carnet_organization_id: String(found.link.organizationId),
        },
      })
      return { url }
    },
  }
}
export type PublicCardPayment = ReturnType<typeof createPublicCardPayment>
