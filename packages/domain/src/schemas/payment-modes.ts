import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools'
import { z } from 'zod'
import { messages } from '../messages/index'
import { PAYMENT_MODE_IDS, type PaymentModeCode } from '../reference/ids'
import { optionalText } from './common'
import { patchBodyOf } from './patch'

const m = messages.settingsAppearance

/** An IBAN in its electronic format (no spaces, upper case), or null when empty. */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? ''
}

/** True when the IBAN is valid, with or without spaces. */
export const ibanIsValid = (value: string) => isValidIBAN(normalizeIban(value))

/** An IBAN printed grouped by 4 ("FR76 3000 6000 0112 3456 7890 189"). */
export const formatIban = (value: string) => friendlyFormatIBAN(normalizeIban(value)) ?? value

export const normalizeBic = (value: string) => value.replace(/\s/g, '').toUpperCase()
export const bicIsValid = (value: string) => isValidBIC(normalizeBic(value))

/**
 * What an organisation sets on a payment mode, whole: on or off, and for the bank transfer the IBAN, BIC and holder
 * (an empty IBAN or BIC clears it). A PATCH is merged into the stored mode and checked with this.
 */
export const paymentModeFields = z.object({
  isActive: z.boolean({ error: messages.validation.required }),
  iban: z
    .string({ error: m.ibanInvalid })
    .nullish()
    .transform((value) => (value?.trim() ? normalizeIban(value) : null))
    .refine((value) => value === null || isValidIBAN(value), { error: m.ibanInvalid }),
  bic: z
    .string({ error: m.bicInvalid })
    .nullish()
    .transform((value) => (value?.trim() ? normalizeBic(value) : null))
    .refine((value) => value === null || isValidBIC(value), { error: m.bicInvalid }),
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
