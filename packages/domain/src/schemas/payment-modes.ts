import { z } from 'zod'
import { messages } from '../messages/index'
import { PAYMENT_MODE_IDS, type PaymentModeCode } from '../reference/ids'
import { bicField, ibanField } from './bank-details'
import { optionalText } from './common'
import { patchBodyOf } from './patch'

/**
 * What an organisation sets on a payment mode, whole: on or off, and for the bank transfer the IBAN, BIC and holder
 * (an empty IBAN or BIC clears it). A PATCH is merged into the stored mode and checked with this.
 */
export const paymentModeFields = z.strictObject({
  isActive: z.boolean({ error: messages.validation.required }),
  iban: ibanField(),
  bic: bicField(),
  accountName: optionalText(),
})
export type PaymentModeSettings = z.output<typeof paymentModeFields>

/** PATCH /settings/payment-modes/{id}: every field optional (API.md "PATCH is partial"); null clears a field. */
export const paymentModeSchema = patchBodyOf(paymentModeFields)
export type PaymentModeBody = z.output<typeof paymentModeSchema>

const PAYMENT_MODE_CODES = Object.keys(PAYMENT_MODE_IDS) as [PaymentModeCode, ...PaymentModeCode[]]

/** GET /settings/payment-modes: every mode of the reference list with the organisation's choice. */
export const paymentModeDtoSchema = z
  .object({
    id: z.number().int(),
    code: z.enum(PAYMENT_MODE_CODES),
    name: z.string(),
    isActive: z.boolean(),
    /** Electronic format (no spaces); the page and the PDF group it by 4. */
    iban: z.string().nullable().meta({ description: 'Format électronique, sans espaces' }),
    bic: z.string().nullable(),
    accountName: z.string().nullable().meta({ description: 'Titulaire du compte imprimé avec l’IBAN' }),
  })
  .meta({ id: 'PaymentMode', description: "Moyen de paiement, tel que l'entreprise l'a réglé" })
export type PaymentModeDto = z.infer<typeof paymentModeDtoSchema>
