import { canonical, checkDecimals, Dec, type DecimalInput, fixed, toDec } from './decimal'

/**
 * Arithmetic on decimal strings. Every function returns the canonical form: plain notation,
 * no trailing zeros, no "-0" ("3.3", "1200", "-0.01"). Only `toCents` writes two decimals.
 */

export const add = (a: DecimalInput, b: DecimalInput): string => canonical(toDec(a).plus(toDec(b)))

export const subtract = (a: DecimalInput, b: DecimalInput): string => canonical(toDec(a).minus(toDec(b)))

export const multiply = (a: DecimalInput, b: DecimalInput): string => canonical(toDec(a).times(toDec(b)))

/** Division keeps 50 significant digits; round the result where the business rule says so. */
export const divide = (a: DecimalInput, b: DecimalInput): string => {
  const divisor = toDec(b)
  if (divisor.isZero()) throw new RangeError('Division by zero')
  return canonical(toDec(a).dividedBy(divisor))
}

export const sum = (values: readonly DecimalInput[]): string =>
  canonical(values.reduce<Dec>((total, value) => total.plus(toDec(value)), new Dec(0)))

export const negate = (value: DecimalInput): string => canonical(toDec(value).negated())

export const abs = (value: DecimalInput): string => canonical(toDec(value).abs())

/** -1, 0 or 1, ready for Array.prototype.sort. */
export const compare = (a: DecimalInput, b: DecimalInput): -1 | 0 | 1 => {
  const result = toDec(a).comparedTo(toDec(b))
  return result < 0 ? -1 : result > 0 ? 1 : 0
}

export const equals = (a: DecimalInput, b: DecimalInput): boolean => compare(a, b) === 0

export const isZero = (value: DecimalInput): boolean => toDec(value).isZero()

/** Strictly below zero: "-0" is not negative. */
export const isNegative = (value: DecimalInput): boolean => toDec(value).lessThan(0)

/** Strictly above zero. */
export const isPositive = (value: DecimalInput): boolean => toDec(value).greaterThan(0)

/** Rounds half away from zero to at most `decimals` decimals (canonical form). */
export const roundTo = (value: DecimalInput, decimals: number): string => {
  checkDecimals(decimals)
  return canonical(toDec(value).toDecimalPlaces(decimals, Dec.ROUND_HALF_UP))
}

/** Rounds to the cent, half away from zero: 2.675 → "2.68", -0.005 → "-0.01", 1200 → "1200". */
export const round2 = (value: DecimalInput): string => roundTo(value, 2)

/** Rounded to the cent and written with exactly two decimals, as stored and exchanged: "1200.00". */
export const toCents = (value: DecimalInput): string => fixed(toDec(value), 2)
