import { type BankProviderCode, type BankProviderDto, messages } from '@app/domain'
import { Alert, Button, Checkbox, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core'
import { IconBuildingBank, IconFileImport } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ApiError } from '../../lib/api'
import { toastWithTitle } from '../../lib/toast'
import { ErrorState } from '../ErrorState'
import { useBankProviders, useConnectBank } from './connectionQueries'

const m = messages.bankConnections

/** Where a statement file is imported, when no bank connection is offered. */
export const IMPORT_PATH = '/app/financial/bank/import'

/** 'Erreur lors de la connexion à Bridge' (spec/money.md §8) and the server's message under it. */
export function toastConnectFailure(providerName: string, error: unknown) {
  toastWithTitle({
    title: m.connectFailed(providerName),
    message: error instanceof ApiError ? error.message : messages.generic.error,
    color: 'red',
  })
}

/** The invitation to import a statement when this server offers no bank connection. */
export function NoProviderInvitation() {
  return (
    <Alert variant="light" color="gray" icon={<IconFileImport size={18} />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{m.noProvider}</Text>
        <Button component={Link} to={IMPORT_PATH} size="xs" variant="default">
          Importer un relevé
        </Button>
      </Stack>
    </Alert>
  )
}

const choiceLabel = (provider: BankProviderDto) =>
  provider.kind === 'neobank' ? `Je suis client·e de ${provider.name}` : 'Une autre banque'

const choiceDescription = (provider: BankProviderDto) =>
  provider.kind === 'neobank'
    ? `Connexion directe à ${provider.name}, sans intermédiaire.`
    : `Plus de 350 banques, par l’intermédiaire de ${provider.name}.`

/**
 * The bank selection modal (spec/money.md §2 "Bank-related screens"): the user is a client of the neobank (direct
 * connection) or picks another bank through the aggregator (over 350 banks). Only the providers this server is
 * configured for are offered; with none, an invitation to import a statement. The acknowledgement box must be ticked
 * before going on to the provider's page.
 */
export function BankSelectionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const providers = useBankProviders()
  const connect = useConnectBank()
  const [picked, setPicked] = useState<BankProviderCode | null>(null)
  const [acknowledged, setAcknowledged] = useState(false)
  // The neobank first: its clients connect directly.
  const offered = [...(providers.data ?? [])].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'neobank' ? -1 : 1))
  const choice = picked ?? (offered.length === 1 ? (offered[0]?.provider ?? null) : null)
  const close = () => {
    setPicked(null)
    setAcknowledged(false)
    onClose()
  }
  const go = () => {
    const provider = offered.find((one) => one.provider === choice)
    if (!provider) return
    connect.mutate({ provider: provider.provider }, { onError: (error) => toastConnectFailure(provider.name, error) })
  }

  return (
    <Modal opened={opened} onClose={close} title="Connecter une banque" centered radius="lg">
      {providers.isPending ? (
        <Skeleton height={120} aria-busy="true" aria-label="Chargement" />
      ) : providers.isError ? (
        <ErrorState onRetry={() => providers.refetch()} />
      ) : offered.length === 0 ? (
        <NoProviderInvitation />
      ) : (
        <Stack gap="md">
          <Radio.Group
            value={choice}
            onChange={(value) => setPicked(value as BankProviderCode)}
            label="Où est ton compte ?"
          >
            <Stack gap="xs" mt="xs">
              {offered.map((provider) => (
                <Radio.Card key={provider.provider} value={provider.provider} radius="md" p="md">
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <Stack gap={2}>
                      <Group gap={6}>
                        <IconBuildingBank size={16} />
                        <Text fw={600}>{choiceLabel(provider)}</Text>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {choiceDescription(provider)}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <Checkbox
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.currentTarget.checked)}
            label={m.acknowledgement}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Annuler
            </Button>
            <Button onClick={go} disabled={!choice || !acknowledged} loading={connect.isPending}>
              Continuer
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
