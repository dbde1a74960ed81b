import { type BankConnectionDto, bankErrorAction, messages } from '@app/domain'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { toastConnectFailure } from './BankSelectionModal'
import { useConnectBank } from './connectionQueries'

const m = messages.bankConnections

/**
 * The bank error modal of spec/money.md §8: the connection's statusCode and statusCodeDescription; then, when the code
 * and its info call for it (bankErrorAction in the domain), the action — labelled 'Mettre à jour', 'Synchroniser',
 * 'Valider' or 'Corriger' by code — which takes the user back to the provider's page for this connection; otherwise
 * 'Tu peux contacter le support'.
 */
export function BankErrorModal({ connection, onClose }: { connection: BankConnectionDto | null; onClose: () => void }) {
  const connect = useConnectBank()
  const action = connection ? bankErrorAction(connection.statusCode, connection.statusCodeInfo) : null
  return (
    <Modal
      opened={connection !== null}
      onClose={onClose}
      title={connection ? `Connexion ${connection.bankName ?? connection.providerName} en erreur` : ''}
      centered
      radius="lg"
    >
      {connection && action ? (
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Code {connection.statusCode}
            </Text>
            <Text>{connection.statusCodeDescription ?? m.badgeError}</Text>
          </Stack>
          {action.hasActionLink ? null : <Text size="sm">{m.contactSupport}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Fermer
            </Button>
            {action.hasActionLink ? (
              <Button
                loading={connect.isPending}
                onClick={() =>
                  connect.mutate(
                    { provider: connection.provider, bankConnectionId: connection.id },
                    { onError: (error) => toastConnectFailure(connection.providerName, error) },
                  )
                }
              >
                {action.label}
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
