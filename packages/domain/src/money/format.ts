import { checkDecimals, type DecimalInput, isDecimalInput } from './decimal-input'

/** French typography, as Intl.NumberFormat('fr-FR') prints it. */
export const NARROW_NBSP = '\u202F'
export const NBSP = '\u00A0'

export interface FrenchNumberOptions {
  /** Minimum number of decimals shown (zeros are added). */
  decimals?: number
  /** Maximum number of decimals shown (rounded half away from zero); trailing zeros beyond `decimals` are dropped. */
  maxDecimals?: number
}

const formatters = new Map<string, Intl.NumberFormat>()

/**
 * Writes a decimal the French way: U+202F between thousands, a decimal comma, "-" for negatives, rounded half away
 * from zero. Intl reads a string as an exact decimal (ECMA-402 2023), so this is exact for any size without the
 * decimal library; a value that rounds to zero is written without a minus.
 */
const formatFrench = (value: DecimalInput, minDecimals: number, maxDecimals: number): string => {
  checkDecimals(minDecimals, 'decimals')
  checkDecimals(maxDecimals, 'maxDecimals')
  if (maxDecimals < minDecimals) throw new RangeError('maxDecimals must not be below decimals')
  if (!isDecimalInput(value)) throw new TypeError(`Not a decimal number: ${JSON.stringify(value)}`)
  const key = `${minDecimals}:${maxDecimals}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat('fr-FR', {
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: maxDecimals,
      roundingMode: 'halfExpand',
      signDisplay: 'negative',
    })
    formatters.set(key, formatter)
  }
  return formatter.format(value as Intl.StringNumericLiteral)
}

/** "1 234,50 €" (U+202F for thousands, U+00A0 before €). Two decimals unless told otherwise. */
export const formatEuro = (amount: DecimalInput, options: FrenchNumberOptions = {}): string => {
  const decimals = options.decimals ?? 2
  return `${formatFrench(amount, decimals, options.maxDecimals ?? decimals)}${NBSP}€`
}

/** Plain numbers and quantities: "1 234,5", "0,12345". By default no forced decimals and at most 5. */
export const formatNumberFr = (value: DecimalInput, options: FrenchNumberOptions = {}): string => {
  const decimals = options.decimals ?? 0
  return formatFrench(value, decimals, options.maxDecimals ?? Math.max(decimals, 5))
}

/** A percentage given in percent, not as a fraction: "5.5" → "5,5 %" (U+00A0 before %, like Intl). */
export const formatPercentFr = (percent: DecimalInput, options: FrenchNumberOptions = {}): string => {
  const decimals = options.decimals ?? 0
  return `${formatFrench(percent, decimals, options.maxDecimals ?? Math.max(decimals, 2))}${NBSP}%`
}
