import { checkDecimals, type DecimalInput, fixed, toDec } from './decimal'

/** French typography, as Intl.NumberFormat('fr-FR') prints it. */
export const NARROW_NBSP = '\u202F'
export const NBSP = '\u00A0'

export interface FrenchNumberOptions {
  /** Minimum number of decimals shown (zeros are added). */
  decimals?: number
  /** Maximum number of decimals shown (rounded half away from zero); trailing zeros beyond `decimals` are dropped. */
  maxDecimals?: number
}

const groupThousands = (integer: string): string => integer.replace(/\B(?=(\d{3})+(?!\d))/g, NARROW_NBSP)

/**
 * Writes a decimal the French way: U+202F between thousands, a decimal comma, "-" for negatives.
 * Exact for any size, unlike Intl on floats. A value that rounds to zero is written without a minus.
 */
const formatFrench = (value: DecimalInput, minDecimals: number, maxDecimals: number): string => {
  checkDecimals(minDecimals)
  checkDecimals(maxDecimals, 'maxDecimals')
  if (maxDecimals < minDecimals) throw new RangeError('maxDecimals must not be below decimals')
  const written = fixed(toDec(value), maxDecimals)
  const negative = written.startsWith('-')
  const [integer = '0', fraction = ''] = (negative ? written.slice(1) : written).split('.')
  let shown = fraction
  while (shown.length > minDecimals && shown.endsWith('0')) shown = shown.slice(0, -1)
  return `${negative ? '-' : ''}${groupThousands(integer)}${shown ? `,${shown}` : ''}`
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
