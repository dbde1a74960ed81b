import { describe, expect, it } from 'vitest'
import { canSubscription, describeRecurrence, type SubscriptionFacts, subscriptionStatus } from './status'

const facts = (over: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  hasContact: true,
  isActive: true,
  endingType: 'date',
  endingAt: null,
  remainingOccurrences: null,
  nextOccurrence: '2026-12-05',
  ...over,
})
const today = '2026-11-23'

describe('the recurring invoice badge (spec/sales.md §4), in the table order', () => {
  it('Brouillon without a customer, whatever else', () => {
    expect(subscriptionStatus(facts({ hasContact: false, isActive: false }), today)).toBe('DRAFT')
  })
  it('Suspendu when inactive', () => {
    expect(subscriptionStatus(facts({ isActive: false }), today)).toBe('SUSPENDED')
  })
  it('Actif with an end date not past, or occurrences left', () => {
    expect(subscriptionStatus(facts({ endingAt: '2026-11-23' }), today)).toBe('ACTIVE')
    expect(
      subscriptionStatus(facts({ endingType: 'occurrences', remainingOccurrences: 1, endingAt: null }), today),
    ).toBe('ACTIVE')
  })
  it('Terminé once the end date has passed, no occurrence is left, or no date remains', () => {
    expect(subscriptionStatus(facts({ endingAt: '2026-11-22' }), today)).toBe('FINISHED')
    expect(subscriptionStatus(facts({ endingType: 'occurrences', remainingOccurrences: 0 }), today)).toBe('FINISHED')
    expect(subscriptionStatus(facts({ nextOccurrence: null }), today)).toBe('FINISHED')
  })
})

describe('recurring invoice actions', () => {
  it('suspends an active one, reactivates an inactive one only with a customer', () => {
    expect(canSubscription('suspend', { isActive: true, hasContact: false })).toBe(true)
    expect(canSubscription('suspend', { isActive: false, hasContact: true })).toBe(false)
    expect(canSubscription('reactivate', { isActive: false, hasContact: true })).toBe(true)
    expect(canSubscription('reactivate', { isActive: false, hasContact: false })).toBe(false)
    expect(canSubscription('delete', { isActive: true, hasContact: true })).toBe(true)
  })
})

describe('the recurrence in words', () => {
  it.each([
    [{ unit: 'month', recurrence: 1, day: 5 }, 'tous les mois, le 5'],
    [{ unit: 'month', recurrence: 1, day: 1 }, 'tous les mois, le 1er'],
    [{ unit: 'month', recurrence: 2, day: 31 }, 'tous les 2 mois, le dernier jour'],
    [{ unit: 'week', recurrence: 1, day: 1 }, 'toutes les semaines, le lundi'],
    [{ unit: 'week', recurrence: 3, day: 7 }, 'toutes les 3 semaines, le dimanche'],
    [{ unit: 'day', recurrence: 1, day: null }, 'tous les jours'],
    [{ unit: 'day', recurrence: 15, day: null }, 'tous les 15 jours'],
    [{ unit: 'year', recurrence: 1, day: null }, 'tous les ans, le 29 février'],
  ] as const)('%o reads "%s"', (schedule, words) => {
    expect(describeRecurrence({ startingAt: '2028-02-29', ...schedule })).toBe(words)
  })
})
