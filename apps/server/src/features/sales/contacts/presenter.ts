import type { AddressDto, ContactDto, ContactEInvoicingDto, ContactPersonDto, ContactRelation } from '@app/domain'
import { CONTACT_TYPE_IDS } from '@app/domain'
import type { ContactPersonRow, ContactRow } from './repo'

export const relationOf = (contact: { isCustomer: boolean; isSupplier: boolean }): ContactRelation =>
  contact.isCustomer && contact.isSupplier ? 'both' : contact.isCustomer ? 'customer' : 'supplier'

export const presentPerson = (person: ContactPersonRow): ContactPersonDto => ({
  id: person.id,
  parentId: person.contactId,
  contactTypeId: CONTACT_TYPE_IDS.PRIVATE,
  name: person.name,
  email: person.email,
  phoneMobile: person.phoneMobile,
  phoneOffice: person.phoneOffice,
  position: person.position,
})

const eInvoicingOf = (
  kept: { [K in keyof ContactEInvoicingDto]: ContactEInvoicingDto[K] | null } | null | undefined,
): ContactEInvoicingDto | null =>
  kept?.reachable == null || kept.checkedAt == null
    ? null
    : { reachable: kept.reachable, address: kept.address, platform: kept.platform, checkedAt: kept.checkedAt }

/** A contact as API.md and spec/sales.md §3 name its fields, with its addresses and contact persons. */
export function presentContact(
  row: {
    contact: ContactRow
    contactType: { id: number; code: string; name: string }
    /** Left-joined: every column null when the directory was never asked. */
    eInvoicing?: { [K in keyof ContactEInvoicingDto]: ContactEInvoicingDto[K] | null } | null
  },
  addresses: AddressDto[],
  persons: ContactPersonRow[],
): ContactDto {
  const c = row.contact
  return {
    id: c.id,
    name: c.name,
    contactTypeId: c.contactTypeId,
    contactType: row.contactType,
    relation: relationOf(c),
    isCustomer: c.isCustomer,
    isSupplier: c.isSupplier,
    registrySiren: c.registrySiren,
    registryName: c.registryName,
    registryApe: c.registryApe,
    registryDate: c.registryDate,
    intracommunityTaxNumber: c.intracommunityTaxNumber,
    legalFormId: c.legalFormId,
    sectorId: c.sectorId,
    email: c.email,
    phoneMobile: c.phoneMobile,
    phoneOffice: c.phoneOffice,
    url: c.url,
    addresses: addresses.filter((address) => address.addressableId === c.id),
    contacts: persons.filter((person) => person.contactId === c.id).map(presentPerson),
    eInvoicing: eInvoicingOf(row.eInvoicing),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  }
}
