import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import type { invoices, quotes } from '../../../db/schema/index'
import { containsPattern } from '../../../lib/text-search'
import { createDocumentReadRepo } from './repo'

type DocumentTable = typeof invoices | typeof quotes

/** The filters quotes and invoices share (API.md "Sales documents"), read from either list query. */
export type DocumentListOptions = {
  id?: number
  stateIds?: number[]
  amountMin?: string
  amountMax?: string
  datedAfter?: string
  datedBefore?: string
  contactId?: number
  name?: string
  search?: string
  /** Customers whose name matches the search (read first, so that every arm of the search can use an index). */
  searchContactIds?: number[]
  sort: '-datedAt' | 'datedAt' | '-createdAt' | 'createdAt' | '-amount' | 'amount'
  limit: number
  offset: number
}

type ListQuery = {
  page: number
  pageSize: number
  search?: string
  sort: DocumentListOptions['sort']
  'filter[id]'?: number
  'filter[amountMin]'?: string
  'filter[amountMax]'?: string
  'filter[datedAfter]'?: string
  'filter[datedBefore]'?: string
  'filter[contact]'?: number
  'filter[name]'?: string
}

/**
 * One page of quotes or invoices: the page's ids first, on the table alone, then the caller's joined select for
 * those rows only, so that a deep page does not join the thousands of rows it skips.
 */
export async function documentPage<Row>(
  db: DbOrTx,
  table: DocumentTable,
  list: { where: SQL | undefined; order: SQL[]; limit: number; offset: number },
  rowsOf: (ids: number[]) => Promise<Row[]>,
) {
  const { ids, total } = await createDocumentReadRepo(db).pageIds(table, list.where, list.order, list)
  return { rows: ids.length === 0 ? [] : await rowsOf(ids), total }
}

/** The customers a list's search names (`searchContactIds`), read before the list. */
export async function contactIdsMatching(db: DbOrTx, organizationId: number, search: string) {
  return createDocumentReadRepo(db).matchingContactIds(organizationId, search)
}

export const documentListOptions = (
  query: ListQuery,
  stateIds: number[] | undefined,
  searchContactIds: number[] | undefined,
): DocumentListOptions => ({
  id: query['filter[id]'],
  stateIds,
  amountMin: query['filter[amountMin]'],
  amountMax: query['filter[amountMax]'],
  datedAfter: query['filter[datedAfter]'],
  datedBefore: query['filter[datedBefore]'],
  contactId: query['filter[contact]'],
  name: query['filter[name]'],
  search: query.search || undefined,
  searchContactIds,
  sort: query.sort,
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
})

/**
 * The WHERE of a document list. The search matches the name or the reference (trigram indexes) or one of the customers
 * found beforehand (`searchContactIds`), never through a join, so each arm can use its index.
 */
export function documentListConditions(t: DocumentTable, organizationId: number, o: DocumentListOptions): SQL[] {
  const conditions: (SQL | undefined)[] = [
    eq(t.organizationId, organizationId),
    o.id === undefined ? undefined : eq(t.id, o.id),
    o.stateIds ? inArray(t.stateId, o.stateIds) : undefined,
    o.amountMin === undefined ? undefined : gte(t.amount, o.amountMin),
    o.amountMax === undefined ? undefined : lte(t.amount, o.amountMax),
    o.datedAfter === undefined ? undefined : gte(t.datedAt, o.datedAfter),
    o.datedBefore === undefined ? undefined : lte(t.datedAt, o.datedBefore),
    o.contactId === undefined ? undefined : eq(t.contactId, o.contactId),
    o.name ? ilike(t.name, containsPattern(o.name)) : undefined,
    o.search
      ? or(
          ilike(t.name, containsPattern(o.search)),
          ilike(t.reference, containsPattern(o.search)),
          o.searchContactIds?.length ? inArray(t.contactId, o.searchContactIds) : undefined,
        )
      : undefined,
  ]
  return conditions.filter((condition): condition is SQL => condition !== undefined)
}

/** Newest first by default; the id breaks ties so pages never overlap. */
export function documentListOrder(t: DocumentTable, sort: DocumentListOptions['sort']) {
  return {
    '-datedAt': [desc(t.datedAt), desc(t.id)],
    datedAt: [asc(t.datedAt), asc(t.id)],
    '-createdAt': [desc(t.createdAt), desc(t.id)],
    createdAt: [asc(t.createdAt), asc(t.id)],
    '-amount': [desc(t.amount), desc(t.id)],
    amount: [asc(t.amount), asc(t.id)],
  }[sort]
}

export const allOf = (conditions: SQL[]) => and(...conditions)
