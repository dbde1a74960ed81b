import { formatDateFr, formatEuro, type IsoDate, isPositive, messages } from '@app/domain'
import { Anchor, Group, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { Amount } from '../../../../components/documents/documentUi'
import { useInvoiceTransactions } from './invoiceLinkQueries'

/**
 * In an invoice's details: the bank transfers that paid it (attached from the transaction), each a link to the
 * transaction, and what they leave to pay of it when it is still waiting for the rest (`leftToPay`, from the
 * invoice's payments: an invoice paid in instalments). Nothing when none did, or while they cannot be read.
 */
export function InvoicePayments({ invoiceId, leftToPay }: { invoiceId: number; leftToPay?: string }) {
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
      {leftToPay !== undefined && isPositive(leftToPay) ? (
        <Text size="sm" fw={600} ta="right">
          {messages.transactions.leftToPay(formatEuro(leftToPay))}
        </Text>
      ) : null}
    </Stack>
  )
}
