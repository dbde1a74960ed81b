import { type PasswordCode, passwordCodeSchema } from '@app/domain'
import { Anchor, Button, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconArrowLeft } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { showServerErrors } from '../../components/formErrors'
import { post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { AuthLayout } from './AuthLayout'

export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const form = useForm<PasswordCode>({
    initialValues: { email: searchParams.get('email') ?? '' },
    validate: zodValidate(passwordCodeSchema),
  })

  const sendCode = useMutation({
    mutationFn: async (values: PasswordCode) => {
      const body = passwordCodeSchema.parse(values)
      await post('/auth/password/code', body)
      return body.email
    },
    onSuccess: (email) => navigate(`/auth/verify-token?email=${encodeURIComponent(email)}`),
    onError: (error) => showServerErrors(form, error),
  })

  return (
    <AuthLayout
      title="Mot de passe oublié ?"
      description="Pas de panique. Indique ton adresse email : nous t'envoyons un code à 6 chiffres pour choisir un nouveau mot de passe."
      footer={
        <Anchor component={Link} to="/auth/login" size="sm" fw={600}>
          <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
          Retour à la connexion
        </Anchor>
      }
    >
      <form onSubmit={form.onSubmit((values) => sendCode.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label="Adresse email"
            type="email"
            inputMode="email"
            autoComplete="email"
            withAsterisk
            autoFocus
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" fullWidth loading={sendCode.isPending}>
            Recevoir un code
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  )
}
