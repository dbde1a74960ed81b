import { describe, expect, it } from 'vitest'
import { currentFiscalYearStart } from './fiscal-year'

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
