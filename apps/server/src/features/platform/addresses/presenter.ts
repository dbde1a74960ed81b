import type { addresses } from '../../../db/schema/index'

type AddressRow = typeof addresses.$inferSelect
export type AddressWithType = { address: AddressRow; addressTypeCode: string }

/** An address as the API answers it (spec/account.md « Address »). */
export function presentAddress({ address, addressTypeCode }: AddressWithType) {
  return {
    id: address.id,
    addressableType: address.addressableType,
    addressableId: address.addressableId,
    addressTypeId: address.addressTypeId,
    addressTypeCode,
    name: address.name,
    street: address.street,
    complement1: address.complement1,
    complement2: address.complement2,
    postcode: address.postcode,
    city: address.city,
    countryId: address.countryId,
    isDefault: address.isDefault,
  }
}
