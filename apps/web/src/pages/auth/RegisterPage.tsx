import { type ItemResponse, type MeDto, messages, type RegisterInput, registerSchema } from '@app/domain'
import { Anchor, Button, Checkbox, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { redirectQuery, safeRedirect } from '../../app/redirect'
import { useGoOnSignedIn } from '../../app/session'
import { FormAlert } from '../../components/FormAlert'
import { formErrorMessage, showServerErrors } from '../../components/formErrors'
import { get, post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastSuccess } from '../../lib/toast'
import { AuthLayout } from './AuthLayout'

type Values = Required<
  Pick<RegisterInput, 'firstname' | 'lastname' | 'email' | 'password' | 'passwordConfirmation'>
> & {
  cgu: boolean
}

/** The account-created toast lasts 10 s (spec/account.md §9). */
const ACCOUNT_CREATED_TOAST_MS = 10_000

export function RegisterPage() {
  const [searchParams] = useSearchParams()
  const redirect = safeRedirect(searchParams.get('redirect'))
  const goOn = useGoOnSignedIn(redirect)
  const [formError, setFormError] = useState<string | null>(null)

  const form = useForm<Values>({
    initialValues: {
      firstname: '',
      lastname: '',
      email: searchParams.get('email') ?? '',
      password: '',
      passwordConfirmation: '',
      // The terms box is ticked by default (spec/account.md §5).
      cgu: true,
    },
    validate: zodValidate(registerSchema),
    validateInputOnBlur: true,
  })

  const register = useMutation({
    mutationFn: async (values: Values) => {
      await post<ItemResponse<{ id: number }>>('/auth/register', registerSchema.parse(values))
      // Sign-up signs in: the session is what the next step needs.
      return (await get<ItemResponse<MeDto>>('/me')).data
    },
    onMutate: () => setFormError(null),
    onSuccess: (me) => {
      toastSuccess(messages.auth.accountCreated, ACCOUNT_CREATED_TOAST_MS)
      goOn(me)
    },
    onError: (error) => showServerErrors(form, error, (other) => setFormError(formErrorMessage(other))),
  })

  return (
    <AuthLayout
      size="md"
      eyebrow="Étape 1 sur 2"
      title="Crée ton compte"
      description="Quelques informations pour commencer. Ensuite, tu nous parleras de ton entreprise."
      footer={
        <>
          Déjà un compte ?{' '}
          <Anchor component={Link} to={`/auth/login${redirectQuery(redirect)}`} fw={600}>
            Se connecter
          </Anchor>
        </>
      }
    >
      <form onSubmit={form.onSubmit((values) => register.mutate(values))} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Prénom"
              autoComplete="given-name"
              withAsterisk
              autoFocus
              {...form.getInputProps('firstname')}
            />
            <TextInput label="Nom" autoComplete="family-name" withAsterisk {...form.getInputProps('lastname')} />
          </SimpleGrid>
          <TextInput
            label="Adresse email"
            type="email"
            inputMode="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <PasswordInput
              label="Mot de passe"
              description="8 caractères minimum"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirmation"
              description="Saisis-le une seconde fois"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('passwordConfirmation')}
            />
          </SimpleGrid>
          <Checkbox
            label={
              <>
                J'accepte les{' '}
                <Anchor href="/cgu" target="_blank" rel="noopener" inherit>
                  conditions générales d'utilisation
                </Anchor>
              </>
            }
            {...form.getInputProps('cgu', { type: 'checkbox' })}
          />
          <Button type="submit" size="md" fullWidth loading={register.isPending} mt="xs">
            Créer mon compte
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  )
}
