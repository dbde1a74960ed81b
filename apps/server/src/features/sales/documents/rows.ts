import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { invoices, type quotes } from '../../../db/schema/index'

type DocumentTable = typeof invoices | typeof quotes

/**
 * The row-level writes quotes and invoices share, on either table: lock a document until the transaction ends (the
 * changes of one document run one after the other), insert one, change some of its columns.
 */
export function createDocumentRowRepo<T extends DocumentTable>(db: DbOrTx, table: T) {
  type Insert = Omit<T['$inferInsert'], 'organizationId' | 'id'>
  const one = (organizationId: number, id: number) => and(eq(table.organizationId, organizationId), eq(table.id, id))
  return {
    async lock(organizationId: number, id: number): Promise<T['$inferSelect'] | undefined> {
      const [row] = await db
        .select()
        .from(table as DocumentTable)
        .where(one(organizationId, id))
        .for('update')
      return row as T['$inferSelect'] | undefined
    },

    async insert(organizationId: number, values: Insert): Promise<number> {
      const [created] = await db
        .insert(table as DocumentTable)
        .values({ ...values, organizationId } as T['$inferInsert'])
        .returning({ id: table.id })
      if (!created) throw new Error(`${table === invoices ? 'invoice' : 'quote'} insert returned nothing`)
      return created.id
    },

    async update(organizationId: number, id: number, values: Partial<Insert>) {
      await db
        .update(table as DocumentTable)
        .set(values)
        .where(one(organizationId, id))
    },
  }
}
