import { z } from 'zod'

/** Response shapes of sending documents by e-mail and of share links (API.md "Sales documents"). */

/** GET /invoices/{id}/email, GET /quotes/{id}/email: the send drawer's defaults, variables already resolved. */
export const sendEmailDefaultsDtoSchema = z
  .object({
    emailRecipient: z.string(),
    subject: z.string(),
    contentMail: z.string(),
    meInCopy: z.boolean(),
    /** The document's latest e-mail, so the drawer can say one is still waiting for the mail server (or gave up). */
    lastSending: z
      .object({
        status: z.enum(['sent', 'queued', 'stored', 'failed']),
        to: z.string(),
        createdAt: z.string(),
      })
      .nullable()
      .meta({ description: 'Le dernier e-mail du document, ou null' }),
  })
  .meta({ id: 'SendEmailDefaults', description: 'Valeurs proposées pour envoyer un document par e-mail' })
export type SendEmailDefaultsDto = z.infer<typeof sendEmailDefaultsDtoSchema>

/**
 * POST /invoices/{id}/send: sent (the SMTP server took it), queued (it did not answer: the outbox retries),
 * stored (no SMTP server: the development mailbox).
 */
export const sendEmailResultDtoSchema = z
  .object({
    status: z.enum(['sent', 'queued', 'stored']).meta({
      description: 'sent : remis au serveur SMTP ; queued : il sera réessayé ; stored : gardé sans serveur SMTP',
    }),
  })
  .meta({ id: 'SendEmailResult', description: "Résultat de l'envoi d'un document par e-mail" })
export type SendEmailResultDto = z.infer<typeof sendEmailResultDtoSchema>

/** POST /invoices/{id}/public-url. */
export const shareLinkDtoSchema = z
  .object({ url: z.string() })
  .meta({ id: 'ShareLink', description: "Lien public d'un document" })
export type ShareLinkDto = z.infer<typeof shareLinkDtoSchema>

/** GET /invoices/{id}/public-url: the live link, or null when there is none. */
export const currentShareLinkDtoSchema = z
  .object({ url: z.string().nullable() })
  .meta({ id: 'CurrentShareLink', description: "Lien public d'un document, ou null quand il n'en a pas" })
export type CurrentShareLinkDto = z.infer<typeof currentShareLinkDtoSchema>

export const publicAddressDtoSchema = z.object({
  street: z.string().nullable(),
  complement1: z.string().nullable(),
  complement2: z.string().nullable(),
  postcode: z.string(),
  city: z.string(),
  countryName: z.string(),
})
export type PublicAddressDto = z.infer<typeof publicAddressDtoSchema>

/**
 * GET /public/documents/{token}: what a shared document shows, and nothing else (no ids, no settings, no other
 * document).
 */
export const publicDocumentDtoSchema = z
  .object({
    kind: z.enum(['invoice', 'quote']),
    /** "Facture", "Avoir", "Facture d'acompte", "Devis". */
    title: z.string(),
    reference: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    datedAt: z.string(),
    /** Due date of an invoice, end of validity of a quote; null on credit notes. */
    dueAt: z.string().nullable(),
    stateLabel: z.string(),
    taxFree: z.boolean(),
    seller: z.object({ name: z.string(), address: publicAddressDtoSchema.nullable() }),
    buyer: z.object({ name: z.string() }).nullable(),
    lines: z.array(
      z.object({
        name: z.string(),
        description: z.string().nullable(),
        quantity: z.string(),
        unit: z.string(),
        unitPrice: z.string(),
        vatRate: z.string(),
        totalTaxExcluded: z.string(),
      }),
    ),
    totalTaxExcluded: z.string(),
    totalTaxes: z.string(),
    totalTaxIncluded: z.string(),
    vatBreakdown: z.array(z.object({ ratePercent: z.string(), taxExcluded: z.string(), taxAmount: z.string() })),
  })
  .meta({ id: 'PublicDocument', description: 'Document partagé par un lien public, en lecture seule' })
export type PublicDocumentDto = z.infer<typeof publicDocumentDtoSchema>
