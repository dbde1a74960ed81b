import { canonical, checkDecimals, Dec, type DecimalInput, fixed, toDec } from './decimal'
import { aligned, canonicalOf, fixedOf, type Scaled, scaledOf } from './scaled'

/**
 * Arithmetic on decimal strings. Every function returns the canonical form: plain notation,
 * no trailing zeros, no "-0" ("3.3", "1200", "-0.01"). Only `toCents` writes two decimals.
 */

/** Two short plain values at one scale (scaled.ts), or null for the decimal library. */
const both = (a: DecimalInput, b: DecimalInput) => {
  const left = scaledOf(a)
  const right = left && scaledOf(b)
  return left && right ? aligned(left, right) : null
}

export const add = (a: DecimalInput, b: DecimalInput): string => {
  const fast = both(a, b)
  return (fast && canonicalOf(fast[0] + fast[1], fast[2])) ?? canonical(toDec(a).plus(toDec(b)))
}

export const subtract = (a: DecimalInput, b: DecimalInput): string => {
  const fast = both(a, b)
  return (fast && canonicalOf(fast[0] - fast[1], fast[2])) ?? canonical(toDec(a).minus(toDec(b)))
}

export const multiply = (a: DecimalInput, b: DecimalInput): string => {
  const left = scaledOf(a)
  const right = left && scaledOf(b)
  const fast =
    left && right && left.scale + right.scale <= 12
      ? canonicalOf(left.units * right.units, left.scale + right.scale)
      : null
  return fast ?? canonical(toDec(a).times(toDec(b)))
}

/** Division keeps 50 significant digits; round the result where the business rule says so. */
export const divide = (a: DecimalInput, b: DecimalInput): string => {
  const divisor = toDec(b)
  if (divisor.isZero()) throw new RangeError('Division by zero')
  return canonical(toDec(a).dividedBy(divisor))
}

/** The sum of short plain values, or null as soon as one is not (or the total passes 2^53). */
function fastSum(values: readonly DecimalInput[]): string | null {
  let total: Scaled = { units: 0, scale: 0 }
  for (const value of values) {
    const next = scaledOf(value)
    const pair = next && aligned(total, next)
    if (!pair) return null
    total = { units: pair[0] + pair[1], scale: pair[2] }
    if (!Number.isSafeInteger(total.units)) return null
  }
  return canonicalOf(total.units, total.scale)
}

export const sum = (values: readonly DecimalInput[]): string =>
  fastSum(values) ?? canonical(values.reduce<Dec>((total, value) => total.plus(toDec(value)), new Dec(0)))

export const negate = (value: DecimalInput): string => {
  const fast = scaledOf(value)
  return (fast && canonicalOf(-fast.units, fast.scale)) ?? canonical(toDec(value).negated())
}

export const abs = (value: DecimalInput): string => {
  const fast = scaledOf(value)
  return (fast && canonicalOf(Math.abs(fast.units), fast.scale)) ?? canonical(toDec(value).abs())
}

/** -1, 0 or 1, ready for Array.prototype.sort. */
export const compare = (a: DecimalInput, b: DecimalInput): -1 | 0 | 1 => {
  const fast = both(a, b)
  const result = fast ? fast[0] - fast[1] : toDec(a).comparedTo(toDec(b))
  return result < 0 ? -1 : result > 0 ? 1 : 0
}

export const equals = (a: DecimalInput, b: DecimalInput): boolean => compare(a, b) === 0

/** The sign of a value: -1, 0 or 1 ("-0" is 0). */
const sign = (value: DecimalInput): number => {
  const fast = scaledOf(value)
  return fast ? Math.sign(fast.units) : toDec(value).comparedTo(0)
}

export const isZero = (value: DecimalInput): boolean => sign(value) === 0

/** Strictly below zero: "-0" is not negative. */
export const isNegative = (value: DecimalInput): boolean => sign(value) < 0

/** Strictly above zero. */
export const isPositive = (value: DecimalInput): boolean => sign(value) > 0

/** Rounds half away from zero to at most `decimals` decimals (canonical form). */
export const roundTo = (value: DecimalInput, decimals: number): string => {
  checkDecimals(decimals)
  const fast = scaledOf(value)
  // Nothing to round: a value with no more decimals than asked is its own canonical form.
  if (fast && fast.scale <= decimals) return canonicalOf(fast.units, fast.scale) as string
  return canonical(toDec(value).toDecimalPlaces(decimals, Dec.ROUND_HALF_UP))
}

/** Rounds to the cent, half away from zero: 2.675 → "2.68", -0.005 → "-0.01", 1200 → "1200". */
export const round2 = (value: DecimalInput): string => roundTo(value, 2)

/** Rounded to the cent and written with exactly two decimals, as stored and exchanged: "1200.00". */
export const toCents = (value: DecimalInput): string => {
  const fast = scaledOf(value)
  return (fast && fixedOf(fast.units, fast.scale, 2)) ?? fixed(toDec(value), 2)
}
