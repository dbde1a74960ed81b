import { describe, expect, it } from 'vitest'
import { formatEuro, formatNumberFr, formatPercentFr } from './format'

const intlEuro = (value: number, min = 2, max = min) =>
  new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  }).format(value)

const intlNumber = (value: number, max = 5) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: max }).format(value)

describe('formatEuro', () => {
  it('writes "1 234,50 €" with U+202F between thousands and U+00A0 before €', () => {
    expect(formatEuro('1234.5')).toBe('1\u202F234,50\u00A0€')
    expect(formatEuro('0')).toBe('0,00\u00A0€')
  })

  it('writes negatives with a leading minus: "-1 234,50 €"', () => {
    expect(formatEuro('-1234.5')).toBe('-1\u202F234,50\u00A0€')
  })

  it('prints exactly what Intl.NumberFormat fr-FR EUR prints, for a range of amounts', () => {
    const values = [
      0, 0.01, 0.1, 1, 9.99, 10, 99.5, 100, 999, 999.99, 1000, 1234.5, 9999.99, 10000, 12345.67, 100000, 999999.99,
      1000000, 1234567.89, 99999999.99, -0.01, -1, -999.99, -1000, -1234.5, -1000000, -99999999.99, 0.005, 2.5, 12.345,
    ]
    for (const value of values) {
      expect(formatEuro(String(value)), String(value)).toBe(intlEuro(value))
      expect(formatEuro(value), String(value)).toBe(intlEuro(value))
    }
  })

  it('rounds half away from zero to the cent, like Intl', () => {
    expect(formatEuro('2.675')).toBe('2,68\u00A0€')
    expect(formatEuro('-0.005')).toBe(intlEuro(-0.005))
    expect(formatEuro('999.995')).toBe('1\u202F000,00\u00A0€')
  })

  it('stays exact beyond the precision of floats', () => {
    expect(formatEuro('123456789012345678.91')).toBe('123\u202F456\u202F789\u202F012\u202F345\u202F678,91\u00A0€')
    expect(formatEuro('0.015000000000000000001')).toBe('0,02\u00A0€')
  })

  it('never writes "-0,00 €" for a negative that rounds to nothing (Intl would)', () => {
    expect(formatEuro('-0.004')).toBe('0,00\u00A0€')
    expect(formatEuro('-0')).toBe('0,00\u00A0€')
  })

  it('shows another number of decimals on demand, matching Intl', () => {
    expect(formatEuro('1234.5', { decimals: 0 })).toBe(intlEuro(1234.5, 0))
    expect(formatEuro('12.3456', { decimals: 2, maxDecimals: 6 })).toBe(intlEuro(12.3456, 2, 6))
    expect(formatEuro('12.3', { decimals: 2, maxDecimals: 6 })).toBe('12,30\u00A0€')
    expect(formatEuro('12.1234567', { decimals: 2, maxDecimals: 6 })).toBe('12,123457\u00A0€')
  })

  it('refuses impossible decimal settings', () => {
    expect(() => formatEuro('1', { decimals: 3, maxDecimals: 2 })).toThrow(RangeError)
    expect(() => formatEuro('1', { decimals: -1 })).toThrow(RangeError)
  })
})

describe('formatNumberFr', () => {
  it('writes quantities without forced decimals and at most 5, like Intl', () => {
    for (const value of [0, 1, 1.5, 1234.5, 0.12345, 1000000, -1000, -2.25, 3.000001]) {
      expect(formatNumberFr(String(value)), String(value)).toBe(intlNumber(value))
    }
  })

  it('rounds beyond the maximum half away from zero', () => {
    expect(formatNumberFr('0.123456')).toBe('0,12346')
    expect(formatNumberFr('2.5', { maxDecimals: 0 })).toBe('3')
    expect(formatNumberFr('-2.5', { maxDecimals: 0 })).toBe('-3')
  })

  it('can force decimals', () => {
    expect(formatNumberFr('3', { decimals: 2 })).toBe('3,00')
    expect(formatNumberFr('1234', { decimals: 1, maxDecimals: 1 })).toBe('1\u202F234,0')
  })
})

describe('formatPercentFr', () => {
  it('writes a rate in percent the French way, like Intl: "5,5 %"', () => {
    expect(formatPercentFr('5.5')).toBe('5,5\u00A0%')
    expect(formatPercentFr('20')).toBe('20\u00A0%')
    expect(formatPercentFr('5.5')).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 2 }).format(0.055),
    )
    expect(formatPercentFr('2.10')).toBe('2,1\u00A0%')
  })
})
