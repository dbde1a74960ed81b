import { Dec, type DecimalInput, fixed, toDec } from '../money/decimal'
import type { PriceRule } from '../schemas/catalog'
import { vatPartOfTaxIncluded } from '../vat/compute'

export type CatalogLine = {
  /** Unit price excluding VAT with 6 decimals (numeric(18,6)), as a line stores it. */
  unitPriceTaxExcluded: string
  totalTaxExcluded: string
  totalTaxes: string
  totalTaxIncluded: string
}

/**
 * A line of `quantity` × an item priced `amount` under `priceRule` at `ratePercent` (decision 0009).
 * - HT: net = round2(quantity × amount), VAT = round2(net × rate), TTC = net + VAT (EN 16931 order).
 * - TTC: the price stays TTC: TTC = round2(quantity × amount) first, VAT = its VAT part (spec/money.md §5
 *   formula), net = TTC − VAT. So 3 × 500,00 € TTC is 1 500,00 € TTC whatever the rate, never 1 499,99 €.
 *   The unit price HT is derived with 6 decimals only for display and the e-invoice.
 */
export function catalogLine(input: {
  amount: DecimalInput
  priceRule: PriceRule
  quantity: DecimalInput
  ratePercent: DecimalInput
}): CatalogLine {
  const rate = toDec(input.ratePercent).dividedBy(100)
  const quantity = toDec(input.quantity)
  const amount = toDec(input.amount)
  if (input.priceRule === 'HT') {
    const net = quantity.times(amount).toDecimalPlaces(2, Dec.ROUND_HALF_UP)
    const vat = net.times(rate).toDecimalPlaces(2, Dec.ROUND_HALF_UP)
    return {
      unitPriceTaxExcluded: fixed(amount, 6),
      totalTaxExcluded: fixed(net, 2),
      totalTaxes: fixed(vat, 2),
      totalTaxIncluded: fixed(net.plus(vat), 2),
    }
  }
  const taxIncluded = quantity.times(amount).toDecimalPlaces(2, Dec.ROUND_HALF_UP)
  const vat = toDec(vatPartOfTaxIncluded(taxIncluded.toFixed(), input.ratePercent))
  return {
    unitPriceTaxExcluded: fixed(amount.dividedBy(rate.plus(1)), 6),
    totalTaxExcluded: fixed(taxIncluded.minus(vat), 2),
    totalTaxes: fixed(vat, 2),
    totalTaxIncluded: fixed(taxIncluded, 2),
  }
}
