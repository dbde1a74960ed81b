import type { ChangelogEntryDto, ListResponse } from '@app/domain'
import { useQuery } from '@tanstack/react-query'
import { get } from '../../lib/api'

/** The product's news items, newest first (GET /changelog); they change with a release, not within a session. */
export function useChangelog(pageSize = 100) {
  return useQuery({
    queryKey: ['changelog', pageSize],
    queryFn: () => get<ListResponse<ChangelogEntryDto>>(`/changelog?pageSize=${pageSize}`),
    staleTime: 60 * 60 * 1000,
  })
}

/** One colour per kind of news, the same on the ticker and the news page. */
export const CHANGELOG_TAG_COLORS = { NEW: 'teal', IMPROVEMENT: 'blue', FIX: 'orange' } as const
