import type { ContactActivity } from '../contacts/activity'
import type { ContactRelation } from '../schemas/contacts'
import type { AddressDto, Ref } from './account'

/** Response shapes of API.md "Customers, suppliers, addresses, catalogue". */

export type ContactPersonDto = {
  id: number
  parentId: number
  contactTypeId: 2
  name: string
  email: string | null
  phoneMobile: string | null
  phoneOffice: string | null
  position: string | null
}

export type ContactDto = {
  id: number
  name: string
  contactTypeId: number
  contactType: Ref
  relation: ContactRelation
  isCustomer: boolean
  isSupplier: boolean
  registrySiren: string | null
  registryName: string | null
  registryApe: string | null
  registryDate: string | null
  intracommunityTaxNumber: string | null
  legalFormId: number | null
  sectorId: number | null
  email: string | null
  phoneMobile: string | null
  phoneOffice: string | null
  url: string | null
  addresses: AddressDto[]
  contacts: ContactPersonDto[]
  createdAt: string
  updatedAt: string
}

/** GET /contacts/{id} adds the detail panel's totals. */
export type ContactDetailDto = ContactDto & ContactActivity

export type CompanyDto = {
  name: string | null
  tvaIntra: string | null
  siren: string
  siret: string | null
  naf: string | null
  natureJuridique: string | null
  legalFormId: number | null
  legalForm: Ref | null
  street: string | null
  postcode: string | null
  city: string | null
  nonDisclosable: boolean
}

export type ItemDto = {
  id: number
  name: string
  reference: string
  description: string | null
  amount: string
  priceRule: 'HT' | 'TTC'
  itemTypeId: number
  itemType: Ref
  unitId: number
  unit: Ref
  accountingEntryId: number
  accountingEntry: { id: number; code: string; name: string }
  taxId: number | null
  tax: (Ref & { amount: string }) | null
  /** `/api/v1/items/{id}/image` when the item has an image, else null. */
  imageUrl: string | null
  createdAt: string
  updatedAt: string
}
