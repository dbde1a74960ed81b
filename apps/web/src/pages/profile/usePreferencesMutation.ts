import {
  type ItemResponse,
  type MeDto,
  messages,
  type Preferences,
  type PreferencesUpdate,
  preferencesUpdateSchema,
} from '@app/domain'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { meQueryKey } from '../../app/session'
import { patch } from '../../lib/api'
import { toastError } from '../../lib/toast'

const merge = (preferences: Preferences, update: PreferencesUpdate): Preferences => ({
  display: { ...preferences.display, ...update.display },
  mode: update.mode ?? preferences.mode,
  notifications: {
    ...preferences.notifications,
    ...update.notifications,
    income: { ...preferences.notifications.income, ...update.notifications?.income },
    outcome: { ...preferences.notifications.outcome, ...update.notifications?.outcome },
    report: { ...preferences.notifications.report, ...update.notifications?.report },
  },
  pageSize: update.pageSize ?? preferences.pageSize,
})

/** PATCH /me/preferences, shown at once in the cached user and rolled back if the server refuses. */
export function usePreferencesMutation(options: { onRollback?: (previous: Preferences) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (update: PreferencesUpdate) =>
      (await patch<ItemResponse<Preferences>>('/me/preferences', preferencesUpdateSchema.parse(update))).data,
    onMutate: async (update) => {
      await client.cancelQueries({ queryKey: meQueryKey })
      const previous = client.getQueryData<MeDto | null>(meQueryKey)
      if (previous)
        client.setQueryData<MeDto>(meQueryKey, { ...previous, preferences: merge(previous.preferences, update) })
      return { previous }
    },
    onError: (error, _update, context) => {
      if (context?.previous) {
        client.setQueryData(meQueryKey, context.previous)
        options.onRollback?.(context.previous.preferences)
      }
      toastError(error)
    },
    onSuccess: (preferences) => {
      const current = client.getQueryData<MeDto | null>(meQueryKey)
      if (current) client.setQueryData<MeDto>(meQueryKey, { ...current, preferences })
      // One toast for a burst of clicks: a notification with the same id is not shown twice.
      notifications.show({
        id: 'preferences-saved',
        message: messages.generic.saved,
        color: 'teal',
        withCloseButton: false,
        autoClose: 5000,
      })
    },
  })
}
