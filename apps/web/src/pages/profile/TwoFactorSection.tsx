import {
  type TwoFactorEnrolment as Enrolment,
  type ItemResponse,
  type TwoFactorStatus,
  twoFactorMessages,
} from '@app/domain'
import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { IconShieldCheck } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ErrorState } from '../../components/ErrorState'
import { formatInstantDate } from '../../components/instant'
import { SettingsSection } from '../../components/SettingsSection'
import { get, post } from '../../lib/api'
import { toastError, toastSuccess } from '../../lib/toast'
import { TwoFactorEnrolment } from './TwoFactorEnrolment'
import { DisableTwoFactor, RegenerateRecoveryCodes } from './TwoFactorManage'
import { TwoFactorRecoveryCodes } from './TwoFactorRecoveryCodes'

export const twoFactorQueryKey = ['me', 'two-factor'] as const

type Step =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: Enrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerating' }
  | { kind: 'disabling' }

/**
 * « Double authentification » in the profile: enrol an authenticator app (QR code or typed key, confirmed by a code),
 * keep the recovery codes, make new ones, turn it off. `required`: the organisation requires it (the web app sent
 * the member here after a 403 TWO_FACTOR_REQUIRED).
 */
export function TwoFactorSection({ required = false }: { required?: boolean }) {
  const client = useQueryClient()
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const status = useQuery({
    queryKey: twoFactorQueryKey,
    queryFn: async () => (await get<ItemResponse<TwoFactorStatus>>('/me/two-factor')).data,
  })
  const refresh = () => client.invalidateQueries({ queryKey: twoFactorQueryKey })
  const start = useMutation({
    mutationFn: async () => (await post<ItemResponse<Enrolment>>('/me/two-factor/enrolment')).data,
    onSuccess: (enrolment) => setStep({ kind: 'enrolling', enrolment }),
    onError: (error) => toastError(error),
  })

  const body = () => {
    if (status.isPending) return <Loader size="sm" aria-label="Chargement" />
    if (status.isError) return <ErrorState onRetry={() => status.refetch()} />
    if (step.kind === 'codes')
      return (
        <TwoFactorRecoveryCodes
          codes={step.codes}
          onDone={() => {
            setStep({ kind: 'idle' })
            refresh()
          }}
        />
      )
    if (step.kind === 'enrolling')
      return (
        <TwoFactorEnrolment
          enrolment={step.enrolment}
          onConfirmed={(codes) => {
            toastSuccess('La double authentification est activée.')
            setStep({ kind: 'codes', codes })
            refresh()
          }}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      )
    if (step.kind === 'regenerating')
      return (
        <RegenerateRecoveryCodes
          onDone={(codes) => setStep({ kind: 'codes', codes })}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      )
    if (step.kind === 'disabling')
      return (
        <DisableTwoFactor
          onDone={() => {
            toastSuccess('La double authentification est désactivée.')
            setStep({ kind: 'idle' })
            refresh()
          }}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      )
    const { enabled, enabledAt, recoveryCodesLeft } = status.data
    if (!enabled)
      return (
        <Group>
          <Button leftSection={<IconShieldCheck size={16} />} loading={start.isPending} onClick={() => start.mutate()}>
            Activer la double authentification
          </Button>
        </Group>
      )
    return (
      <Stack gap="md">
        <Group gap="sm">
          <Badge color="teal" variant="light">
            Activée
          </Badge>
          {enabledAt ? <Text size="sm">depuis le {formatInstantDate(enabledAt)}</Text> : null}
        </Group>
        <Text size="sm" c={recoveryCodesLeft <= 2 ? 'red' : undefined}>
          {recoveryCodesLeft} code{recoveryCodesLeft > 1 ? 's' : ''} de récupération restant
          {recoveryCodesLeft > 1 ? 's' : ''}.
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button variant="default" onClick={() => setStep({ kind: 'regenerating' })}>
            Nouveaux codes de récupération
          </Button>
          <Button variant="light" color="red" onClick={() => setStep({ kind: 'disabling' })}>
            Désactiver
          </Button>
        </Group>
      </Stack>
    )
  }

  return (
    <SettingsSection
      id="double-authentification"
      title={twoFactorMessages.title}
      description="À la connexion, en plus du mot de passe, un code à 6 chiffres de ton application d’authentification."
    >
      <Stack gap="md">
        {required && !status.data?.enabled ? (
          <Alert color="orange" title="Ton entreprise l’exige">
            {twoFactorMessages.required}
          </Alert>
        ) : null}
        {body()}
      </Stack>
    </SettingsSection>
  )
}
