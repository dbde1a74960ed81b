import {
  type BankConnectionDto,
  type BankConnectionState,
  bankConnectionBadge,
  bankConnectionState,
  messages,
} from '@app/domain'
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core'
import { IconAlertTriangle, IconBuildingBank, IconRefresh } from '@tabler/icons-react'
import { RemoveButton } from '../ItemList'
import { formatInstantDateTime } from '../instant'

const m = messages.bankConnections

const BADGE_COLOR: Record<BankConnectionState, string> = { ok: 'teal', error: 'red', archived: 'gray' }

/** What the badge's tooltip says: the provider's description of the error, or the 90-day renewal. */
function statusText(connection: BankConnectionDto) {
  if (connection.needsRenewal) return m.renewalNeeded
  if (connection.statusCode !== 0) return connection.statusCodeDescription ?? m.badgeError
  return connection.lastSyncedAt
    ? `Synchronisée le ${formatInstantDateTime(connection.lastSyncedAt)}`
    : 'Pas encore synchronisée'
}

/**
 * One connection (spec/money.md §4): its bank and provider, the badge — OK (status 0 and active), en erreur (red, the
 * status description in a tooltip, a click opens the error modal) or archivée —, its accounts, the sync button, the
 * active switch and deletion; past its 90 days, the renewal.
 */
export function ConnectionCard({
  connection,
  syncing,
  renewing,
  onSync,
  onToggle,
  onDelete,
  onShowError,
  onRenew,
}: {
  connection: BankConnectionDto
  syncing: boolean
  renewing: boolean
  onSync: () => void
  onToggle: () => void
  onDelete: () => void
  onShowError: () => void
  onRenew: () => void
}) {
  // From the fields, not `state`: the switch changes isActive at once, before the server answers.
  const state = bankConnectionState(connection)
  const title = connection.bankName ?? connection.providerName
  const badge = (
    <Badge color={BADGE_COLOR[state]} variant="light" radius="sm" tt="none">
      {bankConnectionBadge[state]}
    </Badge>
  )
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          <Group gap="sm" wrap="nowrap" miw={0} align="flex-start" style={{ flex: '1 1 280px' }}>
            <ThemeIcon variant="light" color={BADGE_COLOR[state]} size={40} radius="xl" style={{ flexShrink: 0 }}>
              <IconBuildingBank size={22} />
            </ThemeIcon>
            <Stack gap={2} miw={0}>
              <Group gap={6} wrap="wrap">
                <Text fw={600} truncate>
                  {title}
                </Text>
                <Tooltip label={statusText(connection)} multiline maw={320}>
                  {state === 'error' && !connection.needsRenewal ? (
                    <UnstyledButton onClick={onShowError} aria-label={`Voir l’erreur de ${title}`}>
                      {badge}
                    </UnstyledButton>
                  ) : (
                    badge
                  )}
                </Tooltip>
              </Group>
              <Text size="sm" c="dimmed">
                via {connection.providerName}
                {connection.lastSyncedAt ? ` · synchronisée le ${formatInstantDateTime(connection.lastSyncedAt)}` : ''}
              </Text>
              <Text size="sm">
                {connection.journals.length === 0
                  ? 'Aucun compte'
                  : connection.journals.map((journal) => `${journal.name} (${journal.code})`).join(' · ')}
              </Text>
            </Stack>
          </Group>
          <Group gap="md" wrap="nowrap" ml="auto">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconRefresh size={16} />}
              onClick={onSync}
              loading={syncing}
              disabled={!connection.isActive || connection.needsRenewal}
              aria-label={`Synchroniser ${title}`}
            >
              Synchroniser
            </Button>
            <Switch
              checked={connection.isActive}
              onChange={onToggle}
              label="Active"
              aria-label={`Connexion active : ${title}`}
            />
            <RemoveButton tooltip="Supprimer" label={`Supprimer la connexion ${title}`} onClick={onDelete} />
          </Group>
        </Group>
        {connection.needsRenewal && connection.isActive ? (
          <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} p="sm">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{m.expired}</Text>
              <Button size="xs" onClick={onRenew} loading={renewing}>
                Renouveler
              </Button>
            </Group>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  )
}
