/**
 * What the money functions accept, apart from the decimal library: formatting needs only this check, and a page that
 * only shows amounts then loads no decimal arithmetic.
 */

/** A decimal string ("1234.5", "-0.01") or a finite number. */
export type DecimalInput = string | number

const DECIMAL_STRING = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

export const isDecimalInput = (value: unknown): value is DecimalInput =>
  (typeof value === 'string' && DECIMAL_STRING.test(value)) || (typeof value === 'number' && Number.isFinite(value))

export const checkDecimals = (decimals: number, name = 'decimals'): void => {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`${name} must be an integer between 0 and 20, got ${decimals}`)
  }
}
