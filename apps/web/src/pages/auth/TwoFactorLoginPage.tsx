import { type ItemResponse, type MeDto, twoFactorCodeSchema } from '@app/domain'
import { Anchor, Button, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { redirectQuery, safeRedirect } from '../../app/redirect'
import { useGoOnSignedIn } from '../../app/session'
import { FormAlert } from '../../components/FormAlert'
import { formErrorMessage, showServerErrors } from '../../components/formErrors'
import { ApiError, post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { AuthLayout } from './AuthLayout'

/** The codes that mean the pending sign-in is over: back to the password. */
const RESTART = new Set(['UNAUTHENTICATED', 'TWO_FACTOR_RESTART'])

/**
 * /auth/two-factor: the second step of the sign-in, after a right password (the server keeps the pending sign-in
 * in a 5-minute cookie). The 6-digit code of the app, or one of the recovery codes.
 */
export function TwoFactorLoginPage() {
  const [searchParams] = useSearchParams()
  const redirect = safeRedirect(searchParams.get('redirect'))
  const goOn = useGoOnSignedIn(redirect)
  const navigate = useNavigate()
  const [recovery, setRecovery] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [expired, setExpired] = useState(false)
  const form = useForm({ initialValues: { code: '' }, validate: zodValidate(twoFactorCodeSchema) })

  const verify = useMutation({
    mutationFn: (values: { code: string }) =>
      post<ItemResponse<MeDto>>('/auth/login/two-factor', twoFactorCodeSchema.parse(values)),
    onMutate: () => setFormError(null),
    onSuccess: ({ data }) => goOn(data),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401 && RESTART.has(error.body.code)) setExpired(true)
      showServerErrors(form, error, (other) => setFormError(formErrorMessage(other)))
    },
  })

  const restart = `/auth/login${redirectQuery(redirect)}`
  return (
    <AuthLayout
      title="Code de vérification"
      description={
        recovery
          ? 'Saisis un de tes codes de récupération. Chacun ne sert qu’une fois.'
          : 'Ouvre ton application d’authentification et saisis le code à 6 chiffres affiché pour Carnet.'
      }
      footer={
        <Anchor component={Link} to={restart} fw={600}>
          Revenir à la connexion
        </Anchor>
      }
    >
      <form onSubmit={form.onSubmit((values) => verify.mutate(values))} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          {expired ? (
            <Button variant="light" onClick={() => navigate(restart, { replace: true })}>
              Se reconnecter
            </Button>
          ) : (
            <>
              <TextInput
                key={recovery ? 'recovery' : 'totp'}
                label={recovery ? 'Code de récupération' : 'Code à 6 chiffres'}
                placeholder={recovery ? 'abcde-fgh23' : '123456'}
                autoComplete="one-time-code"
                inputMode={recovery ? 'text' : 'numeric'}
                maxLength={recovery ? 20 : 6}
                withAsterisk
                data-autofocus
                autoFocus
                {...form.getInputProps('code')}
              />
              <Button type="submit" size="md" fullWidth loading={verify.isPending}>
                Vérifier
              </Button>
              <Anchor
                component="button"
                type="button"
                size="sm"
                ta="center"
                onClick={() => {
                  setRecovery((value) => !value)
                  form.reset()
                }}
              >
                {recovery ? 'Utiliser le code de mon application' : 'Utiliser un code de récupération'}
              </Anchor>
            </>
          )}
        </Stack>
      </form>
    </AuthLayout>
  )
}
