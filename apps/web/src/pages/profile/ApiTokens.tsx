import {
  type ApiTokenDto,
  apiTokenCreateWithCodeSchema,
  type ItemResponse,
  messages,
  type TwoFactorStatus,
} from '@app/domain'
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ConfirmModal } from '../../components/ConfirmModal'
import { EmptyBlock } from '../../components/EmptyBlock'
import { showServerErrors } from '../../components/formErrors'
import { ItemList, ItemRow, QueryList, RemoveButton } from '../../components/ItemList'
import { formatInstantDate } from '../../components/instant'
import { SettingsSection } from '../../components/SettingsSection'
import { del, get, post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastError, toastSuccess } from '../../lib/toast'
import { twoFactorQueryKey } from './TwoFactorSection'

const tokensQueryKey = ['me', 'tokens'] as const
/** The copy toast lasts 3 s, like the spec's "Lien copié dans le presse-papier" (spec/account.md §8). */
const COPY_TOAST_MS = 3000

/** "Jetons d'API": personal tokens for scripts (Authorization: Bearer …); a new token is shown once. */
export function ApiTokens() {
  const client = useQueryClient()
  const [created, setCreated] = useState<ApiTokenDto | null>(null)
  // The token stays set while the dialog closes, so its title does not flash empty.
  const [toRevoke, setToRevoke] = useState<ApiTokenDto | null>(null)
  const [revokeOpened, setRevokeOpened] = useState(false)
  const tokens = useQuery({
    queryKey: tokensQueryKey,
    queryFn: async () => (await get<{ data: ApiTokenDto[] }>('/me/tokens')).data,
  })

  // With the second factor on, a new token needs a code (the token is the script's second factor from then on).
  const twoFactor = useQuery({
    queryKey: twoFactorQueryKey,
    queryFn: async () => (await get<ItemResponse<TwoFactorStatus>>('/me/two-factor')).data,
  })
  const needsCode = twoFactor.data?.enabled === true
  const form = useForm({ initialValues: { name: '', code: '' }, validate: zodValidate(apiTokenCreateWithCodeSchema) })
  const create = useMutation({
    mutationFn: async ({ name, code }: { name: string; code: string }) =>
      (
        await post<ItemResponse<ApiTokenDto>>(
          '/me/tokens',
          apiTokenCreateWithCodeSchema.parse(needsCode || code ? { name, code } : { name }),
        )
      ).data,
    onSuccess: (token) => {
      setCreated(token)
      form.reset()
      client.invalidateQueries({ queryKey: tokensQueryKey })
    },
    onError: (error) => showServerErrors(form, error),
  })

  const revoke = useMutation({
    mutationFn: (token: ApiTokenDto) => del(`/me/tokens/${token.id}`),
    onSuccess: (_data, token) => {
      setRevokeOpened(false)
      if (created?.id === token.id) setCreated(null)
      client.invalidateQueries({ queryKey: tokensQueryKey })
      toastSuccess(messages.account.tokenRevoked)
    },
    onError: (error) => {
      setRevokeOpened(false)
      toastError(error)
    },
  })

  return (
    <Stack gap="lg">
      <SettingsSection
        title="Créer un jeton"
        description={
          <>
            Un jeton permet à un script ou à un outil d'accéder à ton compte par l'API, avec l'en-tête{' '}
            <Code>Authorization: Bearer …</Code>. Garde-le secret.
          </>
        }
      >
        <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Nom du jeton"
              placeholder="Ex. : Export vers mon tableur"
              withAsterisk
              style={{ flex: '1 1 240px' }}
              {...form.getInputProps('name')}
            />
            {needsCode ? (
              <TextInput
                label="Code de double authentification"
                placeholder="123456"
                autoComplete="one-time-code"
                withAsterisk
                style={{ flex: '0 1 200px' }}
                {...form.getInputProps('code')}
              />
            ) : null}
            <Button
              type="submit"
              leftSection={<IconPlus size={16} />}
              loading={create.isPending}
              mt={{ base: 0, xs: 25 }}
            >
              Créer le jeton
            </Button>
          </Group>
        </form>

        {created?.token ? (
          <Alert color="teal" variant="light" radius="md" icon={<IconKey size={20} />} title="Ton nouveau jeton">
            <Stack gap="sm">
              <Text size="sm">Copie-le maintenant : tu ne pourras plus le voir ensuite.</Text>
              <Group gap="xs" wrap="nowrap">
                <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="new-token">
                  {created.token}
                </Code>
                <CopyButton value={created.token} timeout={COPY_TOAST_MS}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copié' : 'Copier'}>
                      <ActionIcon
                        size="lg"
                        variant="light"
                        color={copied ? 'teal' : 'gray'}
                        aria-label="Copier le jeton"
                        onClick={() => {
                          copy()
                          toastSuccess(messages.account.tokenCopied, COPY_TOAST_MS)
                        }}
                      >
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Group justify="flex-end">
                <Button size="xs" variant="subtle" onClick={() => setCreated(null)}>
                  J'ai copié mon jeton
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </SettingsSection>

      <SettingsSection title="Mes jetons">
        <QueryList query={tokens} empty={<EmptyBlock icon={<IconKey size={22} />} title={messages.account.noToken} />}>
          {(list) => (
            <ItemList>
              {list.map((token) => (
                <ItemRow
                  key={token.id}
                  action={
                    <RemoveButton
                      tooltip="Révoquer"
                      label={`Révoquer le jeton ${token.name}`}
                      onClick={() => {
                        setToRevoke(token)
                        setRevokeOpened(true)
                      }}
                    />
                  }
                >
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500} truncate>
                      {token.name}
                    </Text>
                    <Code>••••{token.lastFour}</Code>
                  </Group>
                  <Text size="xs" c="dimmed">
                    Créé le {formatInstantDate(token.createdAt)} ·{' '}
                    {token.lastUsedAt ? `utilisé le ${formatInstantDate(token.lastUsedAt)}` : 'jamais utilisé'}
                  </Text>
                </ItemRow>
              ))}
            </ItemList>
          )}
        </QueryList>
      </SettingsSection>

      <ConfirmModal
        opened={revokeOpened}
        onClose={() => setRevokeOpened(false)}
        onConfirm={() => toRevoke && revoke.mutate(toRevoke)}
        loading={revoke.isPending}
        title={`Révoquer le jeton « ${toRevoke?.name ?? ''} » ?`}
        message={`Les outils qui l'utilisent perdront l'accès. ${messages.generic.irreversible}`}
        confirmLabel="Révoquer"
      />
    </Stack>
  )
}
