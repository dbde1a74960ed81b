import { type BankConnectionDto, messages, needsRenewal } from '@app/domain'
import { Anchor, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconBuildingBank, IconPlugConnectedX } from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useMe } from '../../app/session'
import { BankSelectionModal } from './BankSelectionModal'
import { useBankConnections, useConnectBank } from './connectionQueries'

const m = messages.bankConnections

/** The bank list reached without connecting a bank (spec/money.md §2). */
export const BYPASS_PATH = '/app/financial/bank?bypass=true'
const SETTINGS_PATH = '/app/setting/financial'

export const DISCONNECTED_PATH = '/app/oups/disconnected-bank'

/**
 * Where the bank list sends the user instead (unless reached with ?bypass=true): the disconnected-bank screen when an
 * active connection is past its 90 days; null otherwise.
 */
export function blockingBankScreen(connections: readonly BankConnectionDto[], now: Date): string | null {
  return connections.some((connection) => connection.isActive && needsRenewal(connection.expiresAt, now))
    ? DISCONNECTED_PATH
    : null
}

/** The frame of both screens: an icon, a title, what to know, the owner's action or the contact-the-owner text, the bypass. */
function BankScreen({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode
  title: string
  text: string
  action: ReactNode
}) {
  const isOwner = useMe().data?.currentOrganization?.isOwner ?? false
  return (
    <Center py={{ base: 'lg', sm: 60 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={520} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text c="dimmed">{text}</Text>
          {isOwner ? action : <Text fw={500}>{m.contactOwner}</Text>}
          <Anchor component={Link} to={BYPASS_PATH} size="sm">
            Voir mes transactions sans connecter de banque
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  )
}

/** /app/oups/bank-first-connexion: the invitation to connect a bank; C'est parti opens the bank selection. */
export function FirstConnectionPage() {
  const [selecting, setSelecting] = useState(false)
  return (
    <>
      <BankScreen
        icon={<IconBuildingBank size={30} />}
        title="Connecte ta banque"
        text="Tes transactions arrivent d’elles-mêmes dans Carnet : tu n’as plus qu’à les catégoriser et à y joindre tes justificatifs."
        action={
          <Button size="md" onClick={() => setSelecting(true)}>
            {m.letsGo}
          </Button>
        }
      />
      <BankSelectionModal opened={selecting} onClose={() => setSelecting(false)} />
    </>
  )
}

/**
 * /app/oups/disconnected-bank: a connection lasts at most 90 days. C'est parti goes to the provider's page returned by
 * the connect call for the connection to renew, else to the bank accounts settings.
 */
export function DisconnectedBankPage() {
  const connections = useBankConnections()
  const connect = useConnectBank()
  const navigate = useNavigate()
  const expired = connections.data?.find(
    (connection) => connection.isActive && needsRenewal(connection.expiresAt, new Date()),
  )
  const renew = () => {
    if (!expired) return navigate(SETTINGS_PATH)
    connect.mutate(
      { provider: expired.provider, bankConnectionId: expired.id },
      { onError: () => navigate(SETTINGS_PATH) },
    )
  }
  return (
    <BankScreen
      icon={<IconPlugConnectedX size={30} />}
      title="Ta banque est déconnectée"
      text="Une connexion bancaire dure au plus 90 jours : ta banque demande alors que tu confirmes l’accès. Renouvelle-la pour que tes transactions continuent d’arriver."
      action={
        <Button size="md" onClick={renew} loading={connect.isPending || connections.isPending}>
          {m.letsGo}
        </Button>
      }
    />
  )
}
