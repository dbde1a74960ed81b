import {
  ADDRESS_TYPE_IDS,
  type AddressDto,
  CONTACT_TYPE_IDS,
  COUNTRY_FRANCE_ID,
  type CompanyDto,
  type ContactDto,
  type ContactRelationFilter,
  messages,
} from '@app/domain'

export type PersonValues = {
  id: number | null
  name: string
  email: string
  phoneMobile: string
  phoneOffice: string
  position: string
}

export type ContactValues = {
  contactTypeId: string
  name: string
  registrySiren: string
  intracommunityTaxNumber: string
  legalFormId: string | null
  sectorId: string | null
  email: string
  phoneMobile: string
  phoneOffice: string
  url: string
  contacts: PersonValues[]
}

/** An address of the drawer: `id` once saved; `dirty` when edited since. `key` names it in the list. */
export type AddressDraft = {
  key: string
  id: number | null
  dirty: boolean
  addressTypeId: string
  name: string
  street: string
  complement1: string
  complement2: string
  postcode: string
  city: string
  countryId: string
}

/** Customers' addresses are of type BILLING, suppliers' of type COMPANY (spec/sales.md §3). */
export const addressTypeOf = (relation: ContactRelationFilter) =>
  relation === 'customer' ? ADDRESS_TYPE_IDS.BILLING : ADDRESS_TYPE_IDS.COMPANY

let nextKey = 0
export const newAddressKey = () => `new-${++nextKey}`

export const emptyPerson = (): PersonValues => ({
  id: null,
  name: '',
  email: '',
  phoneMobile: '',
  phoneOffice: '',
  position: '',
})

export function valuesFromContact(contact: ContactDto | null): ContactValues {
  return {
    contactTypeId: String(contact?.contactTypeId ?? CONTACT_TYPE_IDS.BUSINESS),
    name: contact?.name ?? '',
    registrySiren: contact?.registrySiren ?? '',
    intracommunityTaxNumber: contact?.intracommunityTaxNumber ?? '',
    legalFormId: contact?.legalFormId ? String(contact.legalFormId) : null,
    sectorId: contact?.sectorId ? String(contact.sectorId) : null,
    email: contact?.email ?? '',
    phoneMobile: contact?.phoneMobile ?? '',
    phoneOffice: contact?.phoneOffice ?? '',
    url: contact?.url ?? '',
    contacts: (contact?.contacts ?? []).map((person) => ({
      id: person.id,
      name: person.name,
      email: person.email ?? '',
      phoneMobile: person.phoneMobile ?? '',
      phoneOffice: person.phoneOffice ?? '',
      position: person.position ?? '',
    })),
  }
}

export const draftFromAddress = (address: AddressDto): AddressDraft => ({
  key: `id-${address.id}`,
  id: address.id,
  dirty: false,
  addressTypeId: String(address.addressTypeId),
  name: address.name ?? '',
  street: address.street ?? '',
  complement1: address.complement1 ?? '',
  complement2: address.complement2 ?? '',
  postcode: address.postcode,
  city: address.city,
  countryId: String(address.countryId),
})

export const emptyAddress = (relation: ContactRelationFilter): AddressDraft => ({
  key: newAddressKey(),
  id: null,
  dirty: true,
  addressTypeId: String(addressTypeOf(relation)),
  name: '',
  street: '',
  complement1: '',
  complement2: '',
  postcode: '',
  city: '',
  countryId: String(COUNTRY_FRANCE_ID),
})

/** Blank strings are sent as absent (spec/sales.md §5: "on create, empty strings are sent as absent"). */
const orAbsent = (value: string | null) => (value?.trim() ? value.trim() : undefined)

/**
 * The body of POST or PATCH /contacts; `withPersons` adds the contact persons (the server then keeps those with an
 * id, creates the others and removes the missing ones). An individual has no persons nor business fields.
 */
export function bodyFromValues(values: ContactValues, { withPersons }: { withPersons: boolean }) {
  const business = values.contactTypeId === String(CONTACT_TYPE_IDS.BUSINESS)
  return {
    contactTypeId: Number(values.contactTypeId),
    name: values.name.trim(),
    registrySiren: business ? orAbsent(values.registrySiren.replace(/\s+/g, '')) : undefined,
    intracommunityTaxNumber: business ? orAbsent(values.intracommunityTaxNumber) : undefined,
    legalFormId: business && values.legalFormId ? Number(values.legalFormId) : undefined,
    sectorId: business && values.sectorId ? Number(values.sectorId) : undefined,
    email: orAbsent(values.email),
    phoneMobile: orAbsent(values.phoneMobile),
    phoneOffice: orAbsent(values.phoneOffice),
    url: orAbsent(values.url),
    ...(withPersons
      ? {
          contacts: business
            ? values.contacts.map((person) => ({
                ...(person.id ? { id: person.id } : {}),
                name: person.name.trim(),
                email: orAbsent(person.email),
                phoneMobile: orAbsent(person.phoneMobile),
                phoneOffice: orAbsent(person.phoneOffice),
                position: orAbsent(person.position),
              }))
            : [],
        }
      : {}),
  }
}

/** The body of POST (with addressableType, addressableId) or PATCH /addresses: blank strings as null. */
export function addressBody(draft: AddressDraft) {
  const orNull = (value: string) => (value.trim() ? value.trim() : null)
  return {
    addressTypeId: Number(draft.addressTypeId),
    name: orNull(draft.name),
    street: orNull(draft.street),
    complement1: orNull(draft.complement1),
    complement2: orNull(draft.complement2),
    postcode: draft.postcode.trim(),
    city: draft.city.trim(),
    countryId: Number(draft.countryId),
  }
}

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase()

/**
 * What a company lookup fills (spec/sales.md §4): name, VAT number, SIREN (and legal form when known), plus an
 * address named "Adresse principale" when the contact has none; skipped when the street carries the non-disclosure
 * marker "[ND]" or when an identical address exists.
 */
export function applyCompany(
  addresses: AddressDraft[],
  company: CompanyDto,
  relation: ContactRelationFilter,
): { values: Partial<ContactValues>; address: AddressDraft | null } {
  const patch: Partial<ContactValues> = {
    registrySiren: company.siren,
    ...(company.name ? { name: company.name } : {}),
    ...(company.tvaIntra ? { intracommunityTaxNumber: company.tvaIntra } : {}),
    ...(company.legalFormId ? { legalFormId: String(company.legalFormId) } : {}),
  }
  const street = company.street ?? ''
  const hasAddress = Boolean(company.postcode && company.city)
  const identical = addresses.some(
    (address) =>
      sameText(address.street, street) &&
      sameText(address.postcode, company.postcode) &&
      sameText(address.city, company.city),
  )
  const address =
    hasAddress && addresses.length === 0 && !street.includes('[ND]') && !identical
      ? {
          ...emptyAddress(relation),
          name: messages.contacts.mainAddressName,
          street,
          postcode: company.postcode ?? '',
          city: company.city ?? '',
        }
      : null
  return { values: patch, address }
}
