import { describe, expect, it } from 'vitest'
import { units } from '../../../db/reference-data/lists'
import { billingMode, uneceUnitCode } from './codes'

describe('Factur-X codes', () => {
  it('gives every seeded unit its UNECE Rec. 20 code, and C62 to an unknown one', () => {
    for (const unit of units as unknown as { code: string; uneceCode: string }[]) {
      expect(uneceUnitCode(unit.code), unit.code).toBe(unit.uneceCode)
    }
    expect(uneceUnitCode('inconnue')).toBe('C62')
  })

  it('names the billing mode (BT-23) by nature, 4 for the final invoice after deposits, 2 when already paid', () => {
    expect(billingMode('SERVICES', false)).toBe('S1')
    expect(billingMode('GOODS', false)).toBe('B1')
    expect(billingMode('MIXED', true)).toBe('M4')
    expect(billingMode('GOODS', false, true)).toBe('B2')
    expect(billingMode('MIXED', true, true)).toBe('M2')
  })
})
