import type { IncomingFlowDto, ItemResponse } from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { connectionKey } from '../../../components/e-invoicing/eInvoicingQueries'
import { ApiError, api, get } from '../../../lib/api'

export const INCOMING_FLOWS_PAGE_SIZE = 25

export type IncomingFlowState = IncomingFlowDto['state']

export const incomingFlowsKey = ['e-invoicing', 'incoming-flows'] as const

type IncomingFlowPage = { data: IncomingFlowDto[]; meta: { total: number; page: number; pageSize: number } }

/** One page of the flows in one state, newest first; an empty search is left out of the query string. */
export function useIncomingFlows(state: IncomingFlowState, page: number, search: string) {
  return useQuery({
    queryKey: [...incomingFlowsKey, state, page, search],
    queryFn: () => {
      const params = new URLSearchParams({
        'filter[state]': state,
        page: String(page),
        pageSize: String(INCOMING_FLOWS_PAGE_SIZE),
      })
      if (search) params.set('search', search)
      return get<IncomingFlowPage>(`/e-invoicing/incoming-flows?${params}`)
    },
    // The cards stay while the next page or search loads (no jump to an empty frame), but never under the other tab.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === state ? previous : undefined),
  })
}

/**
 * « Réessayer »: answers the flow after the try (processed, or failed again with a new reason). Whatever happened, the
 * lists are read again: the flow is recorded anew (its id changes), or was processed meanwhile (409). A platform
 * unlinked meanwhile sends the page back to the connection form.
 */
export function useRetryIncomingFlow() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) =>
      (await api<ItemResponse<IncomingFlowDto>>('POST', `/e-invoicing/incoming-flows/${id}/retry`)).data,
    onError: (error) => {
      if (error instanceof ApiError && error.body.code === 'E_INVOICING_NOT_CONNECTED')
        return client.invalidateQueries({ queryKey: connectionKey })
    },
    onSettled: () => client.invalidateQueries({ queryKey: incomingFlowsKey }),
  })
}
