import { describe, expect, it } from 'vitest'
import { bankOf } from './index'

describe('bankOf: the bank of an account, for the bank balance block', () => {
  it('names the bank from the BIC first, whatever its case and spaces', () => {
    expect(bankOf({ bic: 'sogefrpp' })).toEqual({ name: 'Société Générale', parentName: null })
    expect(bankOf({ bic: 'QNTO FRP1 XXX' })).toEqual({ name: 'Qonto', parentName: null })
    expect(bankOf({ bic: 'CRLYFRPP', iban: 'FR7630003000110005000157821' })?.name).toBe('LCL')
  })

  it("falls back to a French IBAN's bank code, and knows nothing else", () => {
    expect(bankOf({ iban: 'FR76 3000 3000 1100 0500 0157 821' })?.name).toBe('Société Générale')
    expect(bankOf({ iban: 'FR1420041010050500013M02606' })?.name).toBe('La Banque Postale')
    expect(bankOf({ iban: 'DE89370400440532013000' })).toBeNull()
    expect(bankOf({ iban: null, bic: null })).toBeNull()
    expect(bankOf({ bic: 'ZZZZFRPP' })).toBeNull()
  })
})
