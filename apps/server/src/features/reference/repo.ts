import { type Paging, pageOffset } from '@app/domain'
import { and, asc, count, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'

export type ReferenceTable = PgTable & { id: PgColumn }
export type ColumnFilter = { column: PgColumn; value: unknown }

export function createReferenceRepo(db: DbOrTx) {
  return {
    /** Reference tables are small (a few hundred rows at most): a page of them, in id order, and how many match. */
    async list(table: ReferenceTable, filters: ColumnFilter[], paging: Paging) {
      const conditions: SQL[] = filters.map((filter) => eq(filter.column, filter.value))
      const where = conditions.length > 0 ? and(...conditions) : undefined
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(table as PgTable)
          .where(where)
          .orderBy(asc(table.id))
          .limit(paging.pageSize)
          .offset(pageOffset(paging)),
        db
          .select({ total: count() })
          .from(table as PgTable)
          .where(where),
      ])
      return { rows, total: counted?.total ?? 0 }
    },
  }
}
