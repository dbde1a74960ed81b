import type { AddressDto } from '@app/domain'
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { addresses, addressTypes, contacts, taxes, units } from '../../db/schema/index'

/**
 * Reads documents need from reference tables and from their customer. Only reads: contacts and addresses are
 * written by their own features.
 */
export function createDocumentReadRepo(db: DbOrTx) {
  return {
    async taxes(ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select({
          id: taxes.id,
          code: taxes.code,
          name: taxes.name,
          amount: taxes.amount,
          isCollected: taxes.isCollected,
        })
        .from(taxes)
        .where(inArray(taxes.id, ids))
    },

    async units(ids: number[]) {
      if (ids.length === 0) return []
      return db.select({ id: units.id, code: units.code, name: units.name }).from(units).where(inArray(units.id, ids))
    },

    async contact(organizationId: number, id: number) {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)))
      return row
    },

    async contactAddresses(organizationId: number, contactId: number): Promise<AddressDto[]> {
      const rows = await db
        .select({ address: addresses, addressTypeCode: addressTypes.code })
        .from(addresses)
        .innerJoin(addressTypes, eq(addressTypes.id, addresses.addressTypeId))
        .where(
          and(
            eq(addresses.organizationId, organizationId),
            eq(addresses.addressableType, 'contact'),
            eq(addresses.addressableId, contactId),
          ),
        )
        .orderBy(addresses.id)
      return rows.map(({ address, addressTypeCode }) => ({
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
      }))
    },
  }
}
