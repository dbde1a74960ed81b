import type {
  BankConnectionDto,
  BankProviderCode,
  BankProviderDto,
  BankSyncResultDto,
  ItemResponse,
  ListResponse,
} from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { del, get, post } from '../../lib/api'
import { journalsKey } from '../journals/journalQueries'

export const connectionsKey = ['bank-connections'] as const
const providersKey = [...connectionsKey, 'providers'] as const
/** The prefix of every bank transactions query (the transactions list, its counts): read again after a sync. */
const transactionsKey = ['transactions'] as const

/** The spec's wait after a manual sync before the lists are read again (spec/money.md §4, §9): 3 s. */
export const SYNC_REFRESH_DELAY_MS = 3000

/** Leaving for the provider's page; a seam for the tests, which cannot navigate. */
export const browser = { go: (url: string) => window.location.assign(url) }

export function useBankConnections() {
  return useQuery({
    queryKey: connectionsKey,
    queryFn: async () => (await get<ListResponse<BankConnectionDto>>('/bank-connections?pageSize=1000')).data,
  })
}

/** The providers configured on this server: none, and the screens offer a statement import instead. */
export function useBankProviders() {
  return useQuery({
    queryKey: providersKey,
    queryFn: async () => (await get<ItemResponse<BankProviderDto[]>>('/bank-connections/providers')).data,
    staleTime: 8 * 3600_000,
  })
}

export type ConnectRequest = { provider: BankProviderCode; bankConnectionId?: number }

/** POST /bank-connections: the provider's page, where the browser then goes (a new connection, or its renewal). */
export function useConnectBank() {
  return useMutation({
    mutationFn: async (request: ConnectRequest) =>
      (await post<ItemResponse<{ url: string }>>('/bank-connections', request)).data.url,
    onSuccess: (url) => browser.go(url),
  })
}

/**
 * A manual sync (spec/money.md §4): after its success, wait 3 s, then read the transactions, the accounts (the
 * dashboard's and the settings') and the connections again. The connections list takes the new status at once.
 */
export function useSyncConnection() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (connection: BankConnectionDto) =>
      (await post<ItemResponse<BankSyncResultDto>>(`/bank-connections/${connection.id}/sync`)).data,
    onSuccess: (result) => {
      client.setQueryData<BankConnectionDto[]>(connectionsKey, (list) =>
        list?.map((item) => (item.id === result.connection.id ? result.connection : item)),
      )
      setTimeout(() => {
        void client.invalidateQueries({ queryKey: transactionsKey })
        void client.invalidateQueries({ queryKey: journalsKey })
        void client.invalidateQueries({ queryKey: connectionsKey })
      }, SYNC_REFRESH_DELAY_MS)
    },
  })
}

/** The active switch: shown at once; a refusal puts it back silently (spec/money.md §8). */
export function useToggleConnection() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (connection: BankConnectionDto) =>
      (await post<ItemResponse<BankConnectionDto>>(`/bank-connections/${connection.id}/toggle`)).data,
    onMutate: async (connection) => {
      await client.cancelQueries({ queryKey: connectionsKey })
      const previous = client.getQueryData<BankConnectionDto[]>(connectionsKey)
      client.setQueryData<BankConnectionDto[]>(connectionsKey, (list) =>
        list?.map((item) => (item.id === connection.id ? { ...item, isActive: !connection.isActive } : item)),
      )
      return { previous }
    },
    onError: (_error, _connection, context) => {
      if (context?.previous) client.setQueryData(connectionsKey, context.previous)
    },
    onSettled: () => client.invalidateQueries({ queryKey: connectionsKey }),
  })
}

/** DELETE /bank-connections/{id}: the accounts stay, with their transactions. */
export function useDeleteConnection() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (connection: BankConnectionDto) => del(`/bank-connections/${connection.id}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: connectionsKey })
      void client.invalidateQueries({ queryKey: journalsKey })
    },
  })
}
