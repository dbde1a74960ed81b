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
