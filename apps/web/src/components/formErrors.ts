import { messages } from '@app/domain'
import { ApiError } from '../lib/api'
import { toastError } from '../lib/toast'

/**
 * Server errors keyed by field go under the matching field (spec/account.md §5, §8); any other error goes to
 * `showOther`, a toast with the server's message by default. Returns true when at least one field error was placed.
 */
export function showServerErrors(
  form: { setErrors: (errors: Record<string, string>) => void },
  error: unknown,
  showOther: (error: unknown) => void = toastError,
) {
  if (error instanceof ApiError) {
    const fieldErrors = error.fieldErrors
    if (Object.keys(fieldErrors).length > 0) {
      form.setErrors(fieldErrors)
      return true
    }
  }
  showOther(error)
  return false
}

/** The text of a FormAlert: the server's own message for a refused request (4xx), the generic one otherwise. */
export function formErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : messages.generic.error
}
