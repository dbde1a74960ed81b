import { describe, expect, it } from 'vitest'
import { parisDayStart, todayInParis } from './today'

describe('todayInParis: "today" is the calendar day in Paris', () => {
  it('is the Paris day, an hour ahead of UTC in winter', () => {
    expect(todayInParis(new Date('2026-01-15T12:00:00Z'))).toBe('2026-01-15')
    expect(todayInParis(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15')
    expect(todayInParis(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16')
  })

  it('is two hours ahead of UTC in summer', () => {
    expect(todayInParis(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14')
    expect(todayInParis(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15')
  })

  it('switches day correctly on the night clocks go forward (29 March 2026)', () => {
    // 2026-03-28T23:30Z is 00:30 on 29 March in Paris (still UTC+1).
    expect(todayInParis(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29')
    expect(todayInParis(new Date('2026-03-28T22:59:00Z'))).toBe('2026-03-28')
    // After 01:00Z Paris is UTC+2: 22:30Z is 00:30 on 30 March.
    expect(todayInParis(new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29')
    expect(todayInParis(new Date('2026-03-29T22:30:00Z'))).toBe('2026-03-30')
  })

  it('switches day correctly on the night clocks go back (25 October 2026)', () => {
    expect(todayInParis(new Date('2026-10-24T21:59:00Z'))).toBe('2026-10-24')
    expect(todayInParis(new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25')
    expect(todayInParis(new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25')
    expect(todayInParis(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26')
  })

  it('turns the year at midnight in Paris, not in UTC', () => {
    expect(todayInParis(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31')
    expect(todayInParis(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01')
  })

  it('uses the current instant by default', () => {
    expect(todayInParis()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('refuses an invalid instant', () => {
    expect(() => todayInParis(new Date('nonsense'))).toThrow(RangeError)
  })
})

describe('parisDayStart', () => {
  it('is midnight in Paris, in winter and in summer time, also on the change days', () => {
    expect(parisDayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z')
    expect(parisDayStart('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z')
    expect(parisDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(parisDayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(parisDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z')
    expect(parisDayStart('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z')
  })

  it('takes the offset Paris had then: UTC from 1911 to 1940, its local mean time before, as far as year 1', () => {
    expect(parisDayStart('1930-01-15').toISOString()).toBe('1930-01-15T00:00:00.000Z')
    expect(parisDayStart('1900-01-15').toISOString()).toBe('1900-01-14T23:50:39.000Z')
    expect(parisDayStart('0001-01-01').toISOString()).toBe('0000-12-31T23:50:39.000Z')
    expect(parisDayStart('9999-12-31').toISOString()).toBe('9999-12-30T23:00:00.000Z')
  })
})
