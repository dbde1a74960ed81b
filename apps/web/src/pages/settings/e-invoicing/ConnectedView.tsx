import { type EInvoicingConnectionDto, eInvoicingMessages } from '@app/domain'
import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconPencil, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { toastRefusal, useDisconnect, useTestConnection } from '../../../components/e-invoicing/eInvoicingQueries'
import { parisDateTime } from '../../../components/e-invoicing/parisTime'
import { SettingsSection } from '../../../components/SettingsSection'
import { ApiError } from '../../../lib/api'
import { toastSuccess } from '../../../lib/toast'
import { ReceivingAddressSection } from './ReceivingAddressSection'
import { isTwoFactorMissing, TwoFactorCodeModal } from './TwoFactorCodeModal'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  )
}

/**
 * The organisation is connected: the PA's addresses, who connected it and when, the last check and the test, how
 * statuses come back, the receiving address, and the way to unlink (the owner's code again).
 */
export function ConnectedView({
  connection,
  readOnly,
  onEdit,
}: {
  connection: EInvoicingConnectionDto
  readOnly: boolean
  onEdit: () => void
}) {
  const test = useTestConnection()
  const disconnect = useDisconnect()
  const [unlinking, setUnlinking] = useState(false)
  const connectedAt = connection.connectedAt ? parisDateTime(connection.connectedAt) : null

  return (
    <Stack gap="lg">
      <SettingsSection
        title="Plateforme agréée"
        description={
          connectedAt
            ? `Reliée${connection.connectedBy ? ` par ${connection.connectedBy}` : ''} le ${connectedAt}.`
            : undefined
        }
        aside={
          <Badge color="teal" variant="light" size="lg">
            Reliée
          </Badge>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label="Service Flow">{connection.flowUrl}</Field>
          <Field label="Service Annuaire">{connection.directoryUrl}</Field>
          <Field label="Adresse des jetons">{connection.tokenUrl}</Field>
          <Field label="Identifiant client">{connection.clientId}</Field>
          {connection.platformOrganizationId ? (
            <Field label="Organization-Id">{connection.platformOrganizationId}</Field>
          ) : null}
          <Field label="Dernière vérification">
            {connection.lastCheckedAt ? parisDateTime(connection.lastCheckedAt) : 'Pas encore vérifiée'}
          </Field>
        </SimpleGrid>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: (message) => toastSuccess(message ?? eInvoicingMessages.connectionOk),
                onError: toastRefusal,
              })
            }
          >
            Tester la connexion
          </Button>
          {readOnly ? null : (
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
              Modifier les accès
            </Button>
          )}
        </Group>
      </SettingsSection>

      <SettingsSection title="Suivi des statuts">
        <Text size="sm">
          {connection.webhookActive
            ? 'Ta plateforme prévient Carnet dès que le statut d’une facture change (webhook).'
            : 'Carnet demande à ta plateforme les nouveaux statuts toutes les 5 minutes : ta plateforme ne le prévient pas elle-même.'}
        </Text>
      </SettingsSection>

      <ReceivingAddressSection connection={connection} readOnly={readOnly} />

      {readOnly ? null : (
        <SettingsSection
          title="Délier la plateforme"
          description="Tes factures ne partiront plus par la plateforme et Carnet ne recevra plus celles de tes fournisseurs. Les factures déjà échangées et leurs statuts restent dans Carnet."
        >
          <Group>
            <Button
              color="red"
              variant="light"
              leftSection={<IconPlugConnectedX size={16} aria-hidden />}
              onClick={() => {
                disconnect.reset()
                setUnlinking(true)
              }}
            >
              Délier la plateforme
            </Button>
          </Group>
        </SettingsSection>
      )}
      <TwoFactorCodeModal
        opened={unlinking}
        title="Délier la plateforme agréée ?"
        description="Confirme avec le code affiché par ton application d'authentification."
        confirmLabel="Délier"
        danger
        loading={disconnect.isPending}
        error={disconnect.error}
        onClose={() => setUnlinking(false)}
        onSubmit={(code) =>
          disconnect.mutate(code, {
            onSuccess: () => {
              setUnlinking(false)
              toastSuccess(eInvoicingMessages.disconnected)
            },
            onError: (error) => {
              // The code's refusal and the missing second factor are said in the modal itself.
              if (isTwoFactorMissing(error) || (error instanceof ApiError && error.fieldErrors.code)) return
              setUnlinking(false)
              toastRefusal(error)
            },
          })
        }
      />
    </Stack>
  )
}
