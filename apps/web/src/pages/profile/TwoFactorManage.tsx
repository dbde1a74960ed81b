import { type ItemResponse, type RecoveryCodes, twoFactorCodeSchema, twoFactorDisableSchema } from '@app/domain'
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { showServerErrors } from '../../components/formErrors'
import { post } from '../../lib/api'
import { zodValidate } from '../../lib/form'

const codeLabel = 'Code de ton application ou code de récupération'

/** New recovery codes: the old ones stop working. Needs a code. */
export function RegenerateRecoveryCodes(props: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  const form = useForm({ initialValues: { code: '' }, validate: zodValidate(twoFactorCodeSchema) })
  const regenerate = useMutation({
    mutationFn: async (values: { code: string }) =>
      (await post<ItemResponse<RecoveryCodes>>('/me/two-factor/recovery-codes', twoFactorCodeSchema.parse(values))).data
        .recoveryCodes,
    onSuccess: props.onDone,
    onError: (error) => showServerErrors(form, error),
  })
  return (
    <form onSubmit={form.onSubmit((values) => regenerate.mutate(values))} noValidate>
      <Stack gap="md" maw={420}>
        <TextInput label={codeLabel} autoComplete="one-time-code" withAsterisk {...form.getInputProps('code')} />
        <Group gap="sm">
          <Button type="submit" loading={regenerate.isPending}>
            Générer de nouveaux codes
          </Button>
          <Button variant="default" onClick={props.onCancel}>
            Annuler
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** Turning it off asks for the password AND a code: a stolen session alone cannot. */
export function DisableTwoFactor(props: { onDone: () => void; onCancel: () => void }) {
  const form = useForm({ initialValues: { password: '', code: '' }, validate: zodValidate(twoFactorDisableSchema) })
  const disable = useMutation({
    mutationFn: (values: { password: string; code: string }) =>
      post('/me/two-factor/deactivation', twoFactorDisableSchema.parse(values)),
    onSuccess: props.onDone,
    onError: (error) => showServerErrors(form, error),
  })
  return (
    <form onSubmit={form.onSubmit((values) => disable.mutate(values))} noValidate>
      <Stack gap="md" maw={420}>
        <PasswordInput
          label="Mot de passe"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <TextInput label={codeLabel} autoComplete="one-time-code" withAsterisk {...form.getInputProps('code')} />
        <Group gap="sm">
          <Button type="submit" color="red" loading={disable.isPending}>
            Désactiver
          </Button>
          <Button variant="default" onClick={props.onCancel}>
            Annuler
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
