import { add, compare, toCents } from '@app/domain'

/** Plain decimal notation, as the XSD's xs:decimal allows it (no exponent, no comma), of a sane size. */
export const DECIMAL = /^[+-]?\d{1,15}(?:\.\d{1,10})?$/

/** "100", "100.0", "100.000" → "100.00"; null for text or a fraction of a cent, which EN 16931 does not allow (BR-DEC). */
export function cents(raw: string): string | null {
  if (!DECIMAL.test(raw)) return null
  const value = toCents(raw)
  return compare(raw, value) === 0 ? value : null
}

/** A rate in percent, two decimals when it has no more ("20.00", "5.50"), else as written without trailing zeros. */
export function rate(raw: string): string | null {
  if (!DECIMAL.test(raw) || compare(raw, 0) < 0 || compare(raw, 100) > 0) return null
  const value = toCents(raw)
  return compare(raw, value) === 0 ? value : add(raw, 0)
}

/** A quantity or a unit price as written, without trailing zeros ("500.000" → "500"); null when it is no number. */
export const plain = (raw: string | null): string | null => (raw !== null && DECIMAL.test(raw) ? add(raw, 0) : null)

/** An amount with two decimals, or as written when it has more; null when it is no number. */
export const amount = (raw: string | null): string | null => (raw === null ? null : (cents(raw) ?? plain(raw)))
