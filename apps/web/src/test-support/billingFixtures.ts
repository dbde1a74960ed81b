import type { BillingSubscriptionDto } from '@app/domain'
import type { Plan } from '../components/billing/plans'

const BASE = ['alerts', 'commercial_dashboard', 'notifications', 'reminders', 'card_payment', 'exercise_menu']
const MORE = ['bank_sync', 'expenses', 'receipts', 'assignment_rules']

const plan = (id: number, code: string, name: string, price: string, maxCollaborators: number): Plan => {
  const features = code === 'free' ? [] : [...BASE, ...MORE]
  if (code.includes('plus')) features.push('recurring_invoices')
  if (code.startsWith('pop')) features.push('ledger')
  return { id, code, name, price, isMonthly: !code.endsWith('yearly'), maxCollaborators, features, validFrom: null }
}

/** The plans as GET /plans answers them (the reference data's). */
export const PLANS: Plan[] = [
  plan(1, 'free', 'Gratuit', '0.00', 1),
  plan(2, 'pop-monthly', 'Pop', '9.00', 1),
  plan(3, 'pop-yearly', 'Pop', '90.00', 1),
  plan(4, 'pop-plus-monthly', 'Pop+', '15.00', 5),
  plan(5, 'pop-plus-yearly', 'Pop+', '150.00', 5),
  plan(6, 'monthly', 'Classic', '19.00', 5),
  plan(7, 'yearly', 'Classic', '190.00', 5),
  plan(8, 'plus-monthly', 'Classic+', '29.00', 10),
  plan(9, 'plus-yearly', 'Classic+', '290.00', 10),
]

export const subscriptionDto = (overrides: Partial<BillingSubscriptionDto> = {}): BillingSubscriptionDto => ({
  configured: true,
  planCode: 'free',
  status: 'none',
  isOnTrial: false,
  trialEndsAt: null,
  onGracePeriod: false,
  endsAt: null,
  currentPeriodEnd: null,
  paymentRequired: false,
  ...overrides,
})

export const onPopMonthly = (overrides: Partial<BillingSubscriptionDto> = {}) =>
  subscriptionDto({ planCode: 'pop-monthly', status: 'active', currentPeriodEnd: '2026-12-27', ...overrides })
