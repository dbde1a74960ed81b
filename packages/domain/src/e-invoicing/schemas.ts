import { z } from 'zod'
import { isValidSiren } from '../identifiers/index'
import { messages } from '../messages/index'
import { twoFactorCodeField } from '../two-factor/schemas'
import { BUYER_REASONS, type LifecycleReasonCode } from './lifecycle'
import { eInvoicingMessages as m } from './messages'

const httpsUrl = (error: string) =>
  z
    .string({ error })
    .trim()
    .max(500, { error: messages.validation.tooLong(500) })
    // A web address: http(s), a host, an optional port and path; no spaces, no credentials in it.
    .refine((value) => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[^\s@]*)?$/i.test(value), { error })
    .transform((value) => value.replace(/\/+$/, ''))

/** A service's base address: its paths start with /v1, so a "/v1" pasted at the end is taken off. */
const serviceUrl = (error: string) => httpsUrl(error).transform((value) => value.replace(/\/v1$/i, ''))

const secretText = (error: string, max: number) =>
  z
    .string({ error })
    .trim()
    .min(1, { error })
    .max(max, { error: messages.validation.tooLong(max) })

/**
 * PUT /e-invoicing/connection (owner only, with a code of the owner's second factor): the PA's two services of
 * AFNOR XP Z12-013 (Flow and Directory), its OAuth2 token address and client credentials. The secret is sealed at
 * rest and never answered; leaving it out keeps the one saved.
 */
export const eInvoicingConnectionSchema = z.strictObject({
  flowUrl: serviceUrl(m.flowUrl),
  directoryUrl: serviceUrl(m.directoryUrl),
  tokenUrl: httpsUrl(m.tokenUrl),
  clientId: secretText(m.clientId, 200),
  clientSecret: secretText(m.clientSecret, 500).optional(),
  /** The Organization-Id header, when the PA serves several companies through one client. */
  platformOrganizationId: z
    .string()
    .trim()
    .max(100, { error: messages.validation.tooLong(100) })
    .nullable()
    .optional()
    .transform((value) => value || null),
  code: twoFactorCodeField(),
})
export type EInvoicingConnectionInput = z.output<typeof eInvoicingConnectionSchema>

/** PATCH /e-invoicing/connection: which of the organisation's directory addresses receives. */
export const eInvoicingReceivingSchema = z.strictObject({
  receivingAddress: z
    .string({ error: m.receivingAddress })
    .trim()
    .min(1, { error: m.receivingAddress })
    .max(125, { error: messages.validation.tooLong(125) }),
})
export type EInvoicingReceivingInput = z.output<typeof eInvoicingReceivingSchema>

/** DELETE /e-invoicing/connection needs the owner's code too. */
export const eInvoicingDisconnectSchema = z.strictObject({ code: twoFactorCodeField() })

/** GET /e-invoicing/directory?siren=: a SIREN as people type it. */
export const directoryLookupQuerySchema = z.strictObject({
  siren: z
    .string({ error: m.siren })
    .transform((value) => value.replace(/\s+/g, ''))
    .refine(isValidSiren, { error: m.siren }),
})

/**
 * POST /receipts/{id}/e-invoice-status: the buyer's answer to a received e-invoice. Refusée and En litige need a
 * reason from the code list; Paiement transmis is sent by Carnet when the receipt is paid from a bank line.
 */
export const buyerStatusSchema = z
  .strictObject({
    code: z.union([z.literal(205), z.literal(206), z.literal(207), z.literal(208), z.literal(210), z.literal(211)], {
      error: m.buyerStatus,
    }),
    reason: z
      .string()
      .trim()
      .max(60, { error: messages.validation.tooLong(60) })
      .nullable()
      .optional(),
    message: z
      .string()
      .trim()
      .max(1000, { error: messages.validation.tooLong(1000) })
      .nullable()
      .optional(),
  })
  .superRefine((value, ctx) => {
    const allowed = (BUYER_REASONS as Record<number, readonly LifecycleReasonCode[]>)[value.code]
    if (!allowed) return
    if (!value.reason || !allowed.includes(value.reason as LifecycleReasonCode))
      ctx.addIssue({ code: 'custom', path: ['reason'], message: m.reasonRequired })
  })
export type BuyerStatusInput = z.output<typeof buyerStatusSchema>
