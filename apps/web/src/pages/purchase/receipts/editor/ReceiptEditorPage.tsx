import { messages } from '@app/domain'
import { Alert, Button, Center, Loader, Stack } from '@mantine/core'
import { IconArrowLeft, IconLock } from '@tabler/icons-react'
import { Link, matchPath, useLocation } from 'react-router'
import { ErrorState } from '../../../../components/ErrorState'
import { ApiError } from '../../../../lib/api'
import { isValidated } from '../ReceiptBadge'
import { RECEIPTS_PATH } from '../receiptParams'
import { useReceipt } from '../receiptQueries'
import { ReceiptForm } from './ReceiptForm'

function BackToList() {
  return (
    <Button component={Link} to={RECEIPTS_PATH} variant="light" leftSection={<IconArrowLeft size={16} />}>
      Retour aux justificatifs
    </Button>
  )
}

/**
 * /app/purchase/receipts/{id}: the receipt editor, offered only while the receipt is not validated (spec/money.md §2);
 * a validated one says it no longer changes, with the way back to the list.
 */
export function ReceiptEditorPage() {
  const raw = matchPath(`${RECEIPTS_PATH}/:id`, useLocation().pathname)?.params.id ?? ''
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : null
  const query = useReceipt(id)

  if (id === null || (query.error instanceof ApiError && query.error.status === 404))
    return (
      <Stack align="center" gap={0}>
        <ErrorState message={messages.http.notFound} />
        <BackToList />
      </Stack>
    )
  if (query.isError) return <ErrorState onRetry={() => query.refetch()} />
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  const receipt = query.data
  if (isValidated(receipt))
    return (
      <Stack gap="md" maw={640} mx="auto" py="lg">
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={receipt.name} role="status">
          {messages.receipts.validatedLocked}
        </Alert>
        <div>
          <BackToList />
        </div>
      </Stack>
    )
  // Each receipt starts its form from what the server holds: "passer au suivant" opens another one here.
  return <ReceiptForm key={receipt.id} receipt={receipt} />
}
