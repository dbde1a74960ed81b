import { formatDateLongFr, formatEuro, isNegative, type TransactionDto } from '@app/domain'
import { Group, Stack, Text } from '@mantine/core'
import { ListRow } from '../list/ListPage'

/** The lines' kinds and categories in a few words: "Sortie · Frais postaux", "Entrée, Sortie". */
const summaryOf = (transaction: TransactionDto) => {
  const parts = transaction.transactionAllocations
  if (parts.length === 1) return `${parts[0]?.name} · ${parts[0]?.accountingEntry.name}`
  return [...new Set(parts.map((part) => part.name))].join(', ')
}

/** One cash movement of the list: its name (which opens it), day, lines, and its amount (exits in red). */
export function CashOperationRow({ operation, onOpen }: { operation: TransactionDto; onOpen: () => void }) {
  const negative = isNegative(operation.amount)
  return (
    <ListRow label={`Ouvrir ${operation.name}`} onOpen={onOpen}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate>
            {operation.name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {[formatDateLongFr(operation.datedAt), summaryOf(operation)].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Text
          fw={600}
          c={negative ? 'red' : 'teal'}
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {formatEuro(operation.amount)}
        </Text>
      </Group>
    </ListRow>
  )
}
