import { genericMessages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { ApiError } from './api'

/** Toasts last 5 s and cannot be closed by hand (spec/account.md §9); some spec toasts last longer. */
export function toastSuccess(message: string = genericMessages.saved, autoClose = 5000) {
  notifications.show({ message, color: 'teal', withCloseButton: false, autoClose })
}

export function toastError(error?: unknown, fallback: string = genericMessages.error) {
  const message = error instanceof ApiError && error.status !== 422 && error.status !== 0 ? error.message : fallback
  notifications.show({ message, color: 'red', withCloseButton: false, autoClose: 5000 })
}

/** A toast with a title and a text, e.g. the company lookup's "Nous avons trouvé ton entreprise !" (3.5 s). */
export function toastWithTitle({
  title,
  message,
  color = 'teal',
  autoClose = 5000,
}: {
  title: string
  message: string
  color?: 'teal' | 'red'
  autoClose?: number
}) {
  notifications.show({ title, message, color, withCloseButton: false, autoClose })
}

/** A warning that does not stop anything (a cash balance below zero): orange, left a little longer to be read. */
export function toastWarning(message: string, autoClose = 8000) {
  notifications.show({ message, color: 'orange', withCloseButton: false, autoClose })
}
