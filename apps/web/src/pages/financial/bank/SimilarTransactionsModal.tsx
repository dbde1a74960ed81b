import { formatDateFr, type IsoDate, type TransactionDto } from '@app/domain'
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { SignedAmount } from '../../../components/transactions/TransactionRow'
import { useBulkAction } from '../../../components/transactions/transactionQueries'
import { toastRefusal } from '../../../components/transactions/transactionToasts'
import { toastSuccess } from '../../../lib/toast'

/** A category just given to a transaction, and the others with the same label still to categorise. */
export type SimilarProposal = {
  transaction: Pick<TransactionDto, 'id' | 'name'>
  category: { id: number; name: string }
  candidates: TransactionDto[]
}

/**
 * The transactions-with-the-same-label modal (spec/money.md §4 "Similar transactions"): after a category is given to
 * an uncategorised transaction, the same category for the others of that label, all ticked at first.
 */
export function SimilarTransactionsModal({ proposal, onClose }: { proposal: SimilarProposal; onClose: () => void }) {
  const [ticked, setTicked] = useState(() => new Set(proposal.candidates.map((candidate) => candidate.id)))
  const bulk = useBulkAction()
  const count = proposal.candidates.length
  const toggle = (id: number, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  return (
    <Modal opened onClose={onClose} title="Transactions avec le même libellé" centered radius="lg" size="lg">
      <Stack gap="md">
        <Text size="sm">
          {count > 1
            ? `${count} autres transactions ont le même libellé que « ${proposal.transaction.name} ».`
            : `Une autre transaction a le même libellé que « ${proposal.transaction.name} ».`}{' '}
          Leur donner aussi la catégorie « {proposal.category.name} » ?
        </Text>
        <ScrollArea.Autosize mah={320}>
          <Stack gap={6}>
            {proposal.candidates.map((candidate) => (
              <Group key={candidate.id} justify="space-between" wrap="nowrap" gap="sm">
                <Checkbox
                  checked={ticked.has(candidate.id)}
                  onChange={(event) => toggle(candidate.id, event.currentTarget.checked)}
                  label={`${formatDateFr(candidate.datedAt.slice(0, 10) as IsoDate)} · ${candidate.name}`}
                />
                <SignedAmount value={candidate.amount} />
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={bulk.isPending}>
            Non merci
          </Button>
          <Button
            disabled={ticked.size === 0}
            loading={bulk.isPending}
            onClick={() =>
              bulk.mutate(
                { action: 'categorize', ids: [...ticked], accountingEntryId: proposal.category.id },
                {
                  onSuccess: () => {
                    toastSuccess()
                    onClose()
                  },
                  onError: toastRefusal,
                },
              )
            }
          >
            Appliquer à {ticked.size} transaction{ticked.size > 1 ? 's' : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
