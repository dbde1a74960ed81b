import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { invoices, quotes } from '../../../db/schema/index'

type DocumentTable = typeof invoices | typeof quotes

// Every change of a document starts by locking it: the two locks' SQL built once (db/compiled.ts).
const lockOf = (table: DocumentTable) =>
  compiled(`${table === invoices ? 'invoice' : 'quote'}_lock`, (db) =>
    db
      .select()
      .from(table)
      .where(and(eq(table.organizationId, sql.placeholder('organizationId')), eq(table.id, sql.placeholder('id'))))
      .for('update'),
  )
const lockInvoice = lockOf(invoices)
const lockQuote = lockOf(quotes)

/**
 * The row-level writes quotes and invoices share, on either table: lock a document until the transaction ends (the
 * changes of one document run one after the other), insert one, change some of its columns.
 */
export function createDocumentRowRepo<T extends DocumentTable>(db: DbOrTx, table: T) {
  type Insert = Omit<T['$inferInsert'], 'organizationId' | 'id'>
  const one = (organizationId: number, id: number) => and(eq(table.organizationId, organizationId), eq(table.id, id))
  return {
    async lock(organizationId: number, id: number): Promise<T['$inferSelect'] | undefined> {
      const [row] = await (table === invoices ? lockInvoice : lockQuote)(db, { organizationId, id })
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
