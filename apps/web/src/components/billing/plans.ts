import type { planRowSchema } from '@app/domain'
import type { z } from 'zod'
import { billingTexts as t } from './billingTexts'

export type Plan = z.infer<typeof planRowSchema>

export const OFFERS = ['pop', 'classic'] as const
export type Offer = (typeof OFFERS)[number]
export type Period = 'monthly' | 'yearly'

export const FREE_PLAN = 'free'

/** "Pop+ mensuel", "Classic annuel". */
export const planTitle = (plan: Plan) =>
  `${plan.name} ${plan.isMonthly ? t.monthly.toLowerCase() : t.yearly.toLowerCase()}`

/** Pop plans' codes start with "pop"; the Classic ones are the others ("monthly", "plus-yearly"…). */
export const offerOf = (code: string): Offer => (code.startsWith('pop') ? 'pop' : 'classic')
export const periodOf = (code: string): Period => (code.endsWith('yearly') ? 'yearly' : 'monthly')
export const isPaidPlan = (code: string) => code !== FREE_PLAN

/** The offer of ?offer=, Pop by default (spec/account.md §7 "whose code contains the offer (default pop)"). */
export const offerFrom = (value: string | null): Offer => (value === 'classic' ? 'classic' : 'pop')

/**
 * The cards of the plan page: the free plan, then the offer's plans of the period, cheapest first (spec/account.md §7:
 * "plans whose code contains the offer and monthly, plus the free plan"; the Annuel switch shows the yearly ones).
 */
export function plansShown(plans: readonly Plan[], offer: Offer, period: Period): Plan[] {
  const free = plans.filter((plan) => plan.code === FREE_PLAN)
  const paid = plans
    .filter((plan) => isPaidPlan(plan.code) && offerOf(plan.code) === offer && periodOf(plan.code) === period)
    .sort((a, b) => Number(a.price) - Number(b.price))
  return [...free, ...paid]
}

/** spec/account.md §4: a yearly plan cannot be switched to a non-yearly one. */
export const canSwitch = (from: string, to: string) =>
  from !== to && !(periodOf(from) === 'yearly' && periodOf(to) !== 'yearly')

/** The comparison table's columns, in the spec's order: Pop, Pop+, Classic, Classic+ (their monthly plans). */
export const COMPARED_PLANS = ['pop-monthly', 'pop-plus-monthly', 'monthly', 'plus-monthly'] as const
