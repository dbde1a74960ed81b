import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { messages } from '../messages/index'
import { addressCreateSchema, addressUpdateSchema, contactPersonSchema, contactSchema } from './contacts'

const v = messages.validation

function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message
  return errors
}

const business = {
  contactTypeId: 1,
  name: 'Danone',
  registrySiren: '552032534',
  intracommunityTaxNumber: 'FR27552032534',
}

describe('contactSchema', () => {
  it('compacts the SIREN and VAT number and turns empty strings into null', () => {
    const parsed = contactSchema.parse({
      ...business,
      registrySiren: ' 552 032 534 ',
      intracommunityTaxNumber: 'fr 27 552 032 534',
      email: '',
      phoneMobile: '',
      legalFormId: '',
      sectorId: '0',
      registryDate: '',
    })
    expect(parsed).toMatchObject({
      registrySiren: '552032534',
      intracommunityTaxNumber: 'FR27552032534',
      email: null,
      phoneMobile: null,
      legalFormId: null,
      sectorId: null,
      registryDate: null,
    })
  })

  it('requires SIREN and VAT number for businesses only, and drops them for individuals', () => {
    expect(errorsOf(contactSchema, { contactTypeId: 1, name: 'A' })).toEqual({
      registrySiren: v.required,
      intracommunityTaxNumber: v.required,
    })
    const individual = contactSchema.parse({ ...business, contactTypeId: 2, contacts: [{ name: 'x' }] })
    expect(individual).toMatchObject({ registrySiren: null, intracommunityTaxNumber: null, contacts: [] })
  })

  it('checks the SIREN or SIRET check digits and the VAT key', () => {
    expect(errorsOf(contactSchema, { ...business, registrySiren: '55203253' })).toEqual({
      registrySiren: v.sirenOrSiretFormat,
    })
    expect(errorsOf(contactSchema, { ...business, registrySiren: '552032535' })).toEqual({
      registrySiren: v.sirenOrSiretCheck,
    })
    expect(
      errorsOf(contactSchema, {
        ...business,
        registrySiren: '35600000000001',
        intracommunityTaxNumber: 'FR39356000000',
      }),
    ).toEqual({})
    expect(errorsOf(contactSchema, { ...business, intracommunityTaxNumber: 'FR00552032534' })).toEqual({
      intracommunityTaxNumber: v.vatNumberKey,
    })
    expect(errorsOf(contactSchema, { ...business, intracommunityTaxNumber: 'FR44732829320' })).toEqual({
      intracommunityTaxNumber: v.vatNumberSirenMismatch,
    })
    expect(errorsOf(contactSchema, { ...business, intracommunityTaxNumber: 'DE123456789' })).toEqual({})
    expect(errorsOf(contactSchema, { ...business, intracommunityTaxNumber: '123' })).toEqual({
      intracommunityTaxNumber: v.vatNumberFormat,
    })
  })

  it('checks phones: + or 00 and a country code, or 0, then digits', () => {
    for (const phone of ['+33 6 12 34 56 78', '0033612345678', '06.12.34.56.78'])
      expect(errorsOf(contactSchema, { contactTypeId: 2, name: 'A', phoneOffice: phone }), phone).toEqual({})
    for (const phone of ['612345678', '+0612345678', '06 12 34', 'abc'])
      expect(errorsOf(contactSchema, { contactTypeId: 2, name: 'A', phoneOffice: phone }), phone).toEqual({
        phoneOffice: v.phoneInvalid,
      })
  })

  it('a contact person needs a name', () => {
    expect(errorsOf(contactPersonSchema, { name: ' ' })).toEqual({ name: v.required })
    expect(contactPersonSchema.parse({ id: '0', name: 'Paul' }).id).toBeNull()
    expect(errorsOf(contactPersonSchema, { id: -2, name: 'Paul' })).toEqual({ id: v.choiceInvalid })
  })
})

describe('address schemas', () => {
  const address = { addressableType: 'contact', addressableId: 3, addressTypeId: 1, postcode: '34000', city: 'Sète' }

  it('requires postcode, city, type and country; France by default; blanks become null', () => {
    expect(errorsOf(addressCreateSchema, { addressableType: 'contact', addressableId: 3 })).toMatchObject({
      addressTypeId: v.required,
      postcode: v.required,
      city: v.required,
    })
    expect(addressCreateSchema.parse({ ...address, street: '  ' })).toMatchObject({ countryId: 71, street: null })
  })

  it('wants 5 digits in France only', () => {
    const { addressableType: _type, addressableId: _id, ...fields } = address
    expect(errorsOf(addressUpdateSchema, { ...fields, postcode: '3400' })).toEqual({ postcode: v.postcodeInvalid })
    expect(errorsOf(addressUpdateSchema, { ...fields, postcode: 'SW1A 1AA', countryId: 76 })).toEqual({})
  })
})
