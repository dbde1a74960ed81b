import type { ItemResponse, MeDto } from '@app/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, get } from '../lib/api'

export const meQueryKey = ['me'] as const

/** The signed-in user with their organisations; null when signed out. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async (): Promise<MeDto | null> => {
      try {
        return (await get<ItemResponse<MeDto>>('/me')).data
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null
        throw error
      }
    },
    staleTime: 60_000,
  })
}

export function useSetMe() {
  const client = useQueryClient()
  return (me: MeDto | null) => client.setQueryData(meQueryKey, me)
}

export function useRefreshMe() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: meQueryKey })
}
