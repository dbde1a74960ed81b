import { messages, passwordChangeSchema } from '@app/domain'
import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { showServerErrors } from '../../components/formErrors'
import { SettingsSection } from '../../components/SettingsSection'
import { patch } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastSuccess } from '../../lib/toast'

type PasswordValues = { currentPassword: string; password: string; password_confirmation: string }

/** "Mot de passe": PATCH /me/password; a wrong current password comes back under its field. */
export function PasswordForm() {
  const form = useForm<PasswordValues>({
    initialValues: { currentPassword: '', password: '', password_confirmation: '' },
    validate: zodValidate(passwordChangeSchema),
  })

  const save = useMutation({
    mutationFn: (values: PasswordValues) => patch('/me/password', passwordChangeSchema.parse(values)),
    onSuccess: () => {
      form.reset()
      toastSuccess(messages.auth.passwordUpdated)
    },
    onError: (error) => showServerErrors(form, error),
  })

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <SettingsSection title="Changer de mot de passe" description="Au moins 8 caractères.">
        <Stack gap="md" maw={640}>
          <PasswordInput
            label="Mot de passe actuel"
            withAsterisk
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label="Nouveau mot de passe"
              withAsterisk
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirmation"
              withAsterisk
              autoComplete="new-password"
              {...form.getInputProps('password_confirmation')}
            />
          </SimpleGrid>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Mettre à jour le mot de passe
          </Button>
        </Group>
      </SettingsSection>
    </form>
  )
}
