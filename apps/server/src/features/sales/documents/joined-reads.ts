import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import type { invoices, quotes } from '../../../db/schema/index'
import { type DocumentListOptions, documentListOrder, documentPage } from './list'

/** A quote's or an invoice's select with its joins (state, customer, author…), as its own repo builds it. */
type JoinedSelect<Row> = () => {
  where(where: SQL | undefined): Promise<Row[]> & { orderBy(...order: SQL[]): Promise<Row[]> }
}

/**
 * The reads of whole documents that quotes and invoices share, through the caller's joined select: one page of a list
 * and one document. The organisation stands beside the ids, as in every read of a tenant's rows: on Citus it routes the
 * read to the organisation's shard.
 */
export function createJoinedDocumentReads<Row>(
  db: DbOrTx,
  table: typeof invoices | typeof quotes,
  select: JoinedSelect<Row>,
) {
  const ofOrganization = (organizationId: number, condition: SQL) =>
    and(eq(table.organizationId, organizationId), condition)
  return {
    /** `where` is the list's own (documentListConditions and what the caller adds); the rows come in its order. */
    async page(organizationId: number, where: SQL | undefined, options: DocumentListOptions) {
      const order = documentListOrder(table, options.sort)
      return documentPage(db, table, { where, order, ...options }, (ids) =>
        select()
          .where(ofOrganization(organizationId, inArray(table.id, ids)))
          .orderBy(...order),
      )
    },

    async find(organizationId: number, id: number) {
      const [row] = await select().where(ofOrganization(organizationId, eq(table.id, id)))
      return row
    },
  }
}
