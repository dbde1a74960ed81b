import type { InvoiceDto, InvoiceListItemDto, IsoDate, ItemResponse, ListResponse } from '@app/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { invoicesKey, useDocumentMutation } from '../../components/documents/documentQueries'
import { get, post } from '../../lib/api'

/** The state of a finished subscription: the list's "Archivée" tab. */
export const ARCHIVED = 'ARCHIVED'

export type SubscriptionListParams = { page: number; pageSize: number; search: string; archived: boolean }

/**
 * Recurring invoices are invoice rows with isRecurring (GET /invoices?filter[recurring]=true): cached under the
 * invoices' root, so that every invoice mutation (a duplicate, a save) refreshes them too.
 */
export function useSubscriptions(params: SubscriptionListParams) {
  const query = new URLSearchParams({
    'filter[recurring]': 'true',
    page: String(params.page),
    pageSize: String(params.pageSize),
  })
  if (params.search) query.set('search', params.search)
  if (params.archived) query.set('filter[state]', ARCHIVED)
  return useQuery({
    queryKey: [...invoicesKey, 'subscriptions', params],
    queryFn: () => get<ListResponse<InvoiceListItemDto>>(`/invoices?${query}`),
    placeholderData: keepPreviousData,
  })
}

const invoiceData = async (request: Promise<ItemResponse<InvoiceDto>>) => (await request).data

export const useSuspendSubscription = () =>
  useDocumentMutation((id: number) => invoiceData(post(`/invoices/${id}/suspend`)))

export const useReactivateSubscription = () =>
  useDocumentMutation((id: number) => invoiceData(post(`/invoices/${id}/reactivate`)))

/** POST /recurring-calendar's body: the rule of the form, and the id of a saved one (what it produced counts). */
export type CalendarRequest = {
  id?: number
  startingAt: string
  endingAt: string | null
  endingType: string
  recurrence: number | null
  occurrences: number | null
  unit: string
  day: number | null
  limit: number
}

/** The next dates of a rule; idle while `request` is null (parameters not valid yet). */
export function useRecurringCalendar(request: CalendarRequest | null) {
  return useQuery({
    queryKey: ['recurring-calendar', request],
    queryFn: async () => (await post<ItemResponse<IsoDate[]>>('/recurring-calendar', request)).data,
    enabled: request !== null,
    staleTime: 60_000,
  })
}
