import type { DISPLAY_LISTS } from '@app/domain'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { z } from 'zod'
import { useMe } from '../app/session'
import {
  activeFilterCount,
  type ListView,
  type listParamsSchema,
  parseListParams,
  serializeListParams,
} from './listParams'

export type DisplayList = (typeof DISPLAY_LISTS)[number]

export type ListParamsApi<P> = {
  /** The parsed parameters, with the user's defaults for view and page size. */
  params: P & { view: ListView; pageSize: number }
  /** Changes some parameters; any change other than the page itself goes back to page 1. */
  set: (patch: Partial<P>) => void
  /** Back to page 1, every other parameter cleared. */
  reset: () => void
  activeFilters: number
}

/**
 * URL-driven list state (DESIGN.md "Web"): typed and validated by `schema` (listParamsSchema or an extension).
 * The view defaults to the user's preferences.display[`display`], the page size to preferences.pageSize.
 */
export function useListParams<S extends typeof listParamsSchema>(
  schema: S,
  { display }: { display?: DisplayList } = {},
): ListParamsApi<z.output<S>> {
  const [search, setSearch] = useSearchParams()
  const me = useMe()
  const preferences = me.data?.preferences
  const parsed = useMemo(() => parseListParams(schema, search), [schema, search])
  const params = useMemo(
    () => ({
      ...parsed,
      view: parsed.view ?? (display ? preferences?.display[display] : undefined) ?? 'list',
      pageSize: parsed.pageSize ?? preferences?.pageSize ?? 25,
    }),
    [parsed, preferences, display],
  )

  const set = useCallback(
    (patch: Partial<z.output<S>>) => {
      setSearch(
        (current) => {
          const values: Record<string, unknown> = { ...parseListParams(schema, current), ...patch }
          if (!('page' in patch)) values.page = 1
          return serializeListParams(values)
        },
        { replace: !('open' in patch) },
      )
    },
    [schema, setSearch],
  )
  const reset = useCallback(() => setSearch(new URLSearchParams()), [setSearch])

  return { params, set, reset, activeFilters: activeFilterCount(search) }
}
