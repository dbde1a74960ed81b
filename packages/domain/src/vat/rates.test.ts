import { describe, expect, it } from 'vitest'
import { DEFAULT_VAT_RATE, DELIVERY_FEES_VAT_RATE, FRENCH_VAT_RATES, TAX_FREE_VAT_RATE } from './rates'

describe('French VAT rates', () => {
  it('lists 20, 10, 5.5, 2.1 and 0 percent with their French names', () => {
    expect(FRENCH_VAT_RATES.map((rate) => [rate.ratePercent, rate.name])).toEqual([
      ['20', 'normal'],
      ['10', 'intermédiaire'],
      ['5.5', 'réduit'],
      ['2.1', 'particulier'],
      ['0', 'zéro'],
    ])
    expect(FRENCH_VAT_RATES.find((rate) => rate.ratePercent === '2.1')?.otherNames).toContain('super réduit')
  })

  it('defaults to 20 %, 0 % for tax-free organisations, and 20 % on delivery fees', () => {
    expect(DEFAULT_VAT_RATE).toBe('20')
    expect(TAX_FREE_VAT_RATE).toBe('0')
    expect(DELIVERY_FEES_VAT_RATE).toBe('20')
  })
})
