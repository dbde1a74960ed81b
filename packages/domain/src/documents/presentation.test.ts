import { describe, expect, it } from 'vitest'
import { amountFontShrinks } from './presentation'

describe("a document's amount font", () => {
  it('shrinks only once the total HT exceeds 100 000, whatever its sign', () => {
    expect(amountFontShrinks('99999.99')).toBe(false)
    expect(amountFontShrinks('100000')).toBe(false)
    expect(amountFontShrinks('100000.00')).toBe(false)
    expect(amountFontShrinks('100000.01')).toBe(true)
    expect(amountFontShrinks('1250000')).toBe(true)
    expect(amountFontShrinks('-100000.01')).toBe(true)
    expect(amountFontShrinks('0')).toBe(false)
  })
})
