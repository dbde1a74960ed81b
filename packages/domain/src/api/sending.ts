/** Response shapes of sending documents by e-mail and of share links (API.md "Sales documents"). */

/** GET /invoices/{id}/email, GET /quotes/{id}/email: the send drawer's defaults, variables already resolved. */
export type SendEmailDefaultsDto = {
  emailRecipient: string
  subject: string
  contentMail: string
  meInCopy: boolean
  /** The document's latest e-mail, so the drawer can say one is still waiting for the mail server (or gave up). */
  lastSending: { status: 'sent' | 'queued' | 'stored' | 'failed'; to: string; createdAt: string } | null
}

/**
 * POST /invoices/{id}/send: sent (the SMTP server took it), queued (it did not answer: the outbox retries),
 * stored (no SMTP server: the development mailbox).
 */
export type SendEmailResultDto = { status: 'sent' | 'queued' | 'stored' }

/** POST /invoices/{id}/public-url. */
export type ShareLinkDto = { url: string }

export type PublicAddressDto = {
  street: string | null
  complement1: string | null
  complement2: string | null
  postcode: string
  city: string
  countryName: string
}

/**
 * GET /public/documents/{token}: what a shared document shows, and nothing else (no ids, no settings, no other
 * document).
 */
export type PublicDocumentDto = {
  kind: 'invoice' | 'quote'
  /** "Facture", "Avoir", "Facture d'acompte", "Devis". */
  title: string
  reference: string | null
  name: string
  description: string | null
  datedAt: string
  /** Due date of an invoice, end of validity of a quote; null on credit notes. */
  dueAt: string | null
  stateLabel: string
  taxFree: boolean
  seller: { name: string; address: PublicAddressDto | null }
  buyer: { name: string } | null
  lines: {
    name: string
    description: string | null
    quantity: string
    unit: string
    unitPrice: string
    vatRate: string
    totalTaxExcluded: string
  }[]
  totalTaxExcluded: string
  totalTaxes: string
  totalTaxIncluded: string
  vatBreakdown: { ratePercent: string; taxExcluded: string; taxAmount: string }[]
}
