import { type InvitationPreviewDto, type ItemResponse, type MeDto, messages } from '@app/domain'
import { Alert, Avatar, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconAlertCircle, IconBuilding, IconMailOff } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useMe, useSetMe } from '../../app/session'
import { ErrorState } from '../../components/ErrorState'
import { FormAlert } from '../../components/FormAlert'
import { formErrorMessage } from '../../components/formErrors'
import { ApiError, get, post } from '../../lib/api'
import { toastError } from '../../lib/toast'
import { AuthLayout } from './AuthLayout'

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('')

function InvitationSummary({ invitation }: { invitation: InvitationPreviewDto }) {
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
      <Group wrap="nowrap" gap="md" align="flex-start">
        <Avatar color="teal" radius="md" size="lg">
          {initials(invitation.organizationName) || <IconBuilding size={22} />}
        </Avatar>
        <Stack gap={4} miw={0}>
          <Text fw={600} truncate>
            {invitation.organizationName}
          </Text>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              Rôle :
            </Text>
            <Badge variant="light" radius="sm">
              {invitation.role.label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Invitation envoyée à {invitation.email}
          </Text>
        </Stack>
      </Group>
    </Paper>
  )
}

/** /auth/invitation?token=…: what the invitee sees, whether signed in (with the right address or not) or not. */
export function AcceptInvitationPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  const navigate = useNavigate()
  const client = useQueryClient()
  const me = useMe()
  const setMe = useSetMe()
  const [acceptError, setAcceptError] = useState<string | null>(null)

  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: async () =>
      (await get<ItemResponse<InvitationPreviewDto>>(`/invitations/${encodeURIComponent(token)}`)).data,
    enabled: token !== '',
  })

  const accept = useMutation({
    mutationFn: () => post<ItemResponse<MeDto>>('/invitations/accept', { token }),
    onMutate: () => setAcceptError(null),
    onSuccess: ({ data }) => {
      // Every cached query belonged to the previous organisation.
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' })
      setMe(data)
      navigate('/app', { replace: true })
    },
    onError: (error) => setAcceptError(formErrorMessage(error)),
  })

  const logout = useMutation({
    mutationFn: () => post('/auth/logout'),
    onSuccess: () => setMe(null),
    onError: (error) => toastError(error),
  })

  const here = `/auth/invitation?token=${encodeURIComponent(token)}`

  const invalid = (
    <AuthLayout title="Invitation introuvable">
      <Stack gap="md" align="center" ta="center">
        <IconMailOff size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
        <Text>{messages.organization.invitationInvalid}</Text>
        <Text size="sm" c="dimmed">
          Demande à la personne qui t'a invité·e de t'envoyer une nouvelle invitation.
        </Text>
        <Button component={Link} to={me.data ? '/app' : '/auth/login'} variant="light" fullWidth>
          {me.data ? 'Aller à mon tableau de bord' : 'Se connecter'}
        </Button>
      </Stack>
    </AuthLayout>
  )

  if (!token) return invalid
  if (invitation.isPending || me.isPending) {
    return (
      <AuthLayout title="Invitation">
        <Center py="lg">
          <Loader aria-label="Chargement" />
        </Center>
      </AuthLayout>
    )
  }
  if (invitation.isError) {
    if (invitation.error instanceof ApiError && invitation.error.status === 404) return invalid
    return (
      <AuthLayout title="Invitation">
        <ErrorState onRetry={() => invitation.refetch()} />
      </AuthLayout>
    )
  }

  const data = invitation.data
  const user = me.data ?? null
  const title = `Rejoins ${data.organizationName} sur Carnet`
  const description = data.invitedBy
    ? `${data.invitedBy} t'invite à collaborer sur la facturation et la comptabilité de l'entreprise.`
    : "Tu es invité·e à collaborer sur la facturation et la comptabilité de l'entreprise."

  if (!user) {
    const redirect = encodeURIComponent(here)
    return (
      <AuthLayout title={title} description={description}>
        <Stack gap="lg">
          <InvitationSummary invitation={data} />
          <Text size="sm" c="dimmed">
            Connecte-toi avec l'adresse {data.email}, ou crée ton compte avec elle, pour accepter l'invitation.
          </Text>
          <Stack gap="sm">
            <Button
              component={Link}
              to={`/auth/login?redirect=${redirect}&email=${encodeURIComponent(data.email)}`}
              size="md"
            >
              Se connecter
            </Button>
            <Button
              component={Link}
              to={`/auth/register?email=${encodeURIComponent(data.email)}&redirect=${redirect}`}
              size="md"
              variant="default"
            >
              Créer un compte
            </Button>
          </Stack>
        </Stack>
      </AuthLayout>
    )
  }

  if (user.email.toLowerCase() !== data.email.toLowerCase()) {
    return (
      <AuthLayout title={title} description={description}>
        <Stack gap="lg">
          <InvitationSummary invitation={data} />
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} title="Ce n'est pas le bon compte">
            Cette invitation a été envoyée à <strong>{data.email}</strong>, mais tu es connecté·e avec{' '}
            <strong>{user.email}</strong>. Déconnecte-toi, puis connecte-toi ou crée ton compte avec la bonne adresse.
          </Alert>
          <Stack gap="sm">
            <Button size="md" onClick={() => logout.mutate()} loading={logout.isPending}>
              Me déconnecter
            </Button>
            <Button component={Link} to="/app" size="md" variant="default">
              Retour à mon tableau de bord
            </Button>
          </Stack>
        </Stack>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title={title} description={description}>
      <Stack gap="lg">
        <InvitationSummary invitation={data} />
        <FormAlert message={acceptError} />
        <Button size="md" onClick={() => accept.mutate()} loading={accept.isPending} autoFocus>
          Accepter l'invitation
        </Button>
      </Stack>
    </AuthLayout>
  )
}
