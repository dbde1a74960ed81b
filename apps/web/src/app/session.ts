import type { ItemResponse, MeDto } from '@app/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { ApiError, get } from '../lib/api'
import { afterSignInPath } from './redirect'

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

/** Once signed in (or signed up): the session is kept, then the user goes on to `redirect` or to afterSignInPath's page. */
export function useGoOnSignedIn(redirect: string | null) {
  const setMe = useSetMe()
  const navigate = useNavigate()
  return (me: MeDto) => {
    setMe(me)
    navigate(afterSignInPath(me, redirect), { replace: true })
  }
}

export function useRefreshMe() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: meQueryKey })
}
