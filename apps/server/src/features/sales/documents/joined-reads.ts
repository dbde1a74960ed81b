import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import type { invoices, quotes } from '../../../db/schema/index'
import { type DocumentListOptions, documentListOrder, documentPage } from './list'

type Filtered<Row> = Promise<Row[]> & {
  orderBy(...order: SQL[]): Promise<Row[]>
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> }
}

/** A quote's or an invoice's select with its joins (state, customer, author…), as its own repo builds it. */
type JoinedSelect<Row> = (db: DbOrTx) => { where(where: SQL | undefined): Filtered<Row> }

/**
 * The reads of whole documents that quotes and invoices share, through the kind's joined select: one page of a list
 * and one document. The organisation stands beside the ids, as in every read of a tenant's rows: on Citus it routes the
 * read to the organisation's shard. One document is read after every change and on its page: its SQL is built once
 * per process (db/compiled.ts), `kind` naming the statement.
 */
export function joinedDocumentReads<Row>(
  kind: 'invoice' | 'quote',
  table: typeof invoices | typeof quotes,
  select: JoinedSelect<Row>,
) {
  const ofOrganization = (organizationId: number | Placeholder, condition: SQL) =>
    and(eq(table.organizationId, organizationId), condition)
  const one = compiled(`${kind}_find`, (db) =>
    select(db).where(ofOrganization(sql.placeholder('organizationId'), eq(table.id, sql.placeholder('id')))),
  )
  return (db: DbOrTx) => ({
    /** `where` is the list's own (documentListConditions and what the caller adds); the rows come in its order. */
    async page(organizationId: number, where: SQL | undefined, options: DocumentListOptions) {
      const order = documentListOrder(table, options.sort)
      return documentPage(db, table, { where, order, ...options }, (ids) =>
        select(db)
          .where(ofOrganization(organizationId, inArray(table.id, ids)))
          .orderBy(...order),
      )
    },

    async find(organizationId: number, id: number): Promise<Row | undefined> {
      const [row] = await one(db, { organizationId, id })
      return row
    },
  })
}
