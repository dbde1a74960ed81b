import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { accountingEntries, accountingEntryDeactivations } from '../../../db/schema/index'
import { isActiveFor, visibleTo } from '../../../lib/category-visibility'
import { containsPattern } from '../../../lib/text-search'

export type AccountingEntryFilters = {
  isSale?: boolean
  isExp?: boolean
  search?: string
  code?: string
  tag?: 'is_exp' | 'is_cash' | 'is_sale'
  category?: 'general' | 'custom'
  isActive?: boolean
}
export type AccountingEntrySort = 'position' | 'name' | '-name' | 'code' | '-code'

const entries = accountingEntries

const columns = (organizationId: number) => ({
  id: entries.id,
  organizationId: entries.organizationId,
  parentId: entries.parentId,
  code: entries.code,
  name: entries.name,
  description: entries.description,
  hint: entries.hint,
  keywords: entries.keywords,
  taxTypeId: entries.taxTypeId,
  taxRateId: entries.taxRateId,
  isExp: entries.isExp,
  isCash: entries.isCash,
  isSale: entries.isSale,
  isParent: entries.isParent,
  isDisplayed: entries.isDisplayed,
  isCommon: entries.isCommon,
  position: entries.position,
  isActive: isActiveFor(organizationId),
})

const ORDER = {
  position: [asc(entries.position), asc(entries.id)],
  name: [asc(entries.name), asc(entries.id)],
  '-name': [desc(entries.name), desc(entries.id)],
  code: [asc(entries.code), asc(entries.id)],
  '-code': [desc(entries.code), desc(entries.id)],
} as const

/** Accounting categories: the general chart and the organisation's own, with the organisation's active state. */
export function createAccountingEntryRepo(db: DbOrTx) {
  return {
    async list(
      organizationId: number,
      filters: AccountingEntryFilters,
      sort: AccountingEntrySort,
      limit: number,
      offset: number,
    ) {
      const where: SQL | undefined = and(
        visibleTo(organizationId),
        filters.isSale === undefined ? undefined : eq(entries.isSale, filters.isSale),
        filters.isExp === undefined ? undefined : eq(entries.isExp, filters.isExp),
        filters.tag === undefined
          ? undefined
          : eq({ is_exp: entries.isExp, is_cash: entries.isCash, is_sale: entries.isSale }[filters.tag], true),
        filters.code ? ilike(entries.code, `${filters.code.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
        filters.category === 'general' ? isNull(entries.organizationId) : undefined,
        filters.category === 'custom' ? eq(entries.organizationId, organizationId) : undefined,
        filters.isActive === undefined
          ? undefined
          : filters.isActive
            ? isActiveFor(organizationId)
            : sql`not ${isActiveFor(organizationId)}`,
        filters.search
          ? or(
              ilike(entries.name, containsPattern(filters.search)),
              ilike(entries.code, containsPattern(filters.search)),
              ilike(entries.keywords, containsPattern(filters.search)),
            )
          : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select(columns(organizationId))
          .from(entries)
          .where(where)
          .orderBy(...ORDER[sort])
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(entries).where(where),
      ])
      return { rows, total: total?.total ?? 0 }
    },

    async find(organizationId: number, id: number) {
      const [row] = await db
        .select(columns(organizationId))
        .from(entries)
        .where(and(eq(entries.id, id), visibleTo(organizationId)))
      return row ?? null
    },

    /** A general category by its account number (455, 108…): the parent of the organisation's account categories. */
    async findGeneralByCode(organizationId: number, code: string) {
      const [row] = await db
        .select(columns(organizationId))
        .from(entries)
        .where(and(isNull(entries.organizationId), eq(entries.code, code)))
      return row ?? null
    },

    /** The categories among `ids` this organisation may use, with their active state. */
    async findMany(organizationId: number, ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select(columns(organizationId))
        .from(entries)
        .where(and(inArray(entries.id, ids), visibleTo(organizationId)))
    },

    /** The next position after the organisation's own categories, so they come after the general chart. */
    async nextPosition(organizationId: number) {
      const [row] = await db
        .select({ position: sql<number>`coalesce(max(${entries.position}), 0)::int + 1` })
        .from(entries)
        .where(visibleTo(organizationId))
      return row?.position ?? 1
    },

    async insert(values: typeof entries.$inferInsert) {
      const [row] = await db.insert(entries).values(values).returning({ id: entries.id })
      return row?.id as number
    },

    async update(organizationId: number, id: number, values: Partial<typeof entries.$inferInsert>) {
      await db
        .update(entries)
        .set(values)
        .where(and(eq(entries.id, id), eq(entries.organizationId, organizationId)))
    },

    async remove(organizationId: number, id: number) {
      await db.delete(entries).where(and(eq(entries.id, id), eq(entries.organizationId, organizationId)))
    },

    /** Whether anything refers to the category: splits, items, rules, split templates or child categories. */
    async isUsed(organizationId: number, id: number) {
      const result = await db.execute<{ used: boolean }>(sql`select
          exists (select 1 from transaction_allocations where organization_id = ${organizationId} and accounting_entry_id = ${id})
          or exists (select 1 from items where organization_id = ${organizationId} and accounting_entry_id = ${id})
          or exists (select 1 from assignment_rules where organization_id = ${organizationId} and accounting_entry_id = ${id})
          or exists (select 1 from assignment_rule_splits where organization_id = ${organizationId} and accounting_entry_id = ${id})
          or exists (select 1 from accounting_entries where parent_id = ${id}) as used`)
      return result.rows[0]?.used === true
    },

    /** The ids of a category's descendants among the organisation's categories (to refuse a loop of parents). */
    async descendantIds(organizationId: number, id: number) {
      const result = await db.execute<{ id: number }>(sql`with recursive tree as (
          select id from accounting_entries where parent_id = ${id} and (organization_id is null or organization_id = ${organizationId})
          union select e.id from accounting_entries e join tree t on e.parent_id = t.id
            where e.organization_id is null or e.organization_id = ${organizationId}
        ) select id from tree`)
      return new Set(result.rows.map((row) => Number(row.id)))
    },

    async setActive(organizationId: number, id: number, active: boolean) {
      if (active)
        await db
          .delete(accountingEntryDeactivations)
          .where(
            and(
              eq(accountingEntryDeactivations.organizationId, organizationId),
              eq(accountingEntryDeactivations.accountingEntryId, id),
            ),
          )
      else
        await db
          .insert(accountingEntryDeactivations)
          .values({ organizationId, accountingEntryId: id })
          .onConflictDoNothing()
    },
  }
}

export type AccountingEntryRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createAccountingEntryRepo>['find']>>>
