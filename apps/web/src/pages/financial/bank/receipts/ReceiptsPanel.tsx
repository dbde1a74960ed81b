import { messages, type TransactionDto } from '@app/domain'
import { Box, Button, Group, Stack, Title } from '@mantine/core'
import { IconFileText, IconPaperclip } from '@tabler/icons-react'
import { useState } from 'react'
import { toastActionError } from '../../../../components/documents/documentUi'
import { EmptyBlock } from '../../../../components/EmptyBlock'
import { SuggestedReceipts } from '../../../../components/receipts/matches/SuggestedReceipts'
import { toastSuccess } from '../../../../lib/toast'
import { NoReceiptButton } from '../detail/NoReceiptButton'
import { AttachedReceiptList } from './AttachedReceiptList'
import { AttachReceiptsDrawer } from './AttachReceiptsDrawer'
import { useDetachReceipt } from './receiptLinkQueries'

const NO_RECEIPT = 'Il n’y a aucun justificatif associé.'

/**
 * The transaction's receipts in its detail drawer (spec/money.md §2): the no-receipt flag, the receipts attached (each
 * to download or detach), or else the receipts suggested for it, and "Ajouter un justificatif", which opens the
 * attach-receipts drawer.
 */
export function ReceiptsPanel({
  transaction,
  onDialogChange,
}: {
  transaction: TransactionDto
  onDialogChange: (open: boolean) => void
}) {
  const [attaching, setAttaching] = useState(false)
  const detach = useDetachReceipt(transaction.id)
  const open = (value: boolean) => {
    setAttaching(value)
    onDialogChange(value)
  }
  return (
    <Stack gap="xs" component="section" aria-label="Justificatifs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Justificatifs
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPaperclip size={14} />} onClick={() => open(true)}>
          Ajouter un justificatif
        </Button>
      </Group>
      <Box>
        <NoReceiptButton transaction={transaction} />
      </Box>
      {transaction.receipts.length === 0 ? (
        <>
          <EmptyBlock icon={<IconFileText size={20} />} title={NO_RECEIPT} />
          <SuggestedReceipts transaction={transaction} />
        </>
      ) : (
        <AttachedReceiptList
          receipts={transaction.receipts}
          detaching={detach.isPending ? detach.variables : null}
          onDetach={(receiptId) =>
            detach.mutate(receiptId, {
              onSuccess: () => toastSuccess(messages.receipts.detached),
              onError: toastActionError,
            })
          }
        />
      )}
      <AttachReceiptsDrawer transaction={transaction} opened={attaching} onClose={() => open(false)} />
    </Stack>
  )
}
