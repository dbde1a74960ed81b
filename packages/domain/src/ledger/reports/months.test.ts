import { describe, expect, it } from 'vitest'
import { monthEnd, reportMonths, vatRateFamily } from './months'

describe('report months', () => {
  it('lists every month a period touches, across a new year, with French labels', () => {
    expect(reportMonths('2025-11-15', '2026-02-01')).toEqual([
      { month: '2025-11', label: 'novembre 2025', shortLabel: 'nov.' },
      { month: '2025-12', label: 'décembre 2025', shortLabel: 'déc.' },
      { month: '2026-01', label: 'janvier 2026', shortLabel: 'janv.' },
      { month: '2026-02', label: 'février 2026', shortLabel: 'févr.' },
    ])
    expect(reportMonths('2026-03-01', '2026-03-31')).toHaveLength(1)
  })

  it('stops at December of the year 9999, the last day a date field takes', () => {
    const months = reportMonths('9999-01-01', '9999-12-31')
    expect(months).toHaveLength(12)
    expect(months.at(-1)).toEqual({ month: '9999-12', label: 'décembre 9999', shortLabel: 'déc.' })
  })

  it('knows the last day of a month, leap years included', () => {
    expect([monthEnd('2026-02'), monthEnd('2028-02'), monthEnd('2026-12')]).toEqual([
      '2026-02-28',
      '2028-02-29',
      '2026-12-31',
    ])
  })

  it('puts each rate in its row of the VAT report', () => {
    expect(['20', '10', '5.5', '2.1', '8.5'].map(vatRateFamily)).toEqual([
      'normal',
      'intermediate',
      'reduced',
      'superReduced',
      'other',
    ])
  })
})
