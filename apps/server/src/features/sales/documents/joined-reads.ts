import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { idsLiteral, inIdsOf } from '../../../db/ids'
import type { invoices, quotes } from '../../../db/schema/index'
import { type DocumentListOptions, documentListOrder, documentPage } from './list'

type Preparable<Row> = Promise<Row[]> & {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> }
}
type Filtered<Row> = Preparable<Row> & { orderBy(...order: SQL[]): Preparable<Row> }

/** A quote's or an invoice's select with its joins (state, customer, author…), as its own repo builds it. */
type JoinedSelect<Row> = (db: DbOrTx) => { where(where: SQL | undefined): Filtered<Row> }

/**
 * The reads of whole documents that quotes and invoices share, through the kind's joined select: one page of a list
 * and one document. The organisation stands beside the ids, as in every read of a tenant's rows: on Citus it routes the
 * read to the organisation's shard. A list's page and one document are read by every list and after every change:
 * their SQL is built once per process (db/compiled.ts), `kind` naming the statements.
 */
export function joinedDocumentReads<Row>(
  kind: 'invoice' | 'quote',
  table: typeof invoices | typeof quotes,
  select: JoinedSelect<Row>,
) {
  const ofOrganization = (condition: SQL) => and(eq(table.organizationId, sql.placeholder('organizationId')), condition)
  const one = compiled(`${kind}_find`, (db) => select(db).where(ofOrganization(eq(table.id, sql.placeholder('id')))))
  // A page's rows, by the ids of the page, in the list's order: one query per order a list can ask for.
  const pages = new Map<DocumentListOptions['sort'], (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]>>()
  const pageOf = (sort: DocumentListOptions['sort']) => {
    let query = pages.get(sort)
    if (!query) {
      const order = documentListOrder(table, sort)
      query = compiled(`${kind}_page_${sort.replace('-', 'desc_')}`, (db) =>
        select(db)
          .where(ofOrganization(inIdsOf(table.id, 'ids')))
          .orderBy(...order),
      )
      pages.set(sort, query)
    }
    return query
  }
  return (db: DbOrTx) => ({
    /** `where` is the list's own (documentListConditions and what the caller adds); the rows come in its order. */
    async page(organizationId: number, where: SQL | undefined, options: DocumentListOptions) {
      const order = documentListOrder(table, options.sort)
      return documentPage(db, table, { where, order, ...options }, (ids) =>
        pageOf(options.sort)(db, { organizationId, ids: idsLiteral(ids) }),
      )
    },

    async find(organizationId: number, id: number): Promise<Row | undefined> {
      const [row] = await one(db, { organizationId, id })
      return row
    },
  })
}
