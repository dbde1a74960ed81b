import { describe, expect, it } from 'vitest'
import { centsToEuros, eurosToCents, isYearlyPlan, planSwitchRefusal } from './billing'

describe('plan changes (spec/account.md §4)', () => {
  it('refuses a yearly plan to a monthly one and the same plan again, allows the rest', () => {
    expect(isYearlyPlan('pop-plus-yearly')).toBe(true)
    expect(isYearlyPlan('plus-monthly')).toBe(false)
    expect(planSwitchRefusal('yearly', 'monthly')).toBe('yearlyToMonthly')
    expect(planSwitchRefusal('pop-yearly', 'plus-monthly')).toBe('yearlyToMonthly')
    expect(planSwitchRefusal('monthly', 'monthly')).toBe('samePlan')
    expect(planSwitchRefusal('pop-monthly', 'pop-plus-monthly')).toBeNull()
    expect(planSwitchRefusal('monthly', 'plus-yearly')).toBeNull()
    expect(planSwitchRefusal('yearly', 'plus-yearly')).toBeNull()
  })
})

describe('provider amounts', () => {
  it('converts cents to euros and back without floats', () => {
    expect(centsToEuros(1080)).toBe('10.80')
    expect(centsToEuros(-250)).toBe('-2.50')
    expect(centsToEuros(0)).toBe('0.00')
    expect(eurosToCents('9.00')).toBe(900)
    expect(eurosToCents('290.00')).toBe(29000)
    expect(eurosToCents('0.29')).toBe(29)
  })
})
