import { type ItemResponse, type MeDto, sessionMessages, type TwoFactorChallenge, unlockSchema } from '@app/domain'
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { redirectQuery, safeRedirect } from '../../app/redirect'
import { useGoOnSignedIn } from '../../app/session'
import { FormAlert } from '../../components/FormAlert'
import { formErrorMessage, showServerErrors } from '../../components/formErrors'
import { post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { AuthLayout } from './AuthLayout'

type Values = { email: string; code: string; password: string }

/**
 * /auth/unlock: after too many wrong passwords the account waits a delay; its owner signs in at once with the code
 * e-mailed to them and their password (decision 0041). The e-mail's link fills the address.
 */
export function UnlockPage() {
  const [searchParams] = useSearchParams()
  const redirect = safeRedirect(searchParams.get('redirect'))
  const goOn = useGoOnSignedIn(redirect)
  const navigate = useNavigate()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<Values>({
    initialValues: { email: searchParams.get('email') ?? '', code: '', password: '' },
    validate: zodValidate(unlockSchema),
  })

  const unlock = useMutation({
    mutationFn: (values: Values) =>
      post<ItemResponse<MeDto | TwoFactorChallenge>>('/auth/unlock', unlockSchema.parse(values)),
    onMutate: () => setFormError(null),
    onSuccess: ({ data }) =>
      'twoFactorRequired' in data ? navigate(`/auth/two-factor${redirectQuery(redirect)}`) : goOn(data),
    onError: (error) => showServerErrors(form, error, (other) => setFormError(formErrorMessage(other))),
  })

  return (
    <AuthLayout
      title={sessionMessages.unlockTitle}
      description={sessionMessages.unlockIntro}
      footer={
        <Anchor component={Link} to={`/auth/login${redirectQuery(redirect)}`} fw={600}>
          Retour à la connexion
        </Anchor>
      }
    >
      <form onSubmit={form.onSubmit((values) => unlock.mutate(values))} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            label="Adresse email"
            type="email"
            autoComplete="username"
            inputMode="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <TextInput
            label={sessionMessages.unlockCodeLabel}
            placeholder="123456"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            withAsterisk
            data-autofocus
            autoFocus
            {...form.getInputProps('code')}
          />
          <PasswordInput
            label="Mot de passe"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Button type="submit" size="md" fullWidth loading={unlock.isPending}>
            {sessionMessages.unlockAction}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  )
}
