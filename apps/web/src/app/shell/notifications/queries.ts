import { NOTIFICATION_DASHBOARD_SIZE, NOTIFICATION_PANEL_SIZE, type NotificationDto } from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { get, post } from '../../../lib/api'

type Page = { data: NotificationDto[]; meta: { total: number; page: number; pageSize: number } }

/** Every notification query starts with this key: the stream invalidates them all at once. */
export const NOTIFICATIONS_KEY = ['notifications'] as const

/** The panel: the 15 latest important ones, newest first (spec/account.md §7). */
export const usePanelNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'panel'],
    queryFn: () => get<Page>(`/notifications?filter[important]=true&pageSize=${NOTIFICATION_PANEL_SIZE}`),
    enabled,
  })

/** The dashboard's block: the 5 latest important ones, newest first (spec/account.md §2, §7). */
export const useDashboardNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'dashboard'],
    queryFn: () => get<Page>(`/notifications?filter[important]=true&pageSize=${NOTIFICATION_DASHBOARD_SIZE}`),
    enabled,
  })

/** The badge: how many important ones the user has not read (the total of a one-row page). */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'unread'],
    queryFn: () => get<Page>('/notifications?filter[important]=true&filter[unread]=true&pageSize=1'),
    select: (page) => page.meta.total,
    enabled,
  })

/** spec §4: read after 3 s in view or on a click; the badge and the panel are fetched again. */
export function useMarkRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => post<{ data: NotificationDto }>(`/notifications/${id}/read`),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  })
}

/**
 * Listens to GET /notifications/stream while the header is shown: each new notification, and each reconnection
 * (events may have been missed meanwhile), refreshes the badge and the panel. The browser reconnects by itself.
 */
export function useNotificationStream(enabled: boolean) {
  const client = useQueryClient()
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    const source = new EventSource('/api/v1/notifications/stream')
    const refresh = () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
    source.addEventListener('notification', refresh)
    source.addEventListener('open', refresh)
    return () => source.close()
  }, [enabled, client])
}
