import { describe, expect, it } from 'vitest'
import {
  activityNatureOf,
  comparedYear,
  comparisonPeriod,
  type LegalFormFigures,
  legalFormComparison,
  legalFormTexts,
  socialRegimeOf,
  toWholeYear,
  underMicroCeilings,
} from './legalForm'

const figures = (overrides: Partial<LegalFormFigures> = {}): LegalFormFigures => ({
  current: 'micro',
  nature: 'libérale',
  period: { from: '2026-01-01', to: '2026-12-31', projected: false },
  gains: '60000.00',
  expenses: '20000.00',
  microContributions: '15480',
  realContributions: '12359',
  ...overrides,
})

describe('the legal-form comparison', () => {
  it('compares a micro-entrepreneur with the réel and a sole trader with the micro regime; companies with nothing', () => {
    expect(socialRegimeOf('ME')).toBe('micro')
    expect(socialRegimeOf('EI')).toBe('real')
    expect(socialRegimeOf('PL')).toBe('real')
    expect(socialRegimeOf('SO')).toBeNull()
  })

  it('reads the nature of the activity from the legal form and the NAF section; agriculture has its own regime', () => {
    expect(activityNatureOf({ legalFormCode: 'PL', sectorCode: 'G' })).toBe('libérale')
    expect(activityNatureOf({ legalFormCode: 'ME', sectorCode: 'M' })).toBe('libérale')
    expect(activityNatureOf({ legalFormCode: 'ME', sectorCode: 'J' })).toBe('libérale')
    expect(activityNatureOf({ legalFormCode: 'ME', sectorCode: 'F' })).toBe('artisanale')
    expect(activityNatureOf({ legalFormCode: 'EI', sectorCode: 'G' })).toBe('commerciale')
    expect(activityNatureOf({ legalFormCode: 'EI', sectorCode: null })).toBe('commerciale')
    expect(activityNatureOf({ legalFormCode: 'ME', sectorCode: 'A' })).toBeNull()
  })

  it('projects the current year from its first 90 days on, and reads last year before', () => {
    expect(comparisonPeriod('2026-03-30')).toEqual({ from: '2025-01-01', to: '2025-12-31', projected: false })
    expect(comparisonPeriod('2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31', projected: true })
    // 90 days of 2026 (not a leap year) bring 9,000 € to 36,500 €; a past year stays as it is.
    expect(toWholeYear('9000', { from: '2026-01-01', to: '2026-03-31', projected: true })).toBe('36500.00')
    expect(toWholeYear('9000', { from: '2025-01-01', to: '2025-12-31', projected: false })).toBe('9000.00')
    // 2028 is a leap year: 91 days, and 366 in the year.
    expect(toWholeYear('9100', { from: '2028-01-01', to: '2028-03-31', projected: true })).toBe('36600.00')
  })

  it('is shown only when the other regime saves more than 500 € a year, and says by how much', () => {
    const shown = legalFormComparison(figures())
    expect(shown).toMatchObject({
      current: 'micro',
      suggested: 'real',
      resultBeforeTaxes: '40000.00',
      micro: { urssafTotal: '15480.00' },
      real: { taxes: '12359.00' },
      difference: '3121.00',
    })
    expect(legalFormComparison(figures({ realContributions: '14980' }))).toBeNull()
    expect(legalFormComparison(figures({ realContributions: '14979' }))?.difference).toBe('501.00')
    // The réel costs more: nothing to suggest to a micro-entrepreneur.
    expect(legalFormComparison(figures({ realContributions: '17000' }))).toBeNull()
    // A sole trader at the réel is told of the micro regime when it costs less.
    expect(legalFormComparison(figures({ current: 'real', realContributions: '17000' }))).toMatchObject({
      suggested: 'micro',
      difference: '1520.00',
    })
    expect(legalFormComparison(figures({ gains: '0.00', microContributions: '0', realContributions: '0' }))).toBeNull()
  })

  it('speaks of the figures it used, projected or last year’s, and of what it leaves out', () => {
    const projected = legalFormComparison(
      figures({ period: { from: '2026-01-01', to: '2026-11-24', projected: true } }),
    )
    if (!projected) throw new Error('expected a comparison')
    const texts = legalFormTexts(projected)
    expect(texts.title.replace(/[\u202f\u00a0]/g, ' ')).toBe(
      'Le régime réel te ferait économiser environ 3 121 € de cotisations par an',
    )
    expect(texts.description).toContain('Sur ton rythme de cette année')
    expect(texts.description).toContain('hors impôt sur le revenu')
    const past = legalFormComparison(figures())
    if (!past) throw new Error('expected a comparison')
    expect(legalFormTexts(past).description).toMatch(/^En 2026, ton chiffre d’affaires encaissé était de 60/)
  })

  it('opens the micro regime to a sole trader only under both ceilings of the year', () => {
    const rows = [
      { kind: 'micro_ceiling', activityCode: 'AC', amount: '203100', validFrom: '2026-01-01', validTo: null },
      { kind: 'micro_ceiling', activityCode: 'SERV', amount: '83600', validFrom: '2026-01-01', validTo: null },
    ]
    expect(underMicroCeilings('0', '83600', rows, 2026)).toBe(true)
    expect(underMicroCeilings('0', '83600.01', rows, 2026)).toBe(false)
    expect(underMicroCeilings('150000', '53100.01', rows, 2026)).toBe(false)
    expect(underMicroCeilings('150000', '50000', rows, 2026)).toBe(true)
    expect(underMicroCeilings('1000', '1000', rows, 2025)).toBe(false)
  })

  it('brings the period’s books to a whole year, and compares nothing without turnover or above the micro ceilings', () => {
    const thresholds = [
      { kind: 'micro_ceiling', activityCode: 'AC', amount: '203100', validFrom: '2026-01-01', validTo: null },
      { kind: 'micro_ceiling', activityCode: 'SERV', amount: '83600', validFrom: '2026-01-01', validTo: null },
    ]
    const period = { from: '2026-01-01', to: '2026-03-31', projected: true }
    const base = { current: 'micro' as const, period, thresholds, year: 2026 }
    // 90 days of 2026: × 365 / 90.
    expect(comparedYear({ ...base, received: { goods: '0.00', services: '9000.00' }, expenses: '1800.00' })).toEqual({
      goods: '0.00',
      services: '36500.00',
      gains: '36500.00',
      expenses: '7300.00',
    })
    // Refunds above the charges are no income: the charges are nil.
    expect(
      comparedYear({ ...base, received: { goods: '0.00', services: '9000.00' }, expenses: '-50.00' })?.expenses,
    ).toBe('0.00')
    expect(comparedYear({ ...base, received: { goods: '0.00', services: '0.00' }, expenses: '100.00' })).toBeNull()
    // 22,000 € of services in 90 days is 89,222 € a year: over the services ceiling, so no micro regime to offer.
    const above = { received: { goods: '0.00', services: '22000.00' }, expenses: '0.00' }
    expect(comparedYear({ ...base, ...above, current: 'real' })).toBeNull()
    expect(comparedYear({ ...base, ...above })?.gains).toBe('89222.22')
  })
})
