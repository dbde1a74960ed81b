import { Decimal } from 'decimal.js'
import { checkDecimals, type DecimalInput, isDecimalInput } from './decimal-input'

export { checkDecimals, type DecimalInput, isDecimalInput }

/**
 * The one decimal type of the product. Its own clone, so no other code can change its settings:
 * 50 significant digits (quantity 15,5 × unit price 18,6 needs 33), rounding half away from zero,
 * and no exponent notation in any string it writes.
 */
export const Dec = Decimal.clone({
  precision: 50,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -100,
  toExpPos: 100,
})
export type Dec = InstanceType<typeof Dec>

/**
 * Reads a decimal string or a finite number. Anything else (text, "NaN", "Infinity", hexadecimal,
 * surrounding spaces, a comma) is a programming error and throws: user input goes through the parsers.
 */
export const toDec = (value: DecimalInput): Dec => {
  if (!isDecimalInput(value)) throw new TypeError(`Not a decimal number: ${JSON.stringify(value)}`)
  return new Dec(value)
}

/** Plain notation, no trailing zeros, no "-0": the canonical form every money function returns. */
export const canonical = (value: Dec): string => (value.isZero() ? '0' : value.toFixed())

/** Exactly `decimals` decimals, rounded half away from zero, never "-0.00". */
export const fixed = (value: Dec, decimals: number): string => {
  const rounded = value.toDecimalPlaces(decimals, Dec.ROUND_HALF_UP)
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed(decimals)
}
