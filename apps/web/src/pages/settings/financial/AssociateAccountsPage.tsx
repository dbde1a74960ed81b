import { expenseJournalTypeFor, type JournalDto, messages } from '@app/domain'
import { Badge, Box, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconPlus, IconUser, IconUserDollar } from '@tabler/icons-react'
import { useState } from 'react'
import { useMe } from '../../../app/session'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { ItemList, QueryList } from '../../../components/ItemList'
import { BalanceFigure } from '../../../components/journals/Amount'
import { useJournals } from '../../../components/journals/journalQueries'
import { SettingsSection } from '../../../components/SettingsSection'
import { DeleteJournalModal, JournalActions } from './JournalActions'
import { type JournalDraft, JournalDrawer } from './JournalDrawer'

const a = messages.associates

/** What a section of the page is about: the associates' accounts (CC) or the operator's (EX). */
const KINDS = {
  CC: {
    id: 'associate-accounts',
    title: "Tes comptes courants d'associé",
    description: "Chaque compte porte le nom de l'associé, précédé de « CCA ».",
    add: a.add,
    empty: messages.journals.noAssociate,
    owed: a.owed,
    icon: IconUserDollar,
  },
  EX: {
    id: 'operator-accounts',
    title: "Ton compte de l'exploitant",
    description: "Ce que l'entreprise te doit : tes notes de frais, moins ce qu'elle t'a remboursé.",
    add: a.addOperator,
    empty: a.noOperator,
    owed: a.owedOperator,
    icon: IconUser,
  },
} as const

function AccountsSection({ kind, onEdit }: { kind: 'CC' | 'EX'; onEdit: (draft: JournalDraft) => void }) {
  const texts = KINDS[kind]
  const accounts = useJournals({ type: kind, active: true })
  const [deleting, setDeleting] = useState<JournalDto | null>(null)
  // Beside the section's title on wide screens; on phones the title needs the width, the button goes under it.
  const isPhone = useMediaQuery('(max-width: 48em)')
  const addButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      style={{ flexShrink: 0 }}
      fullWidth={isPhone}
      onClick={() => onEdit({ kind, journal: null })}
    >
      {texts.add}
    </Button>
  )
  return (
    <SettingsSection
      id={texts.id}
      title={texts.title}
      description={texts.description}
      aside={isPhone ? null : addButton}
    >
      {isPhone ? addButton : null}
      <QueryList
        query={accounts}
        skeletonHeight={64}
        empty={<EmptyBlock icon={<texts.icon size={22} />} title={texts.empty} />}
      >
        {(list) => (
          <ItemList>
            {list.map((journal) => (
              <Paper key={journal.id} component="li" withBorder radius="md" p="md" aria-label={journal.name}>
                <Group justify="space-between" align="center" gap="md" wrap="wrap">
                  <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 220px' }}>
                    <ThemeIcon variant="light" size={40} radius="xl" style={{ flexShrink: 0 }}>
                      <texts.icon size={22} />
                    </ThemeIcon>
                    <Group gap={6} wrap="wrap" miw={0}>
                      <Text fw={600} truncate>
                        {journal.name}
                      </Text>
                      <Badge variant="light" color="gray" radius="sm" tt="none">
                        {journal.code}
                      </Badge>
                    </Group>
                  </Group>
                  <Group gap="lg" wrap="nowrap" ml="auto">
                    <BalanceFigure value={journal.owed ?? journal.balance} label={texts.owed} />
                    <JournalActions
                      journal={journal}
                      onEdit={() => onEdit({ kind, journal })}
                      onDelete={() => setDeleting(journal)}
                    />
                  </Group>
                </Group>
              </Paper>
            ))}
          </ItemList>
        )}
      </QueryList>
      <DeleteJournalModal journal={deleting} onClose={() => setDeleting(null)} />
    </SettingsSection>
  )
}

/**
 * /app/setting/financial/associates (spec/money.md §2): the active associate current accounts with what the company
 * owes each associate (initial balance, expense notes, less what the bank paid them back), a button to add one;
 * 'Tu n'as pas encore de compte courant d'associé' when there is none. An individual business (EI, PL, ME) also keeps
 * its operator account here, where its expense notes go.
 */
export function AssociateAccountsPage() {
  const [draft, setDraft] = useState<JournalDraft | null>(null)
  const individual = expenseJournalTypeFor(useMe().data?.currentOrganization?.legalFormType) === 'EX'

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2} size="h3">
          Comptes courants d'associé
        </Title>
        <Text c="dimmed" size="sm">
          Les sommes que tes associés apportent à l'entreprise ou qu'elle leur doit.
        </Text>
      </Box>
      {individual ? <AccountsSection kind="EX" onEdit={setDraft} /> : null}
      <AccountsSection kind="CC" onEdit={setDraft} />
      <JournalDrawer draft={draft} onClose={() => setDraft(null)} />
    </Stack>
  )
}
