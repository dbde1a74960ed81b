import { canonical, Dec, type DecimalInput, fixed, toDec } from '../money/decimal'
import { breakdownByRate, type VatBreakdownLine } from '../vat/breakdown'
import { toRate } from '../vat/compute'
import { allocateProportionally } from './allocate'
import type {
  DiscountValue,
  DocumentForTotals,
  DocumentTotals,
  LineForTotals,
  LineTotals,
  LineType,
  OperationNature,
  RateLine,
} from './types'

/** Delivery fees always carry 20 % VAT (spec/sales.md §5), 0 % for tax-free organisations. */
export const DELIVERY_FEES_RATE = '20'
/** Disbursements (débours) are outside the VAT base. */
export const DISBURSEMENT_RATE = '0'

const cents = (value: Dec): Dec => value.toDecimalPlaces(2, Dec.ROUND_HALF_UP)
const isGiven = (value: DecimalInput | null | undefined): value is DecimalInput =>
  value !== null && value !== undefined && value !== ''

/**
 * A discount on `base` (a line's gross or a document's subtotal). An amount takes priority: it is a magnitude that
 * reduces `base` toward zero, so it is signed like `sign` (a credit note's line, with a negative price, gets a negative
 * discount whether its stored discount amount was negated or not). Else round2(base × percentage / 100). Else 0.
 */
function discountOf(discount: DiscountValue | null | undefined, base: Dec, sign: Dec): Dec {
  if (!discount) return new Dec(0)
  if (isGiven(discount.amount)) {
    const magnitude = cents(toDec(discount.amount).abs())
    return sign.isNegative() ? magnitude.negated() : magnitude
  }
  if (isGiven(discount.percentage)) return cents(base.times(toDec(discount.percentage)).dividedBy(100))
  return new Dec(0)
}

function lineAmounts(line: LineForTotals): { gross: Dec; discount: Dec; net: Dec } {
  const gross = cents(toDec(line.quantity).times(toDec(line.amount)))
  const discount = discountOf(line.discount, gross, gross.isZero() ? toDec(line.amount) : gross)
  return { gross, discount, net: gross.minus(discount) }
}

/**
 * A line's amounts: gross = round2(quantity × unit price); discount = the amount given (priority) or
 * round2(gross × percentage / 100); net = gross − discount (EN 16931 BT-131).
 */
export function lineTotals(line: LineForTotals): LineTotals {
  const { gross, discount, net } = lineAmounts(line)
  return { gross: fixed(gross, 2), discountAmount: fixed(discount, 2), totalTaxExcluded: fixed(net, 2) }
}

/**
 * Totals of a quote, invoice or credit note (DESIGN.md "documents"): line nets; the global discount (amount
 * taking priority over percentage) spread over the rates in proportion to their bases, the largest rate absorbing
 * the rounding so the parts add up to the discount; delivery fees as a base at 20 % (0 % when tax-free);
 * disbursements as a base at 0 %; VAT per rate = round2(base × rate); TTC = HT + VAT.
 */
export function documentTotals(document: DocumentForTotals): DocumentTotals {
  const taxFree = document.taxFree === true
  const bases = new Map<string, Dec>()
  const addToBase = (ratePercent: DecimalInput, amount: Dec) => {
    const key = canonical(toRate(taxFree ? 0 : ratePercent))
    bases.set(key, (bases.get(key) ?? new Dec(0)).plus(amount))
  }

  const lines: LineTotals[] = []
  let subtotal = new Dec(0)
  for (const line of document.lines) {
    const { gross, discount, net } = lineAmounts(line)
    lines.push({ gross: fixed(gross, 2), discountAmount: fixed(discount, 2), totalTaxExcluded: fixed(net, 2) })
    subtotal = subtotal.plus(net)
    addToBase(line.ratePercent, net)
  }

  let discountAmount = new Dec(0)
  const discountByRate: RateLine[] = []
  if (!subtotal.isZero()) {
    discountAmount = discountOf(document.discount, subtotal, subtotal)
    if (!discountAmount.isZero()) {
      // Highest rate first, so that equal bases break the tie the same way on an invoice and its credit note.
      const rates = [...bases.keys()].sort((a, b) => new Dec(b).comparedTo(new Dec(a)))
      const parts = allocateProportionally(
        discountAmount,
        rates.map((rate) => bases.get(rate) ?? new Dec(0)),
      )
      rates.forEach((rate, index) => {
        const part = parts[index] ?? new Dec(0)
        bases.set(rate, (bases.get(rate) ?? new Dec(0)).minus(part))
        if (!part.isZero()) discountByRate.push({ ratePercent: rate, amount: fixed(part, 2) })
      })
    }
  }

  const deliveryFees = isGiven(document.deliveryFees) ? cents(toDec(document.deliveryFees)) : new Dec(0)
  if (!deliveryFees.isZero()) addToBase(DELIVERY_FEES_RATE, deliveryFees)
  const disbursement = isGiven(document.disbursement) ? cents(toDec(document.disbursement)) : new Dec(0)
  if (!disbursement.isZero()) addToBase(DISBURSEMENT_RATE, disbursement)

  const breakdown = breakdownByRate(
    [...bases.entries()].map(([ratePercent, base]): VatBreakdownLine => ({ ratePercent, taxExcluded: base.toFixed() })),
  )
  return {
    lines,
    subtotal: fixed(subtotal, 2),
    discountAmount: fixed(discountAmount, 2),
    discountByRate,
    deliveryFees: fixed(deliveryFees, 2),
    disbursement: fixed(disbursement, 2),
    byRate: breakdown.byRate,
    totalTaxExcluded: breakdown.totalTaxExcluded,
    totalTaxes: breakdown.totalTaxes,
    totalTaxIncluded: breakdown.totalTaxIncluded,
  }
}

/** Goods only, services only, or both; MISC lines do not count. No typed line: SERVICES. */
export function operationNature(types: readonly LineType[]): OperationNature {
  const goods = types.includes('PRODUCT')
  const services = types.includes('SERVICE')
  if (goods && services) return 'MIXED'
  return goods ? 'GOODS' : 'SERVICES'
}
