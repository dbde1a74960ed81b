import {
  type ItemResponse,
  loginSchema,
  type MeDto,
  messages,
  sessionMessages,
  type TwoFactorChallenge,
} from '@app/domain'
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core'
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

type Values = { username: string; password: string }

/** The message shown above the form: wrong credentials, too many attempts, or anything that is not a field error. */
function loginErrorMessage(error: unknown): string {
  // Decision 0041: the account waits a delay, which the server's message says, with the way out (the e-mailed code).
  if (isAccountLocked(error)) return error.message
  if (error instanceof ApiError && error.status === 429 && error.body.code !== 'RATE_LIMITED')
    return messages.auth.tooManyAttempts
  return formErrorMessage(error)
}

const isAccountLocked = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 429 && error.body.code === 'ACCOUNT_LOCKED'

export function LoginPage() {
  const [searchParams] = useSearchParams()
  const redirect = safeRedirect(searchParams.get('redirect'))
  const goOn = useGoOnSignedIn(redirect)
  const navigate = useNavigate()
  const [formError, setFormError] = useState<string | null>(null)
  const [locked, setLocked] = useState(false)

  const form = useForm<Values>({
    initialValues: { username: searchParams.get('email') ?? '', password: '' },
    validate: zodValidate(loginSchema),
  })

  const login = useMutation({
    mutationFn: (values: Values) =>
      post<ItemResponse<MeDto | TwoFactorChallenge>>('/auth/login', loginSchema.parse(values)),
    onMutate: () => {
      setFormError(null)
      setLocked(false)
    },
    // The second factor on: the password was right, the code comes next (TwoFactorLoginPage).
    onSuccess: ({ data }) =>
      'twoFactorRequired' in data ? navigate(`/auth/two-factor${redirectQuery(redirect)}`) : goOn(data),
    onError: (error) => {
      setLocked(isAccountLocked(error))
      showServerErrors(form, error, (other) => setFormError(loginErrorMessage(other)))
    },
  })
  const unlockQuery = new URLSearchParams({ email: form.values.username, ...(redirect ? { redirect } : {}) })

  return (
    <AuthLayout
      title="Connexion"
      description="Content de te revoir ! Connecte-toi pour retrouver ton activité."
      footer={
        <>
          Pas encore de compte ?{' '}
          <Anchor component={Link} to={`/auth/register${redirectQuery(redirect)}`} fw={600}>
            Créer un compte
          </Anchor>
        </>
      }
    >
      <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          {locked ? (
            <Anchor component={Link} to={`/auth/unlock?${unlockQuery.toString()}`} size="sm" fw={600}>
              {sessionMessages.unlockLink}
            </Anchor>
          ) : null}
          <TextInput
            label="Adresse email"
            type="email"
            autoComplete="username"
            inputMode="email"
            withAsterisk
            data-autofocus
            autoFocus
            {...form.getInputProps('username')}
          />
          <Stack gap={6}>
            <PasswordInput
              label="Mot de passe"
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/auth/forgot-password" size="sm">
                Mot de passe oublié ?
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            Se connecter
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  )
}
