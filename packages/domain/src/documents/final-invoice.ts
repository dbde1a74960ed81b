import { Dec, fixed, toDec } from '../money/decimal'
import type { VatRateTotal } from '../vat/breakdown'

type Totals = { byRate: VatRateTotal[]; totalTaxExcluded: string; totalTaxes: string; totalTaxIncluded: string }

/**
 * The VAT of a final invoice, so that deposits + final invoice = the quote to the cent, VAT included.
 * Per rate, the final invoice's base is the quote's base minus the deposits' bases; rounding the VAT of each
 * document separately could then leave a cent over or under (100.05 at 10 % is 10.01, but 30.02 and 70.03 give
 * 3.00 and 7.00). Where a rate's base is exactly that difference, its VAT becomes the quote's VAT minus the
 * deposits' VAT: at most a cent per deposit from round2(base × rate), within EN 16931's BR-CO-17 tolerance.
 * A rate whose base the user changed keeps its own computed VAT.
 */
export function settleFinalInvoiceVat(
  final: Totals,
  quote: readonly VatRateTotal[],
  deposits: readonly VatRateTotal[][],
): Totals {
  const rateKey = (rate: string) => toDec(rate).toString()
  const sumOf = (rate: string, field: 'taxExcluded' | 'taxAmount') =>
    deposits.reduce((total, breakdown) => {
      const entry = breakdown.find((r) => rateKey(r.ratePercent) === rate)
      return entry ? total.plus(toDec(entry[field])) : total
    }, new Dec(0))
  let totalTaxExcluded = new Dec(0)
  let totalTaxes = new Dec(0)
  const byRate = final.byRate.map((entry) => {
    const key = rateKey(entry.ratePercent)
    const fromQuote = quote.find((r) => rateKey(r.ratePercent) === key)
    const base = toDec(entry.taxExcluded)
    let vat = toDec(entry.taxAmount)
    if (fromQuote && base.equals(toDec(fromQuote.taxExcluded).minus(sumOf(key, 'taxExcluded'))))
      vat = toDec(fromQuote.taxAmount).minus(sumOf(key, 'taxAmount'))
    totalTaxExcluded = totalTaxExcluded.plus(base)
    totalTaxes = totalTaxes.plus(vat)
    return { ...entry, taxAmount: fixed(vat, 2), taxIncluded: fixed(base.plus(vat), 2) }
  })
  return {
    byRate,
    totalTaxExcluded: fixed(totalTaxExcluded, 2),
    totalTaxes: fixed(totalTaxes, 2),
    totalTaxIncluded: fixed(totalTaxExcluded.plus(totalTaxes), 2),
  }
}
