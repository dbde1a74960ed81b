import { formatDateFr, type IsoDate, type TransactionDto } from '@app/domain'
import { Group, Stack, Text } from '@mantine/core'
import { Amount } from '../../../components/documents/documentUi'

/** What an attach drawer is about: the transaction's label, date and account, and its amount. */
export function TransactionHeading({ transaction }: { transaction: TransactionDto }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} miw={0}>
        <Text fw={600} truncate>
          {transaction.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateFr(transaction.datedAt.slice(0, 10) as IsoDate)} · {transaction.journal.name}
        </Text>
      </Stack>
      <Amount value={transaction.amount} strong />
    </Group>
  )
}
