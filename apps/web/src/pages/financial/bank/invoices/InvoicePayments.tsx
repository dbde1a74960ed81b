import { formatDateFr, type IsoDate } from '@app/domain'
import { Anchor, Group, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { Amount } from '../../../invoices/documentUi'
import { useInvoiceTransactions } from './invoiceLinkQueries'

/**
 * In an invoice's details: the bank transfers that paid it (attached from the transaction), each a link to the
 * transaction. Nothing when none did, or while they cannot be read.
 */
export function InvoicePayments({ invoiceId }: { invoiceId: number }) {
  const query = useInvoiceTransactions(invoiceId)
  if (!query.data || query.data.length === 0) return null
  return (
    <Stack gap={4} component="section" aria-label="Encaissements">
      <Text size="xs" c="dimmed">
        Encaissements
      </Text>
      {query.data.map((transfer) => (
        <Group key={transfer.id} justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={`/app/financial/bank/${transfer.id}/show`} size="sm" truncate>
              {transfer.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatDateFr(transfer.datedAt as IsoDate)} · {transfer.journalName}
            </Text>
          </Stack>
          <Amount value={transfer.amount} />
        </Group>
      ))}
    </Stack>
  )
}
