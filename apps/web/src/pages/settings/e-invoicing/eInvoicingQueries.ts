import type { EInvoicingConnectionDto, ItemResponse } from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, get, post } from '../../../lib/api'

export const connectionKey = ['e-invoicing', 'connection'] as const

/** What PUT /e-invoicing/connection takes: the PA's addresses, its client credentials, and the owner's code. */
export type ConnectionBody = {
  flowUrl: string
  directoryUrl: string
  tokenUrl: string
  clientId: string
  clientSecret?: string
  platformOrganizationId?: string | null
  code: string
}

export function useConnection() {
  return useQuery({
    queryKey: connectionKey,
    queryFn: async () => (await get<ItemResponse<EInvoicingConnectionDto>>('/e-invoicing/connection')).data,
  })
}

/** Every change answers the connection as it now stands; an answer without it (204) reads it again. */
function useConnectionChange<V>(send: (variables: V) => Promise<ItemResponse<EInvoicingConnectionDto> | undefined>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      if (response?.data) client.setQueryData(connectionKey, response.data)
      return client.invalidateQueries({ queryKey: connectionKey })
    },
  })
}

export const useConnect = () =>
  useConnectionChange((body: ConnectionBody) =>
    api<ItemResponse<EInvoicingConnectionDto>>('PUT', '/e-invoicing/connection', body),
  )

export const useChooseReceivingAddress = () =>
  useConnectionChange((receivingAddress: string) =>
    api<ItemResponse<EInvoicingConnectionDto>>('PATCH', '/e-invoicing/connection', { receivingAddress }),
  )

export const useDisconnect = () =>
  useConnectionChange((code: string) =>
    post<ItemResponse<EInvoicingConnectionDto> | undefined>('/e-invoicing/disconnection', { code }),
  )

/** « Tester la connexion »: the PA's answer, in French; the last check's date moves on. */
export function useTestConnection() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const answer = await post<{ message?: string; data?: { message?: string } }>('/e-invoicing/connection/test')
      return answer?.message ?? answer?.data?.message ?? null
    },
    onSettled: () => client.invalidateQueries({ queryKey: connectionKey }),
  })
}
