import { messages, type TransactionDto } from '@app/domain'
import { Button } from '@mantine/core'
import { IconFileCheck, IconFileOff } from '@tabler/icons-react'
import { useUpdateTransaction } from '../../../../components/transactions/detail/transactionQueries'
import { ApiError } from '../../../../lib/api'
import { toastError } from '../../../../lib/toast'

const m = messages.transactions

/**
 * The no-receipt flag (spec/money.md §4): "Je n'ai pas de justificatif" sets it, "J'ai un justificatif" clears it.
 * The server refuses it while something is attached, and says why under hasNoReceipt: that message is shown.
 */
export function NoReceiptButton({ transaction }: { transaction: TransactionDto }) {
  const update = useUpdateTransaction(transaction.id)
  const flagged = transaction.hasNoReceipt
  const toggle = () =>
    update.mutate(
      { hasNoReceipt: !flagged },
      {
        onError: (error) => {
          const refusal = error instanceof ApiError ? error.fieldErrors.hasNoReceipt : undefined
          toastError(error, refusal)
        },
      },
    )
  return (
    <Button
      size="xs"
      variant={flagged ? 'light' : 'default'}
      color={flagged ? 'orange' : undefined}
      leftSection={flagged ? <IconFileCheck size={16} /> : <IconFileOff size={16} />}
      loading={update.isPending}
      onClick={toggle}
    >
      {flagged ? m.hasReceipt : m.noReceipt}
    </Button>
  )
}
