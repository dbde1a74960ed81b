import { type BankConnectionDto, messages } from '@app/domain'
import { Button } from '@mantine/core'
import { IconPlugConnected, IconPlus } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { toastError, toastSuccess, toastWithTitle } from '../../lib/toast'
import { ConfirmModal } from '../ConfirmModal'
import { EmptyBlock } from '../EmptyBlock'
import { ItemList, QueryList } from '../ItemList'
import { SettingsSection } from '../SettingsSection'
import { BankErrorModal } from './BankErrorModal'
import { BankSelectionModal, NoProviderInvitation, toastConnectFailure } from './BankSelectionModal'
import { ConnectionCard } from './ConnectionCard'
import {
  useBankConnections,
  useBankProviders,
  useConnectBank,
  useDeleteConnection,
  useSyncConnection,
  useToggleConnection,
} from './connectionQueries'

const m = messages.bankConnections
const PROVIDER_NAMES: Record<string, string> = { bridge: 'Bridge', qonto: 'Qonto' }

/** Why the return from the provider's page did not connect (GET /bank-connections/callback's `reason`). */
const FAILURES: Record<string, string> = {
  UNKNOWN_STATE: m.callbackUnknown,
  CANCELLED: m.callbackCancelled,
  REFUSED: m.providerRefused,
  UNAVAILABLE: m.providerUnavailable,
}

/**
 * The browser is back from the provider's page (the callback redirected here with the outcome): a toast says how it
 * went — 'Erreur lors de la connexion à Bridge' and why, when it failed — and the outcome leaves the address.
 */
function useCallbackOutcome() {
  const [searchParams, setSearchParams] = useSearchParams()
  const shown = useRef(false)
  const outcome = searchParams.get('bankConnection')
  useEffect(() => {
    if (!outcome || shown.current) return
    shown.current = true
    if (outcome === 'connected') toastSuccess(m.connected)
    else
      toastWithTitle({
        title: m.connectFailed(PROVIDER_NAMES[searchParams.get('provider') ?? ''] ?? 'ta banque'),
        message: FAILURES[searchParams.get('reason') ?? ''] ?? messages.generic.error,
        color: 'red',
      })
    const rest = new URLSearchParams(searchParams)
    for (const key of ['bankConnection', 'bankConnectionId', 'reason', 'provider']) rest.delete(key)
    setSearchParams(rest, { replace: true })
  }, [outcome, searchParams, setSearchParams])
}

/**
 * "Connexions bancaires" on the bank accounts settings (spec/money.md §2, §4, §8): each connection with its badge,
 * sync button, active switch and deletion; the bank selection modal to add one; the error modal; with no provider
 * configured on this server, an invitation to import a statement file instead.
 */
export function BankConnectionsSection() {
  const connections = useBankConnections()
  const providers = useBankProviders()
  const sync = useSyncConnection()
  const toggle = useToggleConnection()
  const remove = useDeleteConnection()
  const renew = useConnectBank()
  const [selecting, setSelecting] = useState(false)
  const [deleting, setDeleting] = useState<BankConnectionDto | null>(null)
  const [inError, setInError] = useState<BankConnectionDto | null>(null)
  useCallbackOutcome()
  const hasProvider = (providers.data?.length ?? 0) > 0

  return (
    <SettingsSection
      id="bank-connections"
      title={m.title}
      description="Carnet récupère les transactions de tes comptes connectés : synchronise-les quand tu veux."
      aside={
        hasProvider ? (
          <Button
            leftSection={<IconPlus size={16} />}
            variant="light"
            style={{ flexShrink: 0 }}
            onClick={() => setSelecting(true)}
          >
            Connecter une banque
          </Button>
        ) : null
      }
    >
      {providers.data && !hasProvider ? <NoProviderInvitation /> : null}
      <QueryList
        query={connections}
        skeletonHeight={88}
        skeletons={1}
        empty={
          hasProvider ? (
            <EmptyBlock
              icon={<IconPlugConnected size={22} />}
              title="Aucune banque connectée"
              description="Connecte ta banque : ses transactions arriveront d’elles-mêmes."
            />
          ) : null
        }
      >
        {(list) => (
          <ItemList>
            {list.map((connection) => (
              <ConnectionCard
                key={connection.id}
                connection={connection}
                syncing={sync.isPending && sync.variables?.id === connection.id}
                renewing={renew.isPending && renew.variables?.bankConnectionId === connection.id}
                onSync={() =>
                  sync.mutate(connection, {
                    onSuccess: (result) => toastSuccess(m.synced(result.imported)),
                    onError: () => toastError(),
                  })
                }
                onToggle={() => toggle.mutate(connection)}
                onDelete={() => setDeleting(connection)}
                onShowError={() => setInError(connection)}
                onRenew={() =>
                  renew.mutate(
                    { provider: connection.provider, bankConnectionId: connection.id },
                    { onError: (error) => toastConnectFailure(connection.providerName, error) },
                  )
                }
              />
            ))}
          </ItemList>
        )}
      </QueryList>

      <BankSelectionModal opened={selecting} onClose={() => setSelecting(false)} />
      <BankErrorModal connection={inError} onClose={() => setInError(null)} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              toastSuccess()
              setDeleting(null)
            },
            onError: (error) => {
              toastError(error)
              setDeleting(null)
            },
          })
        }
      />
    </SettingsSection>
  )
}
