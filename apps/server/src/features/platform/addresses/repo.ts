import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { idsLiteral, inIdsOf } from '../../../db/ids'
import { addresses, addressTypes, contacts, countries } from '../../../db/schema/index'

export type AddressInsert = typeof addresses.$inferInsert
export type AddressValues = Omit<AddressInsert, 'organizationId' | 'id' | 'addressableType' | 'addressableId'>
export type AddressFilters = {
  addressableType?: string
  addressableId?: number
  addressTypeId?: number
  /** Found in the name, the street, its complements, the postcode or the city, case and accents aside. */
  search?: string
}

const searched = (search: string) => {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const text = sql`concat_ws(' ', ${addresses.name}, ${addresses.street}, ${addresses.complement1}, ${addresses.complement2}, ${addresses.postcode}, ${addresses.city})`
  return sql`search_fold(${text}) like search_fold(${pattern})`
}

const joinedSelect = (db: DbOrTx) =>
  db
    .select({ address: addresses, addressTypeCode: addressTypes.code })
    .from(addresses)
    .innerJoin(addressTypes, eq(addressTypes.id, addresses.addressTypeId))

// A customer's addresses are read by every document made or validated: their SQL built once (db/compiled.ts).
const addressesOfOwners = compiled('addresses_of', (db) =>
  joinedSelect(db)
    .where(
      and(
        eq(addresses.organizationId, sql.placeholder('organizationId')),
        eq(addresses.addressableType, sql.placeholder('addressableType')),
        inIdsOf(addresses.addressableId, 'addressableIds'),
      ),
    )
    .orderBy(asc(addresses.id)),
)

export function createAddressRepo(db: DbOrTx) {
  const select = () => joinedSelect(db)

  const filtered = (organizationId: number, filters: AddressFilters) =>
    and(
      eq(addresses.organizationId, organizationId),
      filters.addressableType === undefined ? undefined : eq(addresses.addressableType, filters.addressableType),
      filters.addressableId === undefined ? undefined : eq(addresses.addressableId, filters.addressableId),
      filters.addressTypeId === undefined ? undefined : eq(addresses.addressTypeId, filters.addressTypeId),
      filters.search ? searched(filters.search) : undefined,
    )

  return {
    async list(organizationId: number, filters: AddressFilters, limit: number, offset: number) {
      const where = filtered(organizationId, filters)
      const rows = await select().where(where).orderBy(asc(addresses.id)).limit(limit).offset(offset)
      const [total] = await db.select({ total: count() }).from(addresses).where(where)
      return { rows, total: total?.total ?? 0 }
    },

    listOf(organizationId: number, addressableType: string, addressableIds: number[]) {
      if (addressableIds.length === 0) return Promise.resolve([])
      return addressesOfOwners(db, { organizationId, addressableType, addressableIds: idsLiteral(addressableIds) })
    },

    async find(organizationId: number, id: number) {
      const [row] = await select().where(and(eq(addresses.organizationId, organizationId), eq(addresses.id, id)))
      return row
    },

    async insert(row: AddressInsert): Promise<number> {
      const [created] = await db.insert(addresses).values(row).returning({ id: addresses.id })
      if (!created) throw new Error('address insert returned nothing')
      return created.id
    },

    async update(organizationId: number, id: number, values: Partial<AddressValues>) {
      await db
        .update(addresses)
        .set(values)
        .where(and(eq(addresses.organizationId, organizationId), eq(addresses.id, id)))
    },

    /** Only one default address per owner: the others lose the flag. */
    async clearDefault(organizationId: number, addressableType: string, addressableId: number) {
      await db
        .update(addresses)
        .set({ isDefault: false })
        .where(
          and(
            eq(addresses.organizationId, organizationId),
            eq(addresses.addressableType, addressableType),
            eq(addresses.addressableId, addressableId),
          ),
        )
    },

    async delete(organizationId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(addresses)
        .where(and(eq(addresses.organizationId, organizationId), eq(addresses.id, id)))
        .returning({ id: addresses.id })
      return deleted.length > 0
    },

    async deleteAllOf(organizationId: number, addressableType: string, addressableId: number) {
      await db
        .delete(addresses)
        .where(
          and(
            eq(addresses.organizationId, organizationId),
            eq(addresses.addressableType, addressableType),
            eq(addresses.addressableId, addressableId),
          ),
        )
    },

    /** Addresses have no foreign key to their owner (polymorphic): the contact is checked here, in the same tenant. */
    async contactExists(organizationId: number, contactId: number): Promise<boolean> {
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, contactId)))
      return rows.length > 0
    },

    async referencesExist(ids: { addressTypeId: number; countryId: number }) {
      const type = await db
        .select({ id: addressTypes.id })
        .from(addressTypes)
        .where(eq(addressTypes.id, ids.addressTypeId))
      const country = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, ids.countryId))
      return { addressTypeId: type.length > 0, countryId: country.length > 0 }
    },
  }
}
