import { PAGE_SIZES, TEXT_MAX } from '@app/domain'
import { z } from 'zod'

/** Parameters that never count as an active filter (spec/sales.md §2 "List behaviour"). */
export const NOT_A_FILTER = ['page', 'open'] as const

/**
 * The search parameters every list page shares. Each field falls back (`catch`) instead of failing: a hand-edited or
 * stale link still opens the list, on its defaults. Pages extend it with their own tabs and filters.
 */
export const listParamsSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  search: z.string().max(TEXT_MAX).catch(''),
  view: z.enum(['grid', 'list']).optional().catch(undefined),
  pageSize: z.coerce
    .number()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .optional()
    .catch(undefined),
  /** The id of the item whose drawer is open. */
  open: z.string().max(40).optional().catch(undefined),
})

export type ListParams = z.output<typeof listParamsSchema>
export type ListView = 'grid' | 'list'

/** Reads the URL's parameters through `schema` (unknown parameters are dropped). */
export function parseListParams<S extends typeof listParamsSchema>(schema: S, search: URLSearchParams): z.output<S> {
  return schema.parse(Object.fromEntries(search.entries())) as z.output<S>
}

/** Writes parameters back: defaults (page 1), empty strings and undefined are left out, so links stay short. */
export function serializeListParams(values: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue
    if (key === 'page' && Number(value) === 1) continue
    out.set(key, String(value))
  }
  return out
}

/** How many filters are active: every parameter of the URL except 'page' and 'open'. */
export function activeFilterCount(search: URLSearchParams): number {
  let count = 0
  for (const [key, value] of search.entries())
    if (!(NOT_A_FILTER as readonly string[]).includes(key) && value !== '') count++
  return count
}
