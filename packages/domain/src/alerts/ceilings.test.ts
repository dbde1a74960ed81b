import { describe, expect, it } from 'vitest'
import { activityOf, alertTypesFor, ceilingAlert, type ThresholdRow, thresholdFor } from './ceilings'

/** The rows of thresholds.csv the alerts read (AC and SERV), as the migration seeds them. */
const ROWS: ThresholdRow[] = [
  { kind: 'vat_franchise_base', activityCode: 'AC', amount: '85000.00', validFrom: '2025-01-01', validTo: null },
  { kind: 'vat_franchise_tolerance', activityCode: 'AC', amount: '93500.00', validFrom: '2025-01-01', validTo: null },
  { kind: 'vat_franchise_base', activityCode: 'SERV', amount: '37500.00', validFrom: '2025-01-01', validTo: null },
  { kind: 'vat_franchise_tolerance', activityCode: 'SERV', amount: '41250.00', validFrom: '2025-01-01', validTo: null },
  {
    kind: 'vat_franchise_base',
    activityCode: 'SERV',
    amount: '36800.00',
    validFrom: '2023-01-01',
    validTo: '2024-12-31',
  },
  { kind: 'micro_ceiling', activityCode: 'AC', amount: '188700.00', validFrom: '2023-01-01', validTo: '2025-12-31' },
  { kind: 'micro_ceiling', activityCode: 'SERV', amount: '77700.00', validFrom: '2023-01-01', validTo: '2025-12-31' },
  { kind: 'micro_ceiling', activityCode: 'AC', amount: '203100.00', validFrom: '2026-01-01', validTo: '2028-12-31' },
  { kind: 'micro_ceiling', activityCode: 'SERV', amount: '83600.00', validFrom: '2026-01-01', validTo: '2028-12-31' },
]

const services = (amount: string) => ({ goods: '0', services: amount })

describe('thresholdFor', () => {
  it('takes the row in force in the year: 2026 has its own micro ceilings, 2025 the old ones', () => {
    expect(thresholdFor(ROWS, 'micro_ceiling', 'SERV', 2026)?.amount).toBe('83600.00')
    expect(thresholdFor(ROWS, 'micro_ceiling', 'SERV', 2025)?.amount).toBe('77700.00')
    expect(thresholdFor(ROWS, 'vat_franchise_base', 'SERV', 2024)?.amount).toBe('36800.00')
    expect(thresholdFor(ROWS, 'micro_ceiling', 'SERV', 2029)).toBeNull()
  })

  it('lets a row dated later in a year replace the one before for that year only', () => {
    const rows = [
      ...ROWS,
      { kind: 'vat_franchise_base', activityCode: 'SERV', amount: '40000.00', validFrom: '2027-01-01', validTo: null },
    ]
    expect(thresholdFor(rows, 'vat_franchise_base', 'SERV', 2026)?.amount).toBe('37500.00')
    expect(thresholdFor(rows, 'vat_franchise_base', 'SERV', 2027)?.amount).toBe('40000.00')
  })
})

describe('activityOf', () => {
  it('says commerce, services or mixed from what was received; nothing yet counts as services', () => {
    expect(activityOf({ goods: '10', services: '0' })).toBe('AC')
    expect(activityOf({ goods: '0', services: '10' })).toBe('SERV')
    expect(activityOf({ goods: '10', services: '10' })).toBe('AM')
    expect(activityOf({ goods: '0', services: '0' })).toBe('SERV')
  })
})

describe('ceilingAlert', () => {
  it('warns a services micro-entrepreneur paid 31,000 € in 2026 at 83 % of the 37,500 € franchise', () => {
    const alert = ceilingAlert('VAT', 2026, services('31000.00'), ROWS, { taxFree: true })
    expect(alert).toMatchObject({
      type: 'VAT',
      activity: 'SERV',
      level: 'approaching',
      service: {
        current: '31000.00',
        limit: '37500.00',
        percentage: '83',
        tolerance: '41250.00',
        level: 'approaching',
      },
      commerce: { current: '31000.00', limit: '85000.00', percentage: '36', level: 'none' },
      title: 'Tu approches du seuil de la franchise en base de TVA',
    })
    expect(alert?.description).toContain('1er janvier 2027')
  })

  it('counts from 80 % exactly, crossed above the limit, tolerance exceeded above the seuil majoré', () => {
    const level = (amount: string) => ceilingAlert('VAT', 2026, services(amount), ROWS, { taxFree: true })?.level
    expect(level('29999.99')).toBe('none')
    expect(level('30000')).toBe('approaching')
    expect(level('37500')).toBe('approaching')
    expect(level('37500.01')).toBe('crossed')
    expect(level('41250')).toBe('crossed')
    expect(level('41250.01')).toBe('toleranceExceeded')
  })

  it('tells a tax-free organisation past the tolerance that it charges VAT from the day it crossed', () => {
    const alert = ceilingAlert('VAT', 2026, services('42000'), ROWS, { taxFree: true })
    expect(alert?.title).toBe('Tu as dépassé le seuil majoré de la franchise en base de TVA')
    expect(alert?.description).toContain('tu dois facturer la TVA')
    expect(alert?.description).toContain('41\u202f250\u00a0€')
    const payer = ceilingAlert('VAT', 2026, services('42000'), ROWS, { taxFree: false })
    expect(payer?.description).toContain('tu continues de facturer la TVA')
  })

  it('applies the goods ceiling to the whole turnover and the services ceiling to the services of a mixed activity', () => {
    // 50,000 of goods and 36,000 of services: 86,000 in all is over 85,000, the services under 37,500.
    const alert = ceilingAlert('VAT', 2026, { goods: '50000', services: '36000' }, ROWS, { taxFree: true })
    expect(alert).toMatchObject({
      activity: 'AM',
      level: 'crossed',
      commerce: { current: '86000.00', limit: '85000.00', percentage: '101', level: 'crossed' },
      service: { current: '36000.00', limit: '37500.00', percentage: '96', level: 'approaching' },
    })
    expect(alert?.description).toContain('85\u202f000\u00a0€')
    // Goods alone at 80,000: the services ceiling says nothing.
    expect(ceilingAlert('VAT', 2026, { goods: '80000', services: '0' }, ROWS, { taxFree: true })).toMatchObject({
      activity: 'AC',
      level: 'approaching',
    })
  })

  it('compares the micro ceiling of the year, which has no tolerance: 2026 at 83,600 €, 2025 at 77,700 €', () => {
    const in2026 = ceilingAlert('MICRO', 2026, services('80000'), ROWS, { taxFree: true })
    expect(in2026).toMatchObject({ level: 'approaching', service: { limit: '83600.00', tolerance: null } })
    const in2025 = ceilingAlert('MICRO', 2025, services('80000'), ROWS, { taxFree: true })
    expect(in2025).toMatchObject({ level: 'crossed', service: { limit: '77700.00', percentage: '103' } })
    expect(in2025?.description).toContain('1er janvier 2027')
  })

  it('gives no alert for a year the table has no row for', () => {
    expect(ceilingAlert('MICRO', 2030, services('1000'), ROWS, { taxFree: true })).toBeNull()
  })

  it('shows the VAT franchise to everyone, the micro ceiling to VAT payers (the spec) and to every micro-entrepreneur', () => {
    expect(alertTypesFor({ legalFormType: 'SO', taxFree: false })).toEqual(['VAT', 'MICRO'])
    expect(alertTypesFor({ legalFormType: 'ME', taxFree: true })).toEqual(['VAT', 'MICRO'])
    expect(alertTypesFor({ legalFormType: 'EI', taxFree: true })).toEqual(['VAT'])
  })
})
