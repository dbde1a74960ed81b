import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools'
import { z } from 'zod'
import { messages } from '../messages/index'
import type { PaymentModeCode } from '../reference/ids'
import { optionalText } from './common'

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

/** PATCH /settings/payment-modes/{id}: every field optional; an empty IBAN or BIC clears it. */
export const paymentModeSchema = z
  .object({
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
  .partial()
export type PaymentModeBody = z.output<typeof paymentModeSchema>

/** GET /settings/payment-modes: every mode of the reference list with the organisation's choice. */
export type PaymentModeDto = {
  id: number
  code: PaymentModeCode
  name: string
  isActive: boolean
  /** Electronic format (no spaces); the page and the PDF group it by 4. */
  iban: string | null
  bic: string | null
  accountName: string | null
}
