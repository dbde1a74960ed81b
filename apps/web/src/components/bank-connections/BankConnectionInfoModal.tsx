import {
  type BankConnectionDto,
  type BankConnectionState,
  bankConnectionBadge,
  bankConnectionState,
  bankErrorAction,
  formatDateFr,
  messages,
  todayInParis,
} from '@app/domain'
import { ActionIcon, Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core'
import { IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { toastError, toastSuccess } from '../../lib/toast'
import { formatInstantDateTime } from '../instant'
import { toastConnectFailure } from './BankSelectionModal'
import { useConnectBank, useSyncConnection } from './connectionQueries'

const m = messages.bankConnections
const SETTINGS_PATH = '/app/setting/financial'
const BADGE_COLOR: Record<BankConnectionState, string> = { ok: 'teal', error: 'red', archived: 'gray' }

/** What a bank connection is and how long it lasts, in the words the bank page uses (spec/money.md §2, §4, §9). */
export const connectionInfoTexts = {
  title: (count: number) => (count > 1 ? 'Tes connexions bancaires' : 'Ta connexion bancaire'),
  readOnly: (providers: string) =>
    `Carnet reçoit les transactions de tes comptes par ${providers}. Il les lit seulement : aucun paiement ni virement ne part de Carnet.`,
  duration:
    'Une connexion dure au plus 90 jours : ta banque demande ensuite que tu confirmes l’accès. Carnet te prévient une semaine avant, par e-mail.',
  validUntil: (date: string) => `Valable jusqu’au ${date}`,
  neverSynced: 'Pas encore synchronisée',
  syncedAt: (when: string) => `Dernière synchronisation le ${when}`,
  manage: 'Gérer mes connexions',
}
const t = connectionInfoTexts

/** "Bridge", "Bridge et Qonto": the providers of the connections, each once. */
const providersOf = (connections: readonly BankConnectionDto[]) => {
  const names = [...new Set(connections.map((connection) => connection.providerName))]
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} et ${names.at(-1)}` : (names[0] ?? 'ta banque')
}

/** One connection: its bank, badge, accounts, last sync, how long it still lasts, and its error with the way out. */
function ConnectionInfo({ connection }: { connection: BankConnectionDto }) {
  const sync = useSyncConnection()
  const connect = useConnectBank()
  const state = bankConnectionState(connection)
  const title = connection.bankName ?? connection.providerName
  const action = connection.statusCode !== 0 ? bankErrorAction(connection.statusCode, connection.statusCodeInfo) : null
  const reconnect = () =>
    connect.mutate(
      { provider: connection.provider, bankConnectionId: connection.id },
      { onError: (error) => toastConnectFailure(connection.providerName, error) },
    )
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{title}</Text>
          <Badge color={BADGE_COLOR[state]} variant="light" radius="sm" tt="none">
            {bankConnectionBadge[state]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          via {connection.providerName}
          {connection.journals.length > 0
            ? ` · ${connection.journals.map((journal) => `${journal.name} (${journal.code})`).join(' · ')}`
            : ''}
        </Text>
        <Text size="sm">
          {connection.lastSyncedAt ? t.syncedAt(formatInstantDateTime(connection.lastSyncedAt)) : t.neverSynced}
        </Text>
        {connection.needsRenewal ? (
          <Text size="sm" c="orange.8">
            {m.expired}
          </Text>
        ) : connection.expiresAt ? (
          <Text size="sm">{t.validUntil(formatDateFr(todayInParis(new Date(connection.expiresAt))))}</Text>
        ) : null}
        {action ? (
          <Stack gap={2}>
            <Text size="sm" c="red.8">
              Code {connection.statusCode} : {connection.statusCodeDescription ?? m.badgeError}
            </Text>
            {action.hasActionLink ? null : <Text size="sm">{m.contactSupport}</Text>}
          </Stack>
        ) : null}
        <Group gap="sm" mt={4}>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={sync.isPending}
            disabled={!connection.isActive || connection.needsRenewal}
            aria-label={`Synchroniser ${title}`}
            onClick={() =>
              sync.mutate(connection, {
                onSuccess: (result) => toastSuccess(m.synced(result.imported)),
                onError: () => toastError(),
              })
            }
          >
            Synchroniser
          </Button>
          {connection.needsRenewal && connection.isActive ? (
            <Button size="xs" onClick={reconnect} loading={connect.isPending}>
              Renouveler
            </Button>
          ) : action?.hasActionLink ? (
            <Button size="xs" onClick={reconnect} loading={connect.isPending}>
              {action.label}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  )
}

/**
 * The bank connection information modal (spec/money.md §2 "Bank-related screens", §4, §8, §9), opened from the bank
 * page: what a connection does (reads the transactions, pays nothing) and how long it lasts (90 days, then the bank
 * asks again), then each connection with its badge — OK, en erreur, archivée —, its accounts, its last sync, until
 * when it holds, its error (code and description, the action the error modal offers or 'Tu peux contacter le
 * support'), a sync button, and the way to the connections' settings.
 */
export function BankConnectionInfoModal({
  opened,
  connections,
  onClose,
}: {
  opened: boolean
  connections: readonly BankConnectionDto[]
  onClose: () => void
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t.title(connections.length)} centered radius="lg">
      <Stack gap="md">
        <Text size="sm">{t.readOnly(providersOf(connections))}</Text>
        <Text size="sm">{t.duration}</Text>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {connections.map((connection) => (
            <ConnectionInfo key={connection.id} connection={connection} />
          ))}
        </Stack>
        <Group justify="space-between" gap="sm">
          <Anchor component={Link} to={SETTINGS_PATH} size="sm" onClick={onClose}>
            {t.manage}
          </Anchor>
          <Button variant="default" onClick={onClose}>
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/**
 * The bank page's way to the information modal: shown once the organisation has a connection, red when one is in
 * error or needs renewing.
 */
export function ConnectionInfoButton({ connections }: { connections: readonly BankConnectionDto[] }) {
  const [opened, setOpened] = useState(false)
  if (connections.length === 0) return null
  const troubled = connections.some((connection) => connection.isActive && bankConnectionState(connection) === 'error')
  const label = t.title(connections.length)
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="default"
          size={36}
          color={troubled ? 'red' : undefined}
          aria-label={troubled ? `${label} (en erreur)` : label}
          onClick={() => setOpened(true)}
        >
          {troubled ? (
            <IconPlugConnectedX size={18} color="var(--mantine-color-red-7)" />
          ) : (
            <IconPlugConnected size={18} />
          )}
        </ActionIcon>
      </Tooltip>
      <BankConnectionInfoModal opened={opened} connections={connections} onClose={() => setOpened(false)} />
    </>
  )
}
