import { type Paging, pageOffset } from '@app/domain'
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../../db/client'

export type ReferenceTable = PgTable & { id: PgColumn }
export type ColumnFilter = { column: PgColumn; value: unknown }

export function createReferenceRepo(db: DbOrTx) {
  return {
    /**
     * Reference tables are small (a few hundred rows at most): a page of them, in id order, and how many match;
     * `search` is found in the name or the code, case and accents aside.
     */
    async list(table: ReferenceTable, filters: ColumnFilter[], paging: Paging, search?: string) {
      const conditions: SQL[] = filters.map((filter) => eq(filter.column, filter.value))
      if (search) {
        const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        const columns = ['name', 'code'].flatMap((name) => {
          const column = (table as unknown as Record<string, unknown>)[name]
          return column ? [column as PgColumn] : []
        })
        conditions.push(
          sql`(${sql.join(
            columns.map((column) => sql`search_fold(${column}) like search_fold(${pattern})`),
            sql` or `,
          )})`,
        )
      }
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
