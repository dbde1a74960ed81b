import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { accountingEntries, items, itemTypes, taxes, units } from '../../../db/schema/index'
import { visibleTo } from '../../../lib/category-visibility'
import { containsPattern } from '../../../lib/text-search'

export type ItemInsert = typeof items.$inferInsert
export type ItemValues = Omit<ItemInsert, 'organizationId' | 'id'>
export type ItemListOptions = {
  itemTypeCode?: string
  id?: number
  search?: string
  sort: 'name' | '-name' | 'reference' | '-reference' | 'createdAt' | '-createdAt'
  limit: number
  offset: number
}

const sortKeyC = sql`${items.sortKey} collate "C"`

export function createItemRepo(db: DbOrTx) {
  const select = () =>
    db
      .select({
        item: items,
        itemType: { id: itemTypes.id, code: itemTypes.code, name: itemTypes.name },
        unit: { id: units.id, code: units.code, name: units.name },
        accountingEntry: {
          id: accountingEntries.id,
          code: accountingEntries.code,
          name: accountingEntries.name,
        },
        tax: { id: taxes.id, code: taxes.code, name: taxes.name, amount: taxes.amount },
      })
      .from(items)
      .innerJoin(itemTypes, eq(itemTypes.id, items.itemTypeId))
      .innerJoin(units, eq(units.id, items.unitId))
      .innerJoin(accountingEntries, eq(accountingEntries.id, items.accountingEntryId))
      .leftJoin(taxes, eq(taxes.id, items.taxId))

  return {
    async list(organizationId: number, options: ItemListOptions) {
      const where: SQL | undefined = and(
        eq(items.organizationId, organizationId),
        options.itemTypeCode === undefined
          ? undefined
          : sql`${items.itemTypeId} = (select ${itemTypes.id} from ${itemTypes} where ${itemTypes.code} = ${options.itemTypeCode})`,
        options.id === undefined ? undefined : eq(items.id, options.id),
        options.search ? sql`${items.searchText} like ${containsPattern(options.search)}` : undefined,
      )
      const order = {
        name: [asc(sortKeyC), asc(items.id)],
        '-name': [desc(sortKeyC), desc(items.id)],
        reference: [asc(items.reference), asc(items.id)],
        '-reference': [desc(items.reference), desc(items.id)],
        createdAt: [asc(items.createdAt), asc(items.id)],
        '-createdAt': [desc(items.createdAt), desc(items.id)],
      }[options.sort]
      const rows = await select()
        .where(where)
        .orderBy(...order)
        .limit(options.limit)
        .offset(options.offset)
      const [total] = await db.select({ total: count() }).from(items).where(where)
      return { rows, total: total?.total ?? 0 }
    },

    async find(organizationId: number, id: number) {
      const [row] = await select().where(and(eq(items.organizationId, organizationId), eq(items.id, id)))
      return row
    },

    async insert(organizationId: number, values: ItemValues): Promise<number> {
      const [created] = await db
        .insert(items)
        .values({ ...values, organizationId })
        .returning({ id: items.id })
      if (!created) throw new Error('item insert returned nothing')
      return created.id
    },

    async update(organizationId: number, id: number, values: Partial<ItemValues>): Promise<boolean> {
      const updated = await db
        .update(items)
        .set(values)
        .where(and(eq(items.organizationId, organizationId), eq(items.id, id)))
        .returning({ id: items.id })
      return updated.length > 0
    },

    async delete(organizationId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(items)
        .where(and(eq(items.organizationId, organizationId), eq(items.id, id)))
        .returning({ id: items.id })
      return deleted.length > 0
    },

    async findItemType(id: number) {
      const [row] = await db.select().from(itemTypes).where(eq(itemTypes.id, id))
      return row
    },

    async unitExists(id: number) {
      return (await db.select({ id: units.id }).from(units).where(eq(units.id, id))).length > 0
    },

    async findCategory(organizationId: number, id: number) {
      const [row] = await db
        .select()
        .from(accountingEntries)
        .where(and(eq(accountingEntries.id, id), visibleTo(organizationId)))
      return row
    },

    async findTax(id: number) {
      const [row] = await db.select().from(taxes).where(eq(taxes.id, id))
      return row
    },

    /** The tax of a category (its tax type and rate kind) in a tax area; taxes valid everywhere come second. */
    async findCategoryTax(category: { taxTypeId: number; taxRateId: number }, taxAreaId: number) {
      const [row] = await db
        .select({ id: taxes.id })
        .from(taxes)
        .where(
          and(
            eq(taxes.taxTypeId, category.taxTypeId),
            eq(taxes.taxRateId, category.taxRateId),
            or(eq(taxes.taxAreaId, taxAreaId), isNull(taxes.taxAreaId)),
          ),
        )
        .orderBy(sql`${taxes.taxAreaId} is null`, asc(taxes.id))
        .limit(1)
      return row?.id ?? null
    },
  }
}
