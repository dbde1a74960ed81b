import { allocationMessages, formatDateFr, type RuleMatchDto } from '@app/domain'
import { Box, Group, Stack, Text } from '@mantine/core'
import { SignedAmount } from '../../../components/transactions/TransactionRow'

/**
 * Transactions a rule's conditions match (the editor's preview, the application's sample): date, label, amount and
 * the categories they have now ("À catégoriser" when none).
 */
export function MatchList({ transactions, label }: { transactions: readonly RuleMatchDto[]; label: string }) {
  return (
    <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {transactions.map((transaction) => (
        <Box
          component="li"
          key={transaction.id}
          aria-label={transaction.name}
          py={6}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              <Group gap={8} wrap="nowrap" miw={0}>
                <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
                  {formatDateFr(transaction.datedAt)}
                </Text>
                <Text size="sm" truncate title={transaction.rawName}>
                  {transaction.name}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {transaction.categories.length > 0
                  ? transaction.categories.map((category) => category.name).join(', ')
                  : allocationMessages.toCategorize}
              </Text>
            </Stack>
            <SignedAmount value={transaction.amount} />
          </Group>
        </Box>
      ))}
    </Box>
  )
}
