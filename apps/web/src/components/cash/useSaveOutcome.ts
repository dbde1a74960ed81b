import type { TransactionDto } from '@app/domain'
import type { UseFormReturnType } from '@mantine/form'
import { useNavigate } from 'react-router'
import { toastError } from '../../lib/toast'
import { showServerErrors } from '../formErrors'
import { LEAVE_WITHOUT_ASKING } from '../LeaveGuard'

/**
 * What follows the save of a cash movement's or cash sale's form (`id` null: a new one). `saved`: a new one's page
 * becomes its own (`pathOf`, without the question before leaving; `state` goes along for what that page must still
 * say), a stored one's form takes the saved values as its clean state. `failed`: field errors under their fields, with
 * the generic toast (spec/money.md §8 "Expense and cash-sale save failure").
 */
export function useSaveOutcome<V>(
  form: UseFormReturnType<V>,
  id: number | null,
  pathOf: (id: number) => string,
  valuesOf: (saved: TransactionDto) => V,
) {
  const navigate = useNavigate()
  return {
    saved: (saved: TransactionDto, state?: Record<string, unknown>) => {
      if (id === null) {
        navigate(pathOf(saved.id), { replace: true, state: { ...LEAVE_WITHOUT_ASKING, ...state } })
        return
      }
      const next = valuesOf(saved)
      form.setValues(next)
      form.resetDirty(next)
    },
    failed: (error: unknown) => {
      if (showServerErrors(form, error)) toastError(undefined)
    },
  }
}
