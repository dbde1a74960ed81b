export { breakdownByRate, type VatBreakdown, type VatBreakdownLine, type VatRateTotal } from './breakdown'
export { type VatChoice, type VatChoiceTax, vatChoiceOf, vatChoices } from './choices'
export { taxExcludedFromIncluded, taxIncludedFromExcluded, vatOfTaxExcluded, vatPartOfTaxIncluded } from './compute'
export {
  DEFAULT_VAT_RATE,
  DELIVERY_FEES_VAT_RATE,
  FRENCH_VAT_RATES,
  type FrenchVatRate,
  type FrenchVatRateName,
  TAX_FREE_VAT_RATE,
  VAT_RATE_INTERMEDIATE,
  VAT_RATE_NORMAL,
  VAT_RATE_REDUCED,
  VAT_RATE_SPECIAL,
  VAT_RATE_ZERO,
} from './rates'
