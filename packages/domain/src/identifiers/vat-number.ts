import { compactIdentifier, isValidSiren } from './siren'

/**
 * The French intra-community VAT number of a company: "FR", a two-digit key, the SIREN.
 * key = (12 + 3 × (SIREN mod 97)) mod 97. '732829320' → 'FR44732829320'. Null for an invalid SIREN.
 */
export const vatNumberFromSiren = (value: string): string | null => {
  const siren = compactIdentifier(value)
  if (!isValidSiren(siren)) return null
  const key = (12 + 3 * (Number(siren) % 97)) % 97
  return `FR${String(key).padStart(2, '0')}${siren}`
}

/** "fr 44 732 829 320" → "FR44732829320": spaces, dots and dashes removed, upper case. */
export const compactVatNumber = (value: string): string => value.replace(/[\s.-]+/g, '').toUpperCase()

/** EU VAT numbers: a two-letter country prefix (EL for Greece, XI for Northern Ireland) and 2 to 13 characters. */
const EU_VAT_PATTERN = /^[A-Z]{2}[A-Z0-9+*]{2,13}$/
const FRENCH_VAT_PATTERN = /^FR[0-9A-Z]{2}\d{9}$/

export type VatNumberCheck = 'valid' | 'format' | 'key'

/**
 * Checks an intra-community VAT number. French numbers with a numeric key are checked against their SIREN
 * (key = (12 + 3 × (SIREN mod 97)) mod 97, and the SIREN's own Luhn key); the rare alphabetic keys given to
 * companies without a SIREN are only checked for their shape, as are other countries' numbers.
 */
export const checkVatNumber = (value: string): VatNumberCheck => {
  const vat = compactVatNumber(value)
  if (!EU_VAT_PATTERN.test(vat)) return 'format'
  if (!vat.startsWith('FR')) return 'valid'
  if (!FRENCH_VAT_PATTERN.test(vat)) return 'format'
  if (!/^FR\d{2}/.test(vat)) return 'valid'
  return vatNumberFromSiren(vat.slice(4)) === vat ? 'valid' : 'key'
}

/** The SIREN inside a French VAT number ("FR44732829320" → "732829320"), or null. */
export const sirenOfVatNumber = (value: string): string | null => {
  const vat = compactVatNumber(value)
  return FRENCH_VAT_PATTERN.test(vat) ? vat.slice(4) : null
}
