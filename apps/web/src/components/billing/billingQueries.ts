import type {
  BillDto,
  BillingCheckoutDto,
  BillingSubscriptionDto,
  ItemResponse,
  ListResponse,
  PaidPlanCode,
  UpcomingInvoiceDto,
} from '@app/domain'
import { keepPreviousData, type UseQueryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { del, get, patch, post } from '../../lib/api'
import { useReferenceList } from '../ReferenceSelect'
import type { Plan } from './plans'

export const billingKey = ['billing'] as const
export const subscriptionKey = [...billingKey, 'subscription'] as const

/** The organisation's subscription (GET /subscription); `refetchInterval` while waiting for the provider. */
export function useBillingSubscription(
  refetchInterval: UseQueryOptions<
    BillingSubscriptionDto,
    Error,
    BillingSubscriptionDto,
    typeof subscriptionKey
  >['refetchInterval'] = false,
) {
  return useQuery({
    queryKey: subscriptionKey,
    queryFn: async () => (await get<ItemResponse<BillingSubscriptionDto>>('/subscription')).data,
    refetchInterval,
  })
}

export const usePlans = () => useReferenceList<Plan>('/plans')

/** What the change to `plan` would cost, polled every 5 s while the change modal is open (spec/account.md §4). */
export function useUpcomingInvoice(plan: string | null) {
  return useQuery({
    queryKey: [...billingKey, 'upcoming-invoice', plan],
    queryFn: async () =>
      (
        await get<ItemResponse<UpcomingInvoiceDto>>(
          `/subscription/upcoming-invoice?plan=${encodeURIComponent(plan ?? '')}`,
        )
      ).data,
    enabled: plan !== null,
    refetchInterval: 5000,
  })
}

export const BILLS_PAGE_SIZE = 10

export function useBills(page: number) {
  return useQuery({
    queryKey: [...billingKey, 'bills', page],
    queryFn: () => get<ListResponse<BillDto>>(`/subscription/bills?page=${page}&pageSize=${BILLS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  })
}

export const useSubscribe = () =>
  useMutation({
    mutationFn: async (plan: PaidPlanCode) =>
      (await post<ItemResponse<BillingCheckoutDto>>('/subscription', { plan })).data,
  })

export const useChangePlan = () =>
  useMutation({
    mutationFn: (plan: PaidPlanCode) => patch('/subscription', { plan }),
  })

/** Cancels at the end of the paid period; the cancellation page's suspension is the same call. */
export const useCancelSubscription = () => useMutation({ mutationFn: () => del('/subscription') })

export const usePortal = () =>
  useMutation({
    mutationFn: async () => (await post<ItemResponse<{ url: string }>>('/subscription/portal')).data,
  })
