import { describe, expect, it } from 'vitest'
import { currentFiscalYearStart, fiscalYearClosingIn, fiscalYearEnd, nextFiscalYearStart } from './fiscal-year'

describe('the current fiscal year (archived transactions are those before it)', () => {
  it('is the calendar year when the organisation has no fiscal year recorded', () => {
    expect(currentFiscalYearStart('2026-11-24', null)).toBe('2026-01-01')
  })
  it('starts on the anniversary of the recorded start, this year or last year', () => {
    expect(currentFiscalYearStart('2026-11-24', '2023-07-01')).toBe('2026-07-01')
    expect(currentFiscalYearStart('2026-03-10', '2023-07-01')).toBe('2025-07-01')
    expect(currentFiscalYearStart('2026-07-01', '2023-07-01')).toBe('2026-07-01')
  })
  it('moves a 29 February start to the 28th', () => {
    expect(currentFiscalYearStart('2026-03-01', '2024-02-29')).toBe('2026-02-28')
  })
})

describe('the fiscal year closing in a year', () => {
  it('is the calendar year without a recorded start, and the year from July to June with a July start', () => {
    expect(fiscalYearClosingIn(2026, null)).toEqual({ start: '2026-01-01', end: '2026-12-31' })
    expect(fiscalYearClosingIn(2026, '2023-07-01')).toEqual({ start: '2025-07-01', end: '2026-06-30' })
    expect(fiscalYearClosingIn(2028, '2023-03-01')).toEqual({ start: '2027-03-01', end: '2028-02-29' })
  })
})

describe('the fiscal year after one, and its last day', () => {
  it('follow the recorded start, a 29 February start falling on the 28th', () => {
    expect(nextFiscalYearStart('2026-01-01', null)).toBe('2027-01-01')
    expect(fiscalYearEnd('2026-07-01', '2023-07-01')).toBe('2027-06-30')
    expect(nextFiscalYearStart('2027-02-28', '2024-02-29')).toBe('2028-02-28')
    expect(fiscalYearEnd('2027-03-01', '2023-03-01')).toBe('2028-02-29')
  })
})
