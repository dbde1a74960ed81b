import { eInvoicingMessages, type ItemResponse, type TwoFactorStatus } from '@app/domain'
import { Alert, Center, List, Loader, Stack, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useMe } from '../../../app/session'
import { ErrorState } from '../../../components/ErrorState'
import { useConnection } from '../../../components/e-invoicing/eInvoicingQueries'
import { SettingsSection } from '../../../components/SettingsSection'
import { get } from '../../../lib/api'
import { ConnectedView } from './ConnectedView'
import { ConnectionForm } from './ConnectionForm'
import { IncomingFlowsSection } from './IncomingFlowsSection'
import { TwoFactorNeeded } from './TwoFactorCodeModal'

/** Why and what, for someone who is not an accountant: the law's dates, then what to ask the platform for. */
function Explanation() {
  return (
    <SettingsSection
      title="Pourquoi relier une plateforme agréée ?"
      description="La facture électronique devient obligatoire entre entreprises en France. Elle passe par une plateforme agréée par l'administration fiscale (une « PA »), que tu choisis."
    >
      <Stack gap="sm">
        <List size="sm" spacing="xs">
          <List.Item>
            <strong>Depuis le 1er septembre 2026</strong>, toute entreprise doit pouvoir recevoir les factures de ses
            fournisseurs par sa plateforme agréée.
          </List.Item>
          <List.Item>
            <strong>À partir du 1er septembre 2027</strong>, les petites entreprises et les micro-entreprises doivent
            aussi émettre leurs factures par elle.
          </List.Item>
        </List>
        <Text size="sm">
          Une fois la plateforme reliée, tes factures validées partent par elle vers tes clients qui sont dans
          l'annuaire ; les autres (particuliers, clients à l'étranger) partent par e-mail comme avant. Les factures de
          tes fournisseurs arrivent dans tes justificatifs, et tu suis chaque statut : reçue, approuvée, refusée, payée…
        </Text>
        <Text size="sm">
          <strong>Ce qu'il te faut :</strong> dans ton espace sur la plateforme, crée un accès API (norme AFNOR XP
          Z12-013). Elle te donne l'adresse de son service Flow, celle de son service Annuaire, l'adresse de ses jetons,
          un identifiant client et un secret client. Garde aussi ton application d'authentification à portée de main :
          un code te sera demandé.
        </Text>
      </Stack>
    </SettingsSection>
  )
}

/** Whether the owner can confirm with a code at all; asked only for the owner, who alone may connect. */
function useOwnTwoFactor(isOwner: boolean) {
  return useQuery({
    queryKey: ['me', 'two-factor'],
    queryFn: async () => (await get<ItemResponse<TwoFactorStatus>>('/me/two-factor')).data,
    enabled: isOwner,
  })
}

/**
 * /app/setting/e-invoicing: the organisation's plateforme agréée (decision 0043). The owner connects it (with their
 * second factor), chooses the receiving address and unlinks it; anyone else sees how it stands. Once connected, the
 * flows the PA sent follow, the failed ones with their reason.
 */
export function EInvoicingPage() {
  const me = useMe()
  const isOwner = me.data?.currentOrganization?.isOwner === true
  const connection = useConnection()
  const twoFactor = useOwnTwoFactor(isOwner)
  const [editing, setEditing] = useState(false)

  if (connection.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  if (connection.isError) return <ErrorState onRetry={() => connection.refetch()} />
  const data = connection.data
  const readOnlyNotice = isOwner ? null : (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
      {eInvoicingMessages.ownerOnly}
    </Alert>
  )

  if (data.connected && !editing)
    return (
      <Stack gap="lg">
        {readOnlyNotice}
        <ConnectedView connection={data} readOnly={!isOwner} onEdit={() => setEditing(true)} />
        <IncomingFlowsSection />
      </Stack>
    )
  return (
    <Stack gap="lg">
      {data.connected ? null : <Explanation />}
      {readOnlyNotice}
      {isOwner && twoFactor.data?.enabled === false ? <TwoFactorNeeded /> : null}
      {isOwner ? (
        <ConnectionForm connection={data} onCancel={data.connected ? () => setEditing(false) : undefined} />
      ) : (
        <SettingsSection title="Plateforme agréée">
          <Text size="sm" c="dimmed">
            Aucune plateforme agréée n'est reliée pour le moment.
          </Text>
        </SettingsSection>
      )}
    </Stack>
  )
}
