import { useState } from 'react'
import { useNavigate } from 'react-router'
import { LEAVE_WITHOUT_ASKING } from '../../../components/LeaveGuard'
import { toastError, toastSuccess } from '../../../lib/toast'
import { useDeleteCashOperation } from './cashQueries'

/**
 * Deleting the cash operation or cash sale a form shows (DELETE /transactions/{id}): asked first, then back to the
 * list with the toast; a refusal keeps the form, with its reason.
 */
export function useDeleteAndLeave(id: number | null, listPath: string, doneText: string) {
  const navigate = useNavigate()
  const remove = useDeleteCashOperation()
  const [asking, setAsking] = useState(false)
  const confirm = async () => {
    if (id === null) return
    try {
      await remove.mutateAsync(id)
      toastSuccess(doneText)
      navigate(listPath, { replace: true, state: LEAVE_WITHOUT_ASKING })
    } catch (error) {
      toastError(error)
      setAsking(false)
    }
  }
  return { asking, ask: () => setAsking(true), cancel: () => setAsking(false), confirm, pending: remove.isPending }
}
