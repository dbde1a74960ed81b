import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { del } from '../../lib/api'
import { toastError, toastSuccess } from '../../lib/toast'
import { LEAVE_WITHOUT_ASKING } from '../LeaveGuard'
import { refreshAfterChange } from '../transactions/transactionQueries'

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

/** DELETE /transactions/{id}: a cash movement or a cash sale is deleted as any transaction. */
function useDeleteCashOperation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => del(`/transactions/${id}`),
    onSuccess: () => refreshAfterChange(client),
  })
}
