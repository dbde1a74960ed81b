import { isNegative, messages, type TransactionDto } from '@app/domain'
import { Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconFileText } from '@tabler/icons-react'
import { MatchActions } from './MatchActions'
import { MatchSide, receiptLabel } from './MatchSide'
import { reasonsText, useConfirmMatch, useDeclineMatch, useTransactionReceiptMatches } from './matchQueries'

const m = messages.receipts

/**
 * "Justificatifs suggérés" in a transaction's receipts panel: while nothing justifies money going out, the receipts
 * that may, with why, to associate or to decline. Absent when there are none.
 */
export function SuggestedReceipts({ transaction }: { transaction: TransactionDto }) {
  const wanted = transaction.receipts.length === 0 && isNegative(transaction.amount)
  const query = useTransactionReceiptMatches(transaction.id, wanted)
  const confirm = useConfirmMatch()
  const decline = useDeclineMatch()
  const rows = wanted ? (query.data ?? []) : []
  if (rows.length === 0) return null

  const busyOn = (receiptId: number) =>
    confirm.isPending && confirm.variables?.receiptId === receiptId
      ? 'confirm'
      : decline.isPending && decline.variables?.receiptId === receiptId
        ? 'decline'
        : null
  const pair = (receiptId: number) => ({ receiptId, transactionId: transaction.id })

  return (
    <Stack gap="xs" component="section" aria-label={m.suggestedReceipts}>
      <Title order={4} size="h6">
        {m.suggestedReceipts}
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map(({ receipt, reasons }) => {
          const label = receiptLabel(receipt)
          return (
            <Paper key={receipt.id} component="li" withBorder radius="md" p="xs" aria-label={label}>
              <Stack gap={4}>
                <MatchSide
                  icon={<IconFileText size={18} aria-hidden style={{ flexShrink: 0 }} />}
                  label={label}
                  datedAt={receipt.datedAt}
                  amount={receipt.taxIncluded}
                />
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="xs" c="dimmed">
                    {reasonsText(reasons)}
                  </Text>
                  <MatchActions
                    about={label}
                    busy={busyOn(receipt.id)}
                    onConfirm={() => confirm.mutate(pair(receipt.id))}
                    onDecline={() => decline.mutate(pair(receipt.id))}
                  />
                </Group>
              </Stack>
            </Paper>
          )
        })}
      </Stack>
    </Stack>
  )
}
