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

/** Free-text search of a list, and `include`, accepted for the spec's clients and ignored (lists include relations). */
export const searchFields = () => ({
  search: z.string().trim().max(TEXT_MAX).optional(),
  include: z.string().max(TEXT_MAX).optional(),
})

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

/** `filter[x]=true|false|1|0` */
export const booleanQueryField = () =>
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')
