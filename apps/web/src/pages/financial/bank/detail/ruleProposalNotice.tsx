import { messages, type RuleProposalDto, searchKey, type TransactionDto } from '@app/domain'
import { Button, Group, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useMe } from '../../../../app/session'
import { proposalLink } from '../../../../components/rules/proposalLink'
import { declineProposal, proposalsKey, proposalsQuery } from '../../../../components/rules/ruleQueries'
import { toastRefusal } from '../../../../components/transactions/transactionToasts'
import { toastSuccess } from '../../../../lib/toast'

const m = messages.rules

/** The notice carries two buttons: it stays 10 s, twice the usual toast, so that there is time to press one. */
const NOTICE_DELAY = 10_000

/** The split's only category; null when it has none or several (a proposal is about one category). */
const onlyCategory = (transaction: TransactionDto) => {
  const ids = new Set(transaction.transactionAllocations.map((allocation) => allocation.accountingEntryId))
  return ids.size === 1 ? ([...ids][0] as number) : null
}

/** What a proposal is about: the folded label (as the server folds it) and the one category. */
const habitOf = (transaction: TransactionDto) => `${searchKey(transaction.name)}\u0000${onlyCategory(transaction)}`

/**
 * The rule proposal where the person categorises (issue 14): once the drawer has saved a transaction in one category,
 * the proposals are read again and, when one is about this label and this category (the third identical
 * categorisation), a notice asks "Créer une règle ?": "Créer la règle" opens the rules page with the form prefilled,
 * "Ignorer" declines it for good. Only the owner is asked, the rules being theirs (the settings are the owner's).
 * The notice outlives the drawer, which closes on save: it holds no hook state, only the client and the router.
 */
export function useRuleProposalNotice() {
  const client = useQueryClient()
  const navigate = useNavigate()
  const isOwner = Boolean(useMe().data?.currentOrganization?.isOwner)

  const decline = async (id: string, proposal: RuleProposalDto) => {
    notifications.hide(id)
    try {
      await declineProposal(proposal)
      toastSuccess(m.proposalDeclined)
    } catch (error) {
      toastRefusal(error)
    } finally {
      await client.invalidateQueries({ queryKey: proposalsKey })
    }
  }

  const show = (proposal: RuleProposalDto) => {
    const id = `rule-proposal-${proposal.key}-${proposal.accountingEntryId}`
    notifications.show({
      id,
      color: 'teal',
      withCloseButton: false,
      autoClose: NOTICE_DELAY,
      title: m.proposalTitle,
      message: (
        <Stack gap="xs">
          <Text size="sm">{m.proposal(proposal.name, proposal.accountingEntry.name, proposal.count)}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="compact-sm" variant="default" onClick={() => void decline(id, proposal)}>
              Ignorer
            </Button>
            <Button
              size="compact-sm"
              onClick={() => {
                notifications.hide(id)
                void navigate(proposalLink(proposal))
              }}
            >
              Créer la règle
            </Button>
          </Group>
        </Stack>
      ),
    })
  }

  /** After a save: `before` is the transaction as the drawer had it, `saved` as the server answered. */
  return async (before: TransactionDto, saved: TransactionDto) => {
    // Any categorisation may make or end a proposal: the rules page reads them again when it shows.
    await client.invalidateQueries({ queryKey: proposalsKey, refetchType: 'none' })
    const categoryId = onlyCategory(saved)
    // Saving without changing the label or the category is no new categorisation: nothing to propose.
    if (!isOwner || categoryId === null || habitOf(before) === habitOf(saved)) return
    try {
      const key = searchKey(saved.name)
      const proposals = await client.fetchQuery(proposalsQuery)
      const found = proposals.find((proposal) => proposal.key === key && proposal.accountingEntryId === categoryId)
      if (found) show(found)
    } catch {
      // The proposal is a bonus: the categorisation is saved, and the rules page will offer it anyway.
    }
  }
}
