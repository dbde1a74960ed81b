import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { ApiError } from './api'

/** Toasts last 5 s and cannot be closed by hand (spec/account.md §9); some spec toasts last longer. */
export function toastSuccess(message: string = messages.generic.saved, autoClose = 5000) {
  notifications.show({ message, color: 'teal', withCloseButton: false, autoClose })
}

export function toastError(error?: unknown, fallback: string = messages.generic.error) {
  const message = error instanceof ApiError && error.status !== 422 && error.status !== 0 ? error.message : fallback
  notifications.show({ message, color: 'red', withCloseButton: false, autoClose: 5000 })
}
