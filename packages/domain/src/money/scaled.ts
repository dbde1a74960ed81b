/**
 * The exact fast path of the money functions: a short plain decimal string ("-1234.56", "20", "0.055") read as an
 * integer count of units of its last decimal. Integers below 2^53 add, subtract, multiply and compare exactly, so the
 * answer is the decimal library's to the last digit; whatever does not fit (exponents, long values, a result past
 * 2^53, a rounding) answers null and goes to the library. The posting of a statement spent a third of its time
 * building decimal objects for amounts like these.
 */
export type Scaled = { units: number; scale: number }

/** At most 15 digits in all, at most 6 decimals: the units stay below 10^15. */
const SHORT_PLAIN = /^-?\d{1,15}(?:\.\d{1,6})?$/

const POWERS = [
  1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
  100_000_000_000, 1_000_000_000_000,
]

export function scaledOf(value: string | number): Scaled | null {
  if (typeof value !== 'string' || value.length > 16 || !SHORT_PLAIN.test(value)) return null
  const dot = value.indexOf('.')
  const scale = dot === -1 ? 0 : value.length - dot - 1
  const units = Number(dot === -1 ? value : value.slice(0, dot) + value.slice(dot + 1))
  return Number.isSafeInteger(units) ? { units, scale } : null
}

/** The units at a larger scale, or null past 2^53. */
function rescaled(value: Scaled, scale: number): number | null {
  const units = value.units * (POWERS[scale - value.scale] as number)
  return Number.isSafeInteger(units) ? units : null
}

/** Both at the larger of their scales. */
export function aligned(a: Scaled, b: Scaled): [number, number, number] | null {
  const scale = Math.max(a.scale, b.scale)
  const left = rescaled(a, scale)
  const right = rescaled(b, scale)
  return left === null || right === null ? null : [left, right, scale]
}

/** Units at a scale written as the canonical decimal: no trailing zeros, no exponent, no "-0". */
export function canonicalOf(units: number, scale: number): string | null {
  if (!Number.isSafeInteger(units)) return null
  if (units === 0) return '0'
  const digits = String(Math.abs(units)).padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '')
  return `${units < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Units at a scale of at most `decimals`, written with exactly `decimals` decimals, never "-0.00". */
export function fixedOf(units: number, scale: number, decimals: number): string | null {
  if (scale > decimals) return null
  const widened = units * (POWERS[decimals - scale] as number)
  if (!Number.isSafeInteger(widened)) return null
  const digits = String(Math.abs(widened)).padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals)
  return `${widened < 0 ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`
}
