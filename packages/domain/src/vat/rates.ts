/**
 * French VAT rates of metropolitan France and Corsica (CGI art. 278 to 281 nonies), in percent,
 * as decimal strings. The seeded reference list (../shared/data/vat_rates.csv) also holds the
 * Corsican and overseas rates; these constants are the ones code refers to by name.
 */
export const VAT_RATE_NORMAL = '20'
export const VAT_RATE_INTERMEDIATE = '10'
export const VAT_RATE_REDUCED = '5.5'
export const VAT_RATE_SPECIAL = '2.1'
export const VAT_RATE_ZERO = '0'

/** Default rate of a new line; tax-free organisations (franchise en base) use 0. */
export const DEFAULT_VAT_RATE = VAT_RATE_NORMAL
export const TAX_FREE_VAT_RATE = VAT_RATE_ZERO
/** Delivery fees (and the late-penalty VAT computed on them) always carry 20 % (spec/sales.md §5). */
export const DELIVERY_FEES_VAT_RATE = VAT_RATE_NORMAL

export type FrenchVatRateName = 'normal' | 'intermédiaire' | 'réduit' | 'particulier' | 'zéro'

export interface FrenchVatRate {
  ratePercent: string
  name: FrenchVatRateName
  /** How the rate is called in French. */
  label: string
  /** Other names people use for it. */
  otherNames: readonly string[]
}

export const FRENCH_VAT_RATES: readonly FrenchVatRate[] = [
  { ratePercent: VAT_RATE_NORMAL, name: 'normal', label: 'Taux normal', otherNames: [] },
  { ratePercent: VAT_RATE_INTERMEDIATE, name: 'intermédiaire', label: 'Taux intermédiaire', otherNames: [] },
  { ratePercent: VAT_RATE_REDUCED, name: 'réduit', label: 'Taux réduit', otherNames: [] },
  { ratePercent: VAT_RATE_SPECIAL, name: 'particulier', label: 'Taux particulier', otherNames: ['super réduit'] },
  { ratePercent: VAT_RATE_ZERO, name: 'zéro', label: 'Exonéré ou hors champ', otherNames: ['non applicable'] },
]
