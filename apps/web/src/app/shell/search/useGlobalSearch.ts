import { isSearchable, SEARCH_DEBOUNCE_MS, type SearchResult } from '@app/domain'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api'

/**
 * What the search modal shows for what is typed (spec/account.md §2 "Search"): nothing is asked below 3 characters,
 * and the server is asked 500 ms after the last key, not at every key.
 */
export function useGlobalSearch(text: string) {
  const [settled] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const ready = isSearchable(settled)
  const query = useQuery({
    queryKey: ['search', settled],
    queryFn: async () => (await post<{ data: SearchResult[] }>('/search', { query: settled })).data,
    enabled: ready,
    staleTime: 30_000,
    // The previous answer stays while the next one comes: the list does not flash empty at each key.
    placeholderData: keepPreviousData,
  })
  const typing = text.trim() !== settled
  return {
    /** Too short to search: the modal shows the hint instead of results. */
    tooShort: !isSearchable(text),
    loading: isSearchable(text) && (typing || query.isFetching),
    failed: ready && query.isError,
    results: ready ? (query.data ?? []) : [],
    /** Whether the results shown answer what is typed now (the empty state waits for it). */
    settled: ready && !typing && !query.isFetching && query.isSuccess,
  }
}
