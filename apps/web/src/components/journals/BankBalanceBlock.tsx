import { type JournalDto, messages } from '@app/domain'
import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconAlertTriangle, IconBuildingBank } from '@tabler/icons-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { useMe } from '../../app/session'
import { ErrorState } from '../ErrorState'
import { Amount } from './Amount'
import { useJournals } from './journalQueries'

/** Where bank accounts are managed (spec/money.md §2). */
export const BANK_SETTINGS_PATH = '/app/setting/financial'

const m = messages.journals

/** The bank of an account as the user reads it: its name, or "Banque non identifiée". */
export const bankName = (journal: Pick<JournalDto, 'bank'>) => journal.bank?.name ?? m.unknownBank

/**
 * The bank balance block (spec/money.md §2 "Bank-related screens"): the active bank account's balance and its bank;
 * when no bank account is active, 'Tu n’as activé aucun compte bancaire !' with a link to the bank accounts settings.
 * Shared by the bank settings and, later, the bank transactions page. A demo organisation does not show it (§6).
 */
export function BankBalanceBlock() {
  const active = useJournals({ type: 'BQ', active: true })
  const titleId = useId()
  const isDemo = useMe().data?.currentOrganization?.isDemo ?? false
  if (isDemo) return null

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Text id={titleId} size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          Solde bancaire
        </Text>
        {active.isPending ? (
          <Skeleton height={48} radius="md" aria-busy="true" aria-label="Chargement" />
        ) : active.isError ? (
          <ErrorState onRetry={() => active.refetch()} />
        ) : active.data.length === 0 ? (
          <Group gap="sm" wrap="nowrap" align="center">
            <ThemeIcon variant="light" color="orange" size={40} radius="xl" style={{ flexShrink: 0 }}>
              <IconAlertTriangle size={22} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={600}>{m.noActiveBank}</Text>
              <Anchor component={Link} to={BANK_SETTINGS_PATH} size="sm">
                Gérer mes comptes bancaires
              </Anchor>
            </Stack>
          </Group>
        ) : (
          active.data.map((journal) => (
            <Group key={journal.id} justify="space-between" wrap="wrap" gap="sm" align="center">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <ThemeIcon variant="light" size={40} radius="xl" style={{ flexShrink: 0 }}>
                  <IconBuildingBank size={22} />
                </ThemeIcon>
                <Stack gap={0} miw={0}>
                  <Text fw={600} truncate>
                    {bankName(journal)}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {journal.name}
                  </Text>
                </Stack>
              </Group>
              <Amount value={journal.balance} fz={28} lh={1.2} />
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  )
}
