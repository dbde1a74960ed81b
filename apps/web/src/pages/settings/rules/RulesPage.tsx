import { messages, type RuleDto, type RuleProposalDto } from '@app/domain'
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconArrowsSort, IconBulb, IconListCheck, IconPlus, IconSparkles } from '@tabler/icons-react'
import { useState } from 'react'
import { ConfirmModal } from '../../../components/ConfirmModal'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { ItemList, QueryList } from '../../../components/ItemList'
import { useJournals } from '../../../components/journals/journalQueries'
import { useProposalFromUrl } from '../../../components/rules/proposalLink'
import {
  useConditionFunctions,
  useConditionTargets,
  useDeactivateRule,
  useDeclineProposal,
  useDeleteRule,
  useMoveRule,
  useProposals,
  useRules,
  useSortRules,
} from '../../../components/rules/ruleQueries'
import { toastRefusal } from '../../../components/transactions/transactionToasts'
import { toastSuccess } from '../../../lib/toast'
import { GlobalRulesDrawer } from './GlobalRulesDrawer'
import { useActivation } from './RuleActivation'
import { RuleCard } from './RuleCard'
import { type RuleDraft, RuleDrawer } from './RuleDrawer'

const m = messages.rules

/**
 * /app/setting/rules, "Règles d'affectation" with their count (spec/money.md §2): the rules in the order they apply,
 * each movable, "Trier automatiquement" (most precise first), the rule drawer, the platform's proposed rules and the
 * suggestions drawn from the person's own categorisations (?proposal= opens one's form, see proposalLink).
 */
export function RulesPage() {
  const rules = useRules()
  const targets = useConditionTargets()
  const functions = useConditionFunctions()
  const banks = useJournals({ type: 'BQ' })
  const deactivate = useDeactivateRule()
  const move = useMoveRule()
  const sort = useSortRules()
  const remove = useDeleteRule()
  const activation = useActivation()
  const [draft, setDraft] = useState<RuleDraft | null>(null)
  const [deleting, setDeleting] = useState<RuleDto | null>(null)
  const [globalOpen, setGlobalOpen] = useState(false)
  const openProposal = (proposal: RuleProposalDto) => setDraft({ rule: null, prefill: proposal.rule })
  // The transaction drawer's "Créer la règle" comes here with ?proposal=: the same form as the section's button.
  const proposals = useProposals()
  useProposalFromUrl(proposals.data, openProposal)
  const isPhone = useMediaQuery('(max-width: 48em)')
  const journalName = (id: number) => banks.data?.find((journal) => journal.id === id)?.name
  const count = rules.data?.length
  const busy = move.isPending || sort.isPending || deactivate.isPending || activation.starting

  const toggle = (rule: RuleDto) => {
    if (rule.isActive) deactivate.mutate(rule, { onSuccess: () => toastSuccess(m.deactivated), onError: toastRefusal })
    else void activation.start(rule)
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Box style={{ flex: '1 1 280px' }}>
          <Title order={2} size="h3">
            {m.title}
            {count !== undefined ? ' ' : null}
            {count !== undefined ? (
              <Text span c="dimmed" fw={500} inherit style={{ fontVariantNumeric: 'tabular-nums' }}>
                ({count})
              </Text>
            ) : null}
          </Title>
          <Text c="dimmed" size="sm">
            Elles catégorisent tes transactions à leur arrivée, dans l'ordre de la liste : la première qui correspond
            donne la catégorie.
          </Text>
        </Box>
        <Group gap="sm" wrap="wrap" w={isPhone ? '100%' : undefined}>
          <Button
            variant="default"
            leftSection={<IconSparkles size={16} />}
            fullWidth={isPhone}
            onClick={() => setGlobalOpen(true)}
          >
            {m.globalTitle}
          </Button>
          <Button leftSection={<IconPlus size={16} />} fullWidth={isPhone} onClick={() => setDraft({ rule: null })}>
            Nouvelle règle
          </Button>
        </Group>
      </Group>

      <ProposalsSection onCreate={openProposal} />

      <QueryList
        query={rules}
        skeletonHeight={96}
        empty={
          <EmptyBlock
            icon={<IconListCheck size={22} />}
            title={m.empty}
            description="Crée ta première règle, ou ajoute une des règles proposées."
          />
        }
      >
        {(list) => (
          <Stack gap="sm">
            {list.length > 1 ? (
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed">
                  Les plus précises d'abord : un libellé exact, puis un début ou une fin de libellé, puis un mot qu'il
                  contient, puis un montant.
                </Text>
                <Button
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconArrowsSort size={14} />}
                  loading={sort.isPending}
                  onClick={() =>
                    sort.mutate(undefined, { onSuccess: () => toastSuccess(m.sorted), onError: toastRefusal })
                  }
                >
                  Trier automatiquement
                </Button>
              </Group>
            ) : null}
            <ItemList>
              {list.map((rule, index) => (
                <RuleCard
                  key={rule.id}
                  rule={rule}
                  isFirst={index === 0}
                  isLast={index === list.length - 1}
                  busy={busy}
                  targets={targets.data}
                  functions={functions.data}
                  journalName={journalName}
                  onMove={(position) => move.mutate({ rule, position }, { onError: toastRefusal })}
                  onToggle={() => toggle(rule)}
                  onEdit={() => setDraft({ rule })}
                  onDelete={() => setDeleting(rule)}
                />
              ))}
            </ItemList>
          </Stack>
        )}
      </QueryList>

      <RuleDrawer
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={(rule, activate) => {
          if (activate) void activation.start(rule)
          else toastSuccess(m.saved)
        }}
      />
      <GlobalRulesDrawer
        opened={globalOpen}
        onClose={() => setGlobalOpen(false)}
        targets={targets.data}
        functions={functions.data}
        journalName={journalName}
      />
      {activation.modal}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={m.deleteConfirm}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => toastSuccess(m.deleted),
            onError: toastRefusal,
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Stack>
  )
}

/**
 * "Suggestions" (issue 14): after three identical manual categorisations, a rule is proposed, never created silently;
 * "Créer la règle" opens the form prefilled, "Ignorer" never proposes it again. Hidden when there is none.
 */
function ProposalsSection({ onCreate }: { onCreate: (proposal: RuleProposalDto) => void }) {
  const proposals = useProposals()
  const decline = useDeclineProposal()
  const list = proposals.data ?? []
  if (list.length === 0) return null
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="rule-proposals-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBulb size={18} />
          <Title order={3} size="h5" id="rule-proposals-title">
            Suggestions
          </Title>
        </Group>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((proposal) => (
            <Paper
              component="li"
              key={`${proposal.key}-${proposal.accountingEntryId}`}
              withBorder
              radius="md"
              p="sm"
              aria-label={proposal.name}
            >
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ flex: '1 1 280px' }}>
                  <Text size="sm" fw={600}>
                    {m.proposalTitle}
                  </Text>
                  <Text size="sm">{m.proposal(proposal.name, proposal.accountingEntry.name, proposal.count)}</Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="compact-sm"
                    loading={decline.isPending && decline.variables?.key === proposal.key}
                    onClick={() =>
                      decline.mutate(proposal, {
                        onSuccess: () => toastSuccess(m.proposalDeclined),
                        onError: toastRefusal,
                      })
                    }
                  >
                    Ignorer
                  </Button>
                  <Button size="compact-sm" onClick={() => onCreate(proposal)}>
                    Créer la règle
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Paper>
  )
}
