import { messages, type ReceiptMatchDto } from '@app/domain'
import { Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconArrowsLeftRight, IconBuildingBank, IconFileText } from '@tabler/icons-react'
import { MatchActions } from '../../../../components/receipts/matches/MatchActions'
import { MatchSide, receiptLabel } from '../../../../components/receipts/matches/MatchSide'
import {
  type MatchPair,
  reasonsText,
  useConfirmMatch,
  useDeclineMatch,
  useReceiptMatches,
} from '../../../../components/receipts/matches/matchQueries'

const m = messages.receipts

const samePair = (pair: MatchPair, other: MatchPair | undefined) =>
  other !== undefined && pair.receiptId === other.receiptId && pair.transactionId === other.transactionId

/**
 * "Rapprochements suggérés" above the receipts list: each receipt beside the bank line that may have paid it, with
 * why, to associate or to decline. Nothing is attached without "Associer"; absent when there is nothing to suggest
 * (or the suggestions could not be read: the list below still works).
 */
export function SuggestedMatches() {
  const query = useReceiptMatches()
  const confirm = useConfirmMatch()
  const decline = useDeclineMatch()
  const pairs = query.data ?? []
  if (pairs.length === 0) return null

  const busyOn = (pair: ReceiptMatchDto) =>
    confirm.isPending && samePair(pair, confirm.variables)
      ? 'confirm'
      : decline.isPending && samePair(pair, decline.variables)
        ? 'decline'
        : null
  const answer = (pair: ReceiptMatchDto, choice: 'confirm' | 'decline') => {
    const ids = { receiptId: pair.receiptId, transactionId: pair.transactionId }
    if (choice === 'confirm') confirm.mutate(ids)
    else decline.mutate(ids)
  }

  return (
    <Stack gap="xs" component="section" aria-label={m.suggestedMatches} mb="md">
      <Title order={2} size="h5">
        {m.suggestedMatches}
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {pairs.map((pair) => {
          const label = `${receiptLabel(pair.receipt)} ↔ ${pair.transaction.name}`
          return (
            <Paper
              key={`${pair.receiptId}-${pair.transactionId}`}
              component="li"
              withBorder
              radius="md"
              p="sm"
              aria-label={label}
            >
              <Stack gap={6}>
                <Group gap="sm" wrap="wrap" align="center">
                  <MatchSide
                    icon={<IconFileText size={18} aria-label="Justificatif" />}
                    label={receiptLabel(pair.receipt)}
                    datedAt={pair.receipt.datedAt}
                    amount={pair.receipt.taxIncluded}
                  />
                  <IconArrowsLeftRight size={16} aria-hidden style={{ flexShrink: 0 }} />
                  <MatchSide
                    icon={<IconBuildingBank size={18} aria-label="Transaction" />}
                    label={pair.transaction.name}
                    datedAt={pair.transaction.datedAt}
                    amount={pair.transaction.amount}
                  />
                </Group>
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Text size="sm" c="dimmed">
                    {reasonsText(pair.reasons)}
                  </Text>
                  <MatchActions
                    about={label}
                    busy={busyOn(pair)}
                    onConfirm={() => answer(pair, 'confirm')}
                    onDecline={() => answer(pair, 'decline')}
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
