import { describe, expect, it } from 'vitest'
import { compactIdentifier, isLuhnValid, isValidSiren, isValidSiret, sirenOfSiret } from './siren'

describe('isLuhnValid', () => {
  it('checks the Luhn sum of a digit string', () => {
    expect(isLuhnValid('732829320')).toBe(true)
    expect(isLuhnValid('732829321')).toBe(false)
    expect(isLuhnValid('79927398713')).toBe(true)
    expect(isLuhnValid('')).toBe(false)
    expect(isLuhnValid('12a')).toBe(false)
  })
})

describe('isValidSiren', () => {
  it('accepts nine digits with a correct Luhn key', () => {
    for (const siren of ['732829320', '404833048', '552100554', '356000000'])
      expect(isValidSiren(siren), siren).toBe(true)
  })

  it('accepts the SIREN as people type it, with spaces', () => {
    expect(isValidSiren('732 829 320')).toBe(true)
    expect(isValidSiren(' 732\u00A0829\u202F320 ')).toBe(true)
  })

  it('refuses a wrong key, a wrong length, letters and all zeros', () => {
    for (const siren of ['732829321', '123456789', '73282932', '7328293200', '73282932A', '', '000000000']) {
      expect(isValidSiren(siren), siren).toBe(false)
    }
  })
})

describe('isValidSiret', () => {
  it('accepts fourteen digits with a correct Luhn key and a valid SIREN', () => {
    expect(isValidSiret('73282932000074')).toBe(true)
    expect(isValidSiret('732 829 320 00074')).toBe(true)
  })

  it('refuses a wrong key, a wrong length, and a Luhn-valid number whose SIREN is invalid', () => {
    expect(isValidSiret('73282932000075')).toBe(false)
    expect(isValidSiret('7328293200007')).toBe(false)
    expect(isValidSiret('732829320000740')).toBe(false)
    // 12345678900007 passes Luhn, but 123456789 is not a SIREN.
    expect(isLuhnValid('12345678900007')).toBe(true)
    expect(isValidSiret('12345678900007')).toBe(false)
  })

  it("accepts La Poste's SIRETs whose digit sum is a multiple of 5, though they fail Luhn", () => {
    // 3+5+6+0+0+0+0+0+0+0+0+0+0+1 = 15
    expect(isLuhnValid('35600000000001')).toBe(false)
    expect(isValidSiret('35600000000001')).toBe(true)
    expect(isValidSiret('356 000 000 00010')).toBe(true)
    expect(isValidSiret('35600000000024')).toBe(true)
  })

  it("accepts La Poste's head office, which follows Luhn (356 000 000 00048)", () => {
    expect(isValidSiret('35600000000048')).toBe(true)
  })

  it('refuses a La Poste SIRET failing both the digit sum and Luhn', () => {
    expect(isValidSiret('35600000000000')).toBe(false)
    expect(isValidSiret('35600000000002')).toBe(false)
  })

  it('keeps the digit-sum exception for La Poste only', () => {
    // 732829320 00005: digit sum 40, a multiple of 5, but Luhn fails and it is not La Poste.
    expect(isValidSiret('73282932000005')).toBe(false)
  })
})

describe('sirenOfSiret and compactIdentifier', () => {
  it('extracts the SIREN of a valid SIRET only', () => {
    expect(sirenOfSiret('732 829 320 00074')).toBe('732829320')
    expect(sirenOfSiret('73282932000075')).toBeNull()
  })

  it('removes every kind of space', () => {
    expect(compactIdentifier(' 732\u00A0829 320\u202F00074 ')).toBe('73282932000074')
  })
})
