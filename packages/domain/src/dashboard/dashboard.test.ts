import { describe, expect, it } from 'vitest'
import { defaultDashboardPeriod, fiscalYearLabel, fiscalYearOf } from './period'
import { trendOf } from './trend'

describe('the trend arrow of a dashboard card', () => {
  it('stays flat within ±10 % of the previous value, bounds included', () => {
    expect(trendOf('110.00', '100.00')).toBe('flat')
    expect(trendOf('90.00', '100.00')).toBe('flat')
    expect(trendOf('100.00', '100.00')).toBe('flat')
    expect(trendOf('-105.00', '-100.00')).toBe('flat')
  })
  it('goes up or down beyond it', () => {
    expect(trendOf('110.01', '100.00')).toBe('up')
    expect(trendOf('89.99', '100.00')).toBe('down')
    expect(trendOf('-120.00', '-100.00')).toBe('down')
  })
  it('counts any amount after nothing as a change', () => {
    expect(trendOf('0.00', '0.00')).toBe('flat')
    expect(trendOf('0.01', '0')).toBe('up')
    expect(trendOf('-5', '0')).toBe('down')
  })
})

describe('the default period of the dashboard', () => {
  it('starts on the current fiscal year, else the day after the fiscal-year end, else on 1 January; ends today', () => {
    expect(defaultDashboardPeriod('2026-03-10', { fiscalYearStartedAt: '2023-07-01' })).toEqual({
      from: '2025-07-01',
      to: '2026-03-10',
    })
    expect(defaultDashboardPeriod('2026-08-10', { fiscalYearEndedAt: '2025-06-30' })).toEqual({
      from: '2026-07-01',
      to: '2026-08-10',
    })
    expect(defaultDashboardPeriod('2026-03-10', {})).toEqual({ from: '2026-01-01', to: '2026-03-10' })
  })
})

describe('the name of a fiscal year', () => {
  it('is one year when it starts in January, else the two years it spans', () => {
    expect(fiscalYearLabel('2026-01-01', '2026-12-31')).toBe('2026')
    expect(fiscalYearLabel('2025-07-01', '2026-06-30')).toBe('2025-2026')
    expect(fiscalYearOf('2025-07-01', '2023-07-01')).toEqual({
      start: '2025-07-01',
      end: '2026-06-30',
      label: '2025-2026',
    })
  })
})
