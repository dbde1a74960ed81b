import { describe, expect, it } from 'vitest'
import { checkVatNumber, sirenOfVatNumber, vatNumberFromSiren } from './vat-number'

describe('vatNumberFromSiren: the French VAT number of a company', () => {
  it('is FR + key + SIREN with key = (12 + 3 × (SIREN mod 97)) mod 97', () => {
    expect(vatNumberFromSiren('732829320')).toBe('FR44732829320')
    expect(vatNumberFromSiren('404833048')).toBe('FR83404833048')
    expect(vatNumberFromSiren('356000000')).toBe('FR39356000000')
  })

  it('writes a key below 10 with two digits', () => {
    // 100000207 mod 97 = 94 → (12 + 282) mod 97 = 3.
    expect(vatNumberFromSiren('100000207')).toBe('FR03100000207')
  })

  it('accepts spaces and refuses an invalid SIREN', () => {
    expect(vatNumberFromSiren('732 829 320')).toBe('FR44732829320')
    expect(vatNumberFromSiren('732829321')).toBeNull()
    expect(vatNumberFromSiren('73282932000074')).toBeNull()
    expect(vatNumberFromSiren('')).toBeNull()
  })
})

describe('checkVatNumber and sirenOfVatNumber', () => {
  it('checks French keys against the SIREN, other countries by shape', () => {
    expect(checkVatNumber('FR44732829320')).toBe('valid')
    expect(checkVatNumber('fr 44 732 829 320')).toBe('valid')
    expect(checkVatNumber('FR45732829320')).toBe('key')
    expect(checkVatNumber('FR44732829321')).toBe('key')
    expect(checkVatNumber('FRAB732829320')).toBe('valid')
    expect(checkVatNumber('FR4473282932')).toBe('format')
    expect(checkVatNumber('DE123456789')).toBe('valid')
    expect(checkVatNumber('12345')).toBe('format')
    expect(checkVatNumber('')).toBe('format')
  })

  it('reads the SIREN of a French number', () => {
    expect(sirenOfVatNumber('FR 44 732829320')).toBe('732829320')
    expect(sirenOfVatNumber('DE123456789')).toBeNull()
  })
})
