import type { EInvoicingConnectionDto, ItemResponse } from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, get, post } from '../../lib/api'
import { toastError } from '../../lib/toast'
import { formErrorMessage } from '../formErrors'

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

/** A change that answers the connection as it now stands; one that answers something else reads it again. */
function useConnectionChange<V>(send: (variables: V) => Promise<ItemResponse<EInvoicingConnectionDto> | undefined>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      if (response?.data && 'connected' in response.data) client.setQueryData(connectionKey, response.data)
      return client.invalidateQueries({ queryKey: connectionKey })
    },
  })
}

/**
 * The PA's refusals come as 422 without a field (wrong credentials, rights) and its silence as 502, each with its
 * French message and what to do: shown as they are, where toastError keeps 422s for fields.
 */
export const toastRefusal = (error: unknown) => toastError(error, formErrorMessage(error))

export const useConnect = () =>
  useConnectionChange((body: ConnectionBody) =>
    api<ItemResponse<EInvoicingConnectionDto>>('PUT', '/e-invoicing/connection', body),
  )

export const useChooseReceivingAddress = () =>
  useConnectionChange((receivingAddress: string) =>
    api<ItemResponse<EInvoicingConnectionDto>>('PATCH', '/e-invoicing/connection', { receivingAddress }),
  )

/** Answers the PA's message, not the connection: the connection is read again. */
export const useDisconnect = () =>
  useConnectionChange(async (code: string) => {
    await post('/e-invoicing/disconnection', { code })
    return undefined
  })

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
