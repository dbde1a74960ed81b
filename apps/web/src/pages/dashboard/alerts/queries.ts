import type { AlertDto } from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { get, post } from '../../../lib/api'

export const ALERTS_KEY = ['alerts'] as const

/** GET /alerts: the current year's ceilings, each with its level ("none" included). Off on the free formula (403). */
export function useAlerts(enabled: boolean) {
  return useQuery({
    queryKey: ALERTS_KEY,
    queryFn: async () => (await get<{ data: AlertDto[] }>('/alerts')).data,
    enabled,
  })
}

/** Whether an alert waits for the user's acknowledgement (spec/account.md §4 "Alerts"). */
export const needsAcknowledgement = (alert: AlertDto) => alert.level !== 'none' && !alert.isChecked

/** POST /alerts/{id}/check for each alert given, then the list read again. */
export function useCheckAlerts() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (ids: readonly number[]) => Promise.all(ids.map((id) => post(`/alerts/${id}/check`))),
    onSettled: () => client.invalidateQueries({ queryKey: ALERTS_KEY }),
  })
}
