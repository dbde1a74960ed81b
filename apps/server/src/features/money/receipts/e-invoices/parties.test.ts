import { describe, expect, it } from 'vitest'
import type { PartyFields } from './fields'
import { frenchIds, ibanOf, vatNumberOf } from './parties'

const party = (overrides: Partial<PartyFields>): PartyFields => ({
  name: 'Fournisseur',
  legalId: null,
  otherIds: [],
  vatNumber: null,
  country: null,
  address: null,
  ...overrides,
})

describe('French identifiers of a party', () => {
  it('reads the SIREN of BT-30 (0002) and the SIRET of BT-29 (0009)', () => {
    expect(
      frenchIds(
        party({
          legalId: { value: '412345670', scheme: '0002' },
          otherIds: [{ value: '41234567000019', scheme: '0009' }],
        }),
      ),
    ).toEqual({ siren: '412345670', siret: '41234567000019' })
  })

  it('takes a SIRET given as BT-30 for what it is, the SIREN being its first nine digits', () => {
    expect(frenchIds(party({ legalId: { value: '412 345 670 00019', scheme: '0002' } }))).toEqual({
      siren: '412345670',
      siret: '41234567000019',
    })
  })

  it('drops a SIRET of another company and numbers failing their check digit', () => {
    expect(
      frenchIds(
        party({
          legalId: { value: '412345670', scheme: '0002' },
          otherIds: [{ value: '79845612500011', scheme: '0009' }],
        }),
      ),
    ).toEqual({ siren: '412345670', siret: null })
    expect(frenchIds(party({ legalId: { value: '412345671', scheme: '0002' } }))).toEqual({ siren: null, siret: null })
  })

  it('reads a number without scheme only for a French party', () => {
    const unschemed = { legalId: { value: '412345670', scheme: null } }
    expect(frenchIds(party({ ...unschemed, country: 'FR' })).siren).toBe('412345670')
    expect(frenchIds(party({ ...unschemed, vatNumber: 'FR96412345670' })).siren).toBe('412345670')
    expect(frenchIds(party({ ...unschemed, country: 'DE' })).siren).toBeNull()
    expect(frenchIds(party({ legalId: { value: '412345670', scheme: '0088' }, country: 'FR' })).siren).toBeNull()
  })

  it('falls back on the SIREN inside a valid French VAT number', () => {
    expect(frenchIds(party({ vatNumber: 'FR 96 412 345 670' }))).toEqual({ siren: '412345670', siret: null })
    expect(frenchIds(party({ vatNumber: 'FR00412345670' })).siren).toBeNull()
    expect(frenchIds(party({ vatNumber: 'DE123456789' })).siren).toBeNull()
  })
})

describe('VAT number and IBAN', () => {
  it('compacts the VAT number', () => {
    expect(vatNumberOf(party({ vatNumber: 'fr 44 732.829.320' }))).toBe('FR44732829320')
    expect(vatNumberOf(party({}))).toBeNull()
  })

  it('keeps BT-84 only when it is a valid IBAN, in its electronic format', () => {
    expect(ibanOf('FR76 3000 6000 0112 3456 7890 189')).toBe('FR7630006000011234567890189')
    expect(ibanOf('FR76 3000 6000 0112 3456 7890 188')).toBeNull()
    expect(ibanOf('00012345678')).toBeNull()
    expect(ibanOf(null)).toBeNull()
  })
})
