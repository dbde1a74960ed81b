import { ApiError } from '../lib/api'
import { toastError } from '../lib/toast'

/**
 * Server errors keyed by field go under the matching field (spec/account.md §5, §8); anything else is a toast with
 * the server's message. Returns true when at least one field error was placed.
 */
export function showServerErrors(form: { setErrors: (errors: Record<string, string>) => void }, error: unknown) {
  if (error instanceof ApiError) {
    const fieldErrors = error.fieldErrors
    if (Object.keys(fieldErrors).length > 0) {
      form.setErrors(fieldErrors)
      return true
    }
  }
  toastError(error)
  return false
}
