import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'

export type ReferenceTable = PgTable & { id: PgColumn }
export type ColumnFilter = { column: PgColumn; value: unknown }

export function createReferenceRepo(db: DbOrTx) {
  return {
    /** Reference tables are small (a few hundred rows at most): they are listed whole, in id order. */
    list(table: ReferenceTable, filters: ColumnFilter[]) {
      const conditions: SQL[] = filters.map((filter) => eq(filter.column, filter.value))
      return db
        .select()
        .from(table as PgTable)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(asc(table.id))
    },
  }
}
