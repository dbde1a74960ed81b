import { Dec } from '../money/decimal'

/**
 * Splits `total` (to the cent) over `weights` in proportion: each part is round2(total × weight / Σ weights), and the
 * weight largest in absolute value (the first of equals) absorbs the rounding so the parts add up to `total` exactly.
 * Signs are symmetric: allocating −total over −weights gives the negated parts. Zero weights get zero.
 * Throws RangeError when the weights add up to 0.
 */
export function allocateProportionally(total: Dec, weights: readonly Dec[]): Dec[] {
  const sumOfWeights = weights.reduce((acc, weight) => acc.plus(weight), new Dec(0))
  if (sumOfWeights.isZero()) throw new RangeError('Cannot allocate over weights that add up to 0')
  let largest = 0
  weights.forEach((weight, index) => {
    if (weight.abs().greaterThan(weights[largest]?.abs() ?? 0)) largest = index
  })
  const parts = weights.map((weight) =>
    weight.isZero() ? new Dec(0) : total.times(weight).dividedBy(sumOfWeights).toDecimalPlaces(2, Dec.ROUND_HALF_UP),
  )
  const others = parts.reduce((acc, part, index) => (index === largest ? acc : acc.plus(part)), new Dec(0))
  parts[largest] = total.minus(others)
  return parts
}
