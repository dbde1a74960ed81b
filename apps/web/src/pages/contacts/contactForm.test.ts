import type { CompanyDto } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { lookupKey } from '../../components/companyLookup'
import { applyCompany, bodyFromValues, emptyAddress, valuesFromContact } from './contactForm'

const company = (over: Partial<CompanyDto> = {}): CompanyDto => ({
  name: 'ACME',
  tvaIntra: 'FR44732829320',
  siren: '732829320',
  siret: null,
  naf: null,
  natureJuridique: null,
  legalFormId: 14,
  legalForm: null,
  street: '1 rue de la Paix',
  postcode: '75002',
  city: 'Paris',
  nonDisclosable: false,
  ...over,
})

describe('company lookup', () => {
  it('looks up 9 or 14 digits only, spaces removed', () => {
    expect(lookupKey('732 829 320')).toBe('732829320')
    expect(lookupKey('732 829 320 00074')).toBe('73282932000074')
    expect(lookupKey('7328')).toBeNull()
  })

  it('fills name, VAT number, SIREN, legal form and a BILLING "Adresse principale" for a customer', () => {
    const { values, address } = applyCompany([], company(), 'customer')
    expect(values).toEqual({
      registrySiren: '732829320',
      name: 'ACME',
      intracommunityTaxNumber: 'FR44732829320',
      legalFormId: '14',
    })
    expect(address).toMatchObject({
      name: 'Adresse principale',
      street: '1 rue de la Paix',
      addressTypeId: '1',
      id: null,
    })
    expect(applyCompany([], company(), 'supplier').address?.addressTypeId).toBe('2')
  })

  it('skips the address when the street is not disclosed, or when the contact already has one', () => {
    expect(applyCompany([], company({ street: '[ND]' }), 'customer').address).toBeNull()
    const same = { ...emptyAddress('customer'), street: '1 RUE DE LA PAIX', postcode: '75002', city: 'paris' }
    expect(applyCompany([same], company(), 'customer').address).toBeNull()
  })
})

describe('contact body', () => {
  it('sends blank strings as absent and drops business fields and persons for an individual', () => {
    const values = {
      ...valuesFromContact(null),
      contactTypeId: '2',
      name: ' Jeanne ',
      registrySiren: '732829320',
      contacts: [{ id: 3, name: 'X', email: '', phoneMobile: '', phoneOffice: '', position: '' }],
    }
    expect(bodyFromValues(values, { withPersons: false })).toEqual({
      contactTypeId: 2,
      name: 'Jeanne',
      registrySiren: undefined,
      intracommunityTaxNumber: undefined,
      legalFormId: undefined,
      sectorId: undefined,
      email: undefined,
      phoneMobile: undefined,
      phoneOffice: undefined,
      url: undefined,
    })
    expect(bodyFromValues(values, { withPersons: true }).contacts).toEqual([])
  })

  it('removes spaces from the SIREN and keeps person ids', () => {
    const values = {
      ...valuesFromContact(null),
      name: 'Acme',
      registrySiren: '732 829 320',
      contacts: [{ id: 3, name: 'Paul', email: '', phoneMobile: '', phoneOffice: '', position: 'Gérant' }],
    }
    const body = bodyFromValues(values, { withPersons: true })
    expect(body.registrySiren).toBe('732829320')
    expect(body.contacts).toEqual([
      { id: 3, name: 'Paul', email: undefined, phoneMobile: undefined, phoneOffice: undefined, position: 'Gérant' },
    ])
  })
})
