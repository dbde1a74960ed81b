import { formatIban, type JournalDto, messages } from '@app/domain'
import { Badge, Box, Button, Group, Paper, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconBuildingBank, IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { BankConnectionsSection } from '../../../components/bank-connections/BankConnectionsSection'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { ItemList, QueryList } from '../../../components/ItemList'
import { BalanceFigure } from '../../../components/journals/Amount'
import { BankBalanceBlock, bankName } from '../../../components/journals/BankBalanceBlock'
import { useJournals, useToggleJournal } from '../../../components/journals/journalQueries'
import { SettingsSection } from '../../../components/SettingsSection'
import { ApiError } from '../../../lib/api'
import { toastError, toastSuccess, toastWithTitle } from '../../../lib/toast'
import { DeleteJournalModal, JournalActions } from './JournalActions'
import { type JournalDraft, JournalDrawer } from './JournalDrawer'

const m = messages.journals

/**
 * A refused switch (spec/money.md §8 "Journal toggle failure"): the server's message followed by 'Si tu souhaites
 * activer un nouveau compte, désactive ton compte actif au préalable.'; the switch has already gone back.
 */
function toastToggleFailure(error: unknown) {
  if (error instanceof ApiError && error.status === 409)
    toastWithTitle({ title: error.message, message: m.toggleHint, color: 'red' })
  else toastError(error)
}

/** /app/setting/financial: the bank balance, then the bank accounts with their active switch, the account drawer. */
export function BankAccountsPage() {
  const accounts = useJournals({ type: 'BQ' })
  const toggle = useToggleJournal({ type: 'BQ' })
  const [draft, setDraft] = useState<JournalDraft | null>(null)
  const [deleting, setDeleting] = useState<JournalDto | null>(null)
  // Beside the section's title on wide screens; on phones the title needs the width, the button goes under it.
  const isPhone = useMediaQuery('(max-width: 48em)')
  const addButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      style={{ flexShrink: 0 }}
      fullWidth={isPhone}
      onClick={() => setDraft({ kind: 'BQ', journal: null })}
    >
      Ajouter un compte bancaire
    </Button>
  )
  const hasActive = accounts.data?.some((journal) => journal.isActive) ?? false

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2} size="h3">
          Comptes bancaires
        </Title>
        <Text c="dimmed" size="sm">
          Tes comptes, leurs coordonnées et leur solde. Un seul compte bancaire est actif à la fois.
        </Text>
      </Box>

      <BankBalanceBlock />

      <SettingsSection
        id="bank-accounts"
        title="Tes comptes bancaires"
        description="Le compte actif est celui dont Carnet suit le solde et les opérations."
        aside={isPhone ? null : addButton}
      >
        {isPhone ? addButton : null}
        <QueryList
          query={accounts}
          skeletonHeight={88}
          empty={
            <EmptyBlock
              icon={<IconBuildingBank size={22} />}
              title={messages.empty.noBank}
              description="Ajoute ton compte pour suivre son solde."
            />
          }
        >
          {(list) => (
            <ItemList>
              {list.map((journal) => (
                <BankAccountCard
                  key={journal.id}
                  journal={journal}
                  toggling={toggle.isPending && toggle.variables?.id === journal.id}
                  onToggle={() =>
                    toggle.mutate(journal, { onSuccess: () => toastSuccess(), onError: toastToggleFailure })
                  }
                  onEdit={() => setDraft({ kind: 'BQ', journal })}
                  onDelete={() => setDeleting(journal)}
                />
              ))}
            </ItemList>
          )}
        </QueryList>
      </SettingsSection>

      <BankConnectionsSection />

      <JournalDrawer draft={draft} onClose={() => setDraft(null)} startsInactive={hasActive} />
      <DeleteJournalModal journal={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  )
}

/** One bank account: name, code, default badge, bank, IBAN grouped by 4, balance, active switch, edit and delete. */
function BankAccountCard({
  journal,
  toggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  journal: JournalDto
  toggling: boolean
  onToggle: () => void
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={journal.name}>
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0} align="flex-start" style={{ flex: '1 1 300px' }}>
          <ThemeIcon
            variant="light"
            color={journal.isActive ? undefined : 'gray'}
            size={40}
            radius="xl"
            style={{ flexShrink: 0 }}
          >
            <IconBuildingBank size={22} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} truncate>
                {journal.name}
              </Text>
              <Badge variant="light" color="gray" radius="sm" tt="none">
                {journal.code}
              </Badge>
              {journal.isDefault ? (
                <Badge variant="light" radius="sm" tt="none">
                  Par défaut
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {bankName(journal)}
            </Text>
            {/* A smaller size on phones keeps the IBAN on one line; a longer one wraps between its groups, never out of the card. */}
            <Text
              fz={{ base: 'xs', xs: 'sm' }}
              c={journal.iban ? undefined : 'dimmed'}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {journal.iban ? formatIban(journal.iban) : 'IBAN non renseigné'}
            </Text>
          </Stack>
        </Group>
        <Group gap="lg" wrap="nowrap" ml="auto">
          <BalanceFigure value={journal.balance} />
          <Switch
            checked={journal.isActive}
            onChange={onToggle}
            disabled={toggling}
            label="Actif"
            aria-label={`Compte actif : ${journal.name}`}
          />
          <JournalActions journal={journal} onEdit={onEdit} onDelete={onDelete} />
        </Group>
      </Group>
    </Paper>
  )
}
