import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools'
import { z } from 'zod'
import { messages } from '../messages/index'

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

/** An optional IBAN, checked (key and length of its country) and stored in its electronic format; empty clears it. */
export const ibanField = () =>
  z
    .string({ error: m.ibanInvalid })
    .nullish()
    .transform((value) => (value?.trim() ? normalizeIban(value) : null))
    .refine((value) => value === null || isValidIBAN(value), { error: m.ibanInvalid })

/** An optional BIC (8 or 11 characters, ISO 9362), upper case without spaces; empty clears it. */
export const bicField = () =>
  z
    .string({ error: m.bicInvalid })
    .nullish()
    .transform((value) => (value?.trim() ? normalizeBic(value) : null))
    .refine((value) => value === null || isValidBIC(value), { error: m.bicInvalid })
