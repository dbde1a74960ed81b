import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { ApiError } from '../../lib/api'

/**
 * A refusal as an error toast: the server's own message (a bulk refusal's 422 says which rule of spec/money.md §5
 * failed, a 409 that the transaction is locked), else 'Une erreur est survenue.'. 5 s, not closable (§8).
 */
export function toastRefusal(error: unknown) {
  const message = error instanceof ApiError && error.status > 0 ? error.message : messages.generic.error
  notifications.show({ message, color: 'red', withCloseButton: false, autoClose: 5000 })
}
