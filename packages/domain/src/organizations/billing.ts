import { divide, multiply, toCents } from '../money/index'

/**
 * Rules of the organisation's subscription to Carnet (spec/account.md §4 "Plans"), shared by the server (to refuse)
 * and the web (to offer only what is allowed).
 */

export const isYearlyPlan = (code: string) => code.endsWith('yearly')

/** Why a plan change is refused, or null when it is allowed: the same plan again, or a yearly plan to a monthly one. */
export function planSwitchRefusal(from: string, to: string): 'samePlan' | 'yearlyToMonthly' | null {
  if (from === to) return 'samePlan'
  if (isYearlyPlan(from) && !isYearlyPlan(to)) return 'yearlyToMonthly'
  return null
}

/** A provider amount in cents (an integer) as our 2-decimal euros: 1080 → "10.80", -250 → "-2.50". */
export const centsToEuros = (cents: number): string => toCents(divide(cents, 100))

/** A plan price in euros ("9.00") as the provider's integer cents (900). */
export const eurosToCents = (euros: string): number => Number(toCents(multiply(euros, 100)).split('.')[0])
