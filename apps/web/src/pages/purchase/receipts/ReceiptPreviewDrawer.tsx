import type { ReceiptDto } from '@app/domain'
import { Button, Group, Skeleton, Text } from '@mantine/core'
import { IconDownload, IconPencil } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { AppDrawer } from '../../../components/AppDrawer'
import { ErrorState } from '../../../components/ErrorState'
import { isValidated, ReceiptBadge } from './ReceiptBadge'
import { ReceiptEInvoicingSection } from './ReceiptEInvoicingSection'
import { ReceiptPreview } from './ReceiptPreview'
import { receiptEditorPath } from './receiptParams'
import { useReceipt } from './receiptQueries'

/**
 * The drawer a row's name opens: the receipt's file, its badge, and what can be done with it: download it, process
 * it (not once validated).
 */
export function ReceiptPreviewDrawer({
  receiptId,
  fromList,
  onClose,
  onDownload,
}: {
  receiptId: number | null
  /** The row's copy, shown at once while the receipt is read again. */
  fromList: ReceiptDto | undefined
  onClose: () => void
  onDownload: (receipt: ReceiptDto) => void
}) {
  const query = useReceipt(receiptId)
  const receipt = query.data ?? fromList
  const [answering, setAnswering] = useState(false)
  return (
    <AppDrawer
      opened={receiptId !== null}
      onClose={onClose}
      closeOnEscape={!answering}
      title={receipt?.name ?? 'Justificatif'}
      size="xl"
      footer={
        receipt ? (
          <>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => onDownload(receipt)}>
              Télécharger
            </Button>
            {isValidated(receipt) ? null : (
              <Button component={Link} to={receiptEditorPath(receipt.id)} leftSection={<IconPencil size={16} />}>
                Traiter
              </Button>
            )}
          </>
        ) : undefined
      }
    >
      {receipt ? (
        <>
          <Group gap="xs" mb="sm">
            <ReceiptBadge receipt={receipt} />
            {receipt.failure ? (
              <Text size="sm" c="red">
                {receipt.failure}
              </Text>
            ) : null}
          </Group>
          <ReceiptEInvoicingSection receipt={receipt} onDialogChange={setAnswering} />
          <ReceiptPreview receipt={receipt} />
        </>
      ) : query.isError ? (
        <ErrorState onRetry={() => query.refetch()} />
      ) : (
        <Skeleton height={400} aria-label="Chargement" />
      )}
    </AppDrawer>
  )
}
