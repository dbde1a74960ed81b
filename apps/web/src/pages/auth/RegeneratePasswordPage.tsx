import { type ItemResponse, type MeDto, messages, passwordResetSchema, type TwoFactorChallenge } from '@app/domain'
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconArrowLeft } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useGoOnSignedIn } from '../../app/session'
import { FormAlert } from '../../components/FormAlert'
import { formErrorMessage } from '../../components/formErrors'
import { ApiError, post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastSuccess } from '../../lib/toast'
import { AuthLayout, MissingEmailPage } from './AuthLayout'

type Values = { email: string; token: string; password: string; password_confirmation: string }

/** Step three of the password reset: a new password, then the user is signed in. */
export function RegeneratePasswordPage() {
  const [searchParams] = useSearchParams()
  const email = searchParams.get('email')?.trim() ?? ''
  const token = searchParams.get('token')?.trim() ?? ''
  const goOn = useGoOnSignedIn(null)
  const navigate = useNavigate()
  const [formError, setFormError] = useState<string | null>(null)

  const form = useForm<Values>({
    initialValues: { email, token, password: '', password_confirmation: '' },
    validate: zodValidate(passwordResetSchema),
    validateInputOnBlur: ['password_confirmation'],
  })

  const reset = useMutation({
    mutationFn: (values: Values) =>
      post<ItemResponse<MeDto | TwoFactorChallenge>>('/auth/password/reset', passwordResetSchema.parse(values)),
    onMutate: () => setFormError(null),
    onSuccess: ({ data }) => {
      toastSuccess(messages.auth.passwordUpdated)
      // With the second factor on, the new password still leads to the code step.
      if ('twoFactorRequired' in data) navigate('/auth/two-factor', { replace: true })
      else goOn(data)
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return setFormError(messages.generic.error)
      const { password, password_confirmation, ...others } = error.fieldErrors
      const fieldErrors = Object.fromEntries(
        Object.entries({ password, password_confirmation }).filter(([, message]) => message),
      )
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors)
      // An expired token or an unknown e-mail cannot be fixed in this form: say so above it.
      const other = others.token ?? others.email
      if (other) setFormError(other)
      else if (Object.keys(fieldErrors).length === 0) setFormError(formErrorMessage(error))
    },
  })

  const back = (
    <Anchor component={Link} to="/auth/forgot-password" size="sm" fw={600}>
      <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
      Recommencer
    </Anchor>
  )

  if (!email || !token) return <MissingEmailPage title="Nouveau mot de passe" footer={back} />

  return (
    <AuthLayout
      title="Choisis un nouveau mot de passe"
      description={
        <>
          Pour le compte <strong>{email}</strong>. Tu seras connecté·e directement ensuite.
        </>
      }
      footer={back}
    >
      <form onSubmit={form.onSubmit((values) => reset.mutate(values))} noValidate>
        <Stack gap="md">
          <FormAlert message={formError}>
            {' '}
            <Anchor component={Link} to={`/auth/forgot-password?email=${encodeURIComponent(email)}`} inherit>
              Demander un nouveau code
            </Anchor>
          </FormAlert>
          <PasswordInput
            label="Nouveau mot de passe"
            description="8 caractères minimum"
            autoComplete="new-password"
            withAsterisk
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirmation du mot de passe"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            Enregistrer mon mot de passe
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  )
}
