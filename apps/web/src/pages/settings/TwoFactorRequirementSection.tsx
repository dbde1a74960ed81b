import { type ItemResponse, type TwoFactorRequirement, type TwoFactorStatus, twoFactorMessages } from '@app/domain'
import { Anchor, Loader, Stack, Switch, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useMe } from '../../app/session'
import { ErrorState } from '../../components/ErrorState'
import { SettingsSection } from '../../components/SettingsSection'
import { get, patch } from '../../lib/api'
import { toastError, toastSuccess } from '../../lib/toast'

const requirementKey = ['organization', 'two-factor'] as const

/**
 * « Exiger la double authentification »: owner only, and only once the owner's own is on (else the switch says
 * where to turn it on). Members without it then meet a 403 TWO_FACTOR_REQUIRED and are sent to their profile.
 */
export function TwoFactorRequirementSection() {
  const client = useQueryClient()
  const me = useMe()
  const isOwner = me.data?.organizations.find((org) => org.id === me.data?.currentOrganizationId)?.roleCode === 'owner'
  const requirement = useQuery({
    queryKey: requirementKey,
    queryFn: async () => (await get<ItemResponse<TwoFactorRequirement>>('/organization/two-factor')).data,
  })
  const own = useQuery({
    queryKey: ['me', 'two-factor'],
    queryFn: async () => (await get<ItemResponse<TwoFactorStatus>>('/me/two-factor')).data,
    enabled: isOwner,
  })
  const save = useMutation({
    mutationFn: async (required: boolean) =>
      (await patch<ItemResponse<TwoFactorRequirement>>('/organization/two-factor', { required })).data,
    onSuccess: (data) => {
      client.setQueryData(requirementKey, data)
      toastSuccess(
        data.required
          ? 'La double authentification est maintenant exigée de tous les membres.'
          : "La double authentification n'est plus exigée.",
      )
    },
    onError: (error) => toastError(error),
  })

  const ownOff = isOwner && own.data?.enabled === false
  return (
    <SettingsSection
      title="Exiger la double authentification"
      description="Chaque membre devra activer un code à 6 chiffres, en plus de son mot de passe, pour travailler dans l'entreprise."
    >
      {requirement.isPending ? (
        <Loader size="sm" aria-label="Chargement" />
      ) : requirement.isError ? (
        <ErrorState onRetry={() => requirement.refetch()} />
      ) : (
        <Stack gap="xs">
          <Switch
            label="Exiger la double authentification de tous les membres"
            checked={requirement.data.required}
            disabled={!isOwner || save.isPending || (ownOff && !requirement.data.required)}
            onChange={(event) => save.mutate(event.currentTarget.checked)}
          />
          {!isOwner ? (
            <Text size="sm" c="dimmed">
              {twoFactorMessages.ownerOnly}
            </Text>
          ) : ownOff && !requirement.data.required ? (
            <Text size="sm" c="dimmed">
              {twoFactorMessages.requireNeedsOwnTwoFactor}{' '}
              <Anchor component={Link} to="/app/profile?tab=double-authentification">
                Activer la mienne
              </Anchor>
            </Text>
          ) : null}
        </Stack>
      )}
    </SettingsSection>
  )
}
