import { z } from 'zod'
import { TEXT_MAX } from './common'

/**
 * How every list of the API pages (API.md "Lists"): `page` from 1, `pageSize` at most 1000, or 9999 on the reference
 * lists, and `{data, meta: {total, page, pageSize}}` in the answer. A list route spreads `pagingFields` into its
 * strict query schema and answers `listOf(item)` (api/envelopes.ts): a list added later pages the same way.
 */
export const PAGE_SIZE_MAX = 1000
export const REFERENCE_PAGE_SIZE_MAX = 9999
export const PAGE_MAX = 1_000_000

export const pagingFields = ({
  max = PAGE_SIZE_MAX,
  defaultSize = 25,
}: {
  max?: number
  defaultSize?: number
} = {}) => ({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(max).default(defaultSize),
})

/** The reference lists (units, taxes, countries…) are small: the whole list by default, 9999 rows at most a page. */
export const referencePagingFields = () =>
  pagingFields({ max: REFERENCE_PAGE_SIZE_MAX, defaultSize: REFERENCE_PAGE_SIZE_MAX })

const searchText = () => z.string().trim().max(TEXT_MAX).optional()

/**
 * Free-text search of a list (API.md "Lists": `search=`, on every list), and `include`, accepted for the spec's
 * clients and ignored (lists include their relations).
 */
export const searchFields = () => ({
  search: searchText(),
  include: z.string().max(TEXT_MAX).optional(),
})

/**
 * The money lists' search under each name it has: `search` (API.md), `filter[fullSearch]` (spec/money.md) and
 * `filter[search]` (the web app's): one text, read with `searchTextOf`.
 */
export const moneySearchFields = () => ({
  search: searchText(),
  'filter[search]': searchText(),
  'filter[fullSearch]': searchText(),
})

/** The text a list is searched for, whichever name carried it; undefined when none or blank. */
export function searchTextOf(query: {
  search?: string | undefined
  'filter[search]'?: string | undefined
  'filter[fullSearch]'?: string | undefined
}): string | undefined {
  return query.search || query['filter[search]'] || query['filter[fullSearch]'] || undefined
}

/**
 * Whether a row read in memory (a short list: tokens, members, comments…) matches a search: every word of the text
 * is found, case and accents aside, in one of the row's texts.
 */
export function matchesSearch(search: string | undefined, texts: readonly (string | null | undefined)[]): boolean {
  if (!search) return true
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  const haystack = fold(texts.filter((text): text is string => typeof text === 'string').join(' \u0000 '))
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word))
}

export type Paging = { page: number; pageSize: number }

/** The rows to skip for a page. */
export const pageOffset = (paging: Paging) => (paging.page - 1) * paging.pageSize

/** A page of a list held in memory (the changelog, the tutorials), answered as every list is: data and meta. */
export function pageOfList<Item>(items: readonly Item[], paging: Paging) {
  const start = pageOffset(paging)
  return {
    data: items.slice(start, start + paging.pageSize),
    meta: { total: items.length, page: paging.page, pageSize: paging.pageSize },
  }
}

/**
 * A page of a short list held in memory, searched first: the rows whose texts (`textsOf`) hold every word of
 * `search`, then paged as every list is.
 */
export function searchedPageOfList<Item>(
  items: readonly Item[],
  query: Paging & { search?: string | undefined },
  textsOf: (item: Item) => readonly (string | null | undefined)[],
) {
  const found = query.search ? items.filter((item) => matchesSearch(query.search, textsOf(item))) : items
  return pageOfList(found, query)
}

/** `filter[x]=true|false|1|0` */
export const booleanQueryField = () =>
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')
