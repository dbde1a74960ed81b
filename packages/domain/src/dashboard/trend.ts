import { abs, compare, isZero, multiply, subtract } from '../money/arithmetic'

export type Trend = 'up' | 'down' | 'flat'

/** Within this share of the previous value, a change is no change (spec/account.md §9 "Trend arrow"). */
export const TREND_FLAT_SHARE = '0.1'

/**
 * The arrow of a dashboard card: flat when the current value is within ±10 % of the previous one, else up or down.
 * From nothing, any amount is a change; decimal strings throughout, so that 110.00 against 100.00 stays flat.
 */
export function trendOf(current: string, previous: string): Trend {
  const change = subtract(current, previous)
  if (isZero(change)) return 'flat'
  if (compare(abs(change), multiply(abs(previous), TREND_FLAT_SHARE)) <= 0) return 'flat'
  return compare(current, previous) > 0 ? 'up' : 'down'
}
