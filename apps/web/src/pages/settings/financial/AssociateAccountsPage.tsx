import { type JournalDto, messages } from '@app/domain'
import { Badge, Box, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconPlus, IconUserDollar } from '@tabler/icons-react'
import { useState } from 'react'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { ItemList, QueryList } from '../../../components/ItemList'
import { SettingsSection } from '../../../components/SettingsSection'
import { BalanceFigure } from './Amount'
import { DeleteJournalModal, JournalActions } from './JournalActions'
import { type JournalDraft, JournalDrawer } from './JournalDrawer'
import { useJournals } from './journalQueries'

/**
 * /app/setting/financial/associates (spec/money.md §2): the active associate current accounts with their balance, a
 * button to add one; 'Tu n'as pas encore de compte courant d'associé' when there is none.
 */
export function AssociateAccountsPage() {
  const accounts = useJournals({ type: 'CC', active: true })
  const [draft, setDraft] = useState<JournalDraft | null>(null)
  const [deleting, setDeleting] = useState<JournalDto | null>(null)
  // Beside the section's title on wide screens; on phones the title needs the width, the button goes under it.
  const isPhone = useMediaQuery('(max-width: 48em)')
  const addButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      style={{ flexShrink: 0 }}
      fullWidth={isPhone}
      onClick={() => setDraft({ kind: 'CC', journal: null })}
    >
      Ajouter un compte
    </Button>
  )

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

      <SettingsSection
        id="associate-accounts"
        title="Tes comptes courants d'associé"
        description="Chaque compte porte le nom de l'associé, précédé de « CCA »."
        aside={isPhone ? null : addButton}
      >
        {isPhone ? addButton : null}
        <QueryList
          query={accounts}
          skeletonHeight={64}
          empty={<EmptyBlock icon={<IconUserDollar size={22} />} title={messages.journals.noAssociate} />}
        >
          {(list) => (
            <ItemList>
              {list.map((journal) => (
                <Paper key={journal.id} component="li" withBorder radius="md" p="md" aria-label={journal.name}>
                  <Group justify="space-between" align="center" gap="md" wrap="wrap">
                    <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 220px' }}>
                      <ThemeIcon variant="light" size={40} radius="xl" style={{ flexShrink: 0 }}>
                        <IconUserDollar size={22} />
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
                      <BalanceFigure value={journal.balance} />
                      <JournalActions
                        journal={journal}
                        onEdit={() => setDraft({ kind: 'CC', journal })}
                        onDelete={() => setDeleting(journal)}
                      />
                    </Group>
                  </Group>
                </Paper>
              ))}
            </ItemList>
          )}
        </QueryList>
      </SettingsSection>

      <JournalDrawer draft={draft} onClose={() => setDraft(null)} />
      <DeleteJournalModal journal={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  )
}
