import { Dec, type DecimalInput, fixed, toDec } from '../money/decimal'

/**
 * VAT of one amount. Rates are in percent ("20", "5.5"). Results are amounts to the cent with
 * exactly two decimals ("16.67"), rounded half away from zero.
 */

export const toRate = (ratePercent: DecimalInput): Dec => {
  const rate = toDec(ratePercent)
  if (rate.lessThan(0)) throw new RangeError(`A VAT rate cannot be negative: ${ratePercent}`)
  return rate
}

const vatPart = (amount: Dec, rate: Dec): Dec => {
  const magnitude = amount.abs()
  const part = magnitude.minus(magnitude.dividedBy(rate.dividedBy(100).plus(1))).toDecimalPlaces(2, Dec.ROUND_HALF_UP)
  return amount.isNegative() ? part.negated() : part
}

/**
 * The VAT inside a tax-included amount (spec/money.md §5): |amount| − |amount| / (1 + rate/100),
 * rounded to the cent, with the sign of the amount. 120 at 20 % → "20.00"; -100 at 20 % → "-16.67".
 */
export const vatPartOfTaxIncluded = (amountTaxIncluded: DecimalInput, ratePercent: DecimalInput): string =>
  fixed(vatPart(toDec(amountTaxIncluded), toRate(ratePercent)), 2)

/** The tax-excluded part of a tax-included amount: the amount minus its VAT part, to the cent. */
export const taxExcludedFromIncluded = (amountTaxIncluded: DecimalInput, ratePercent: DecimalInput): string => {
  const amount = toDec(amountTaxIncluded)
  return fixed(amount.minus(vatPart(amount, toRate(ratePercent))), 2)
}

/** VAT on a tax-excluded amount: round2(amount × rate / 100). */
export const vatOfTaxExcluded = (amountTaxExcluded: DecimalInput, ratePercent: DecimalInput): string =>
  fixed(toDec(amountTaxExcluded).times(toRate(ratePercent)).dividedBy(100), 2)

/** Tax-included amount of a tax-excluded one: round2(amount) + its VAT, so TTC = HT + TVA to the cent. */
export const taxIncludedFromExcluded = (amountTaxExcluded: DecimalInput, ratePercent: DecimalInput): string => {
  const taxExcluded = toDec(fixed(toDec(amountTaxExcluded), 2))
  return fixed(taxExcluded.plus(vatOfTaxExcluded(taxExcluded.toFixed(), ratePercent)), 2)
}
