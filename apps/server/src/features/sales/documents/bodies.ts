import type { InvoiceDto, QuoteDto } from '@app/domain'
import { lineBodyOf } from './lines'

/**
 * The fields quotes and invoices share (DocumentBody), from a stored one back into a body: to copy it, or to merge a
 * PATCH into it. Each kind adds its own terms (payment, validity).
 */
export function documentBodyOf(source: InvoiceDto | QuoteDto) {
  return {
    name: source.name,
    datedAt: source.datedAt,
    contactId: source.contactId,
    billingAddressId: source.billingAddressId,
    deliveryAddressId: source.deliveryAddressId,
    description: source.description,
    terms: source.terms,
    currencyId: source.currencyId,
    discount: source.discount,
    deliveryFees: source.deliveryFees,
    disbursement: source.disbursement,
    latePenalties: source.latePenalties,
    lines: source.lines.map(lineBodyOf),
  }
}
