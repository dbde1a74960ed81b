import { type ItemResponse, type MeDto, messages, profileUpdateSchema } from '@app/domain'
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconDeviceMobile, IconPhone } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useSetMe } from '../../app/session'
import { showServerErrors } from '../../components/formErrors'
import { LeaveGuard } from '../../components/LeaveGuard'
import { SettingsSection } from '../../components/SettingsSection'
import { ApiError, patch } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastSuccess } from '../../lib/toast'
import { EmailPasswordModal, PendingEmailCode } from './EmailChange'

type ProfileValues = {
  firstname: string
  lastname: string
  email: string
  position: string
  phoneMobile: string
  phoneOffice: string
}

const valuesFromMe = (me: MeDto): ProfileValues => ({
  firstname: me.firstname,
  lastname: me.lastname,
  email: me.email,
  position: me.position ?? '',
  phoneMobile: me.phoneMobile ?? '',
  phoneOffice: me.phoneOffice ?? '',
})

/**
 * "Mon profil": identity, position and phones (PATCH /me). A new e-mail first asks for the current password, then
 * waits for the code sent to the new address (EmailChange.tsx).
 */
export function ProfileForm({ me }: { me: MeDto }) {
  const setMe = useSetMe()
  const form = useForm<ProfileValues>({
    initialValues: valuesFromMe(me),
    validate: zodValidate(profileUpdateSchema),
  })
  // The values waiting for the current password (an e-mail change), and the server's answer about that password.
  const [awaitingPassword, setAwaitingPassword] = useState<ProfileValues | null>(null)
  const [passwordError, setPasswordError] = useState<string | null>(null)

  const save = useMutation({
    mutationFn: async ({ values, currentPassword }: { values: ProfileValues; currentPassword?: string }) =>
      (
        await patch<ItemResponse<MeDto>>('/me', {
          ...profileUpdateSchema.parse(values),
          ...(currentPassword ? { currentPassword } : {}),
        })
      ).data,
    onSuccess: (updated, { currentPassword }) => {
      setAwaitingPassword(null)
      setMe(updated)
      const next = valuesFromMe(updated)
      form.setInitialValues(next)
      form.setValues(next)
      form.resetDirty(next)
      toastSuccess(
        currentPassword && updated.pendingEmail
          ? messages.account.emailChangeCodeSent(updated.pendingEmail)
          : undefined,
      )
    },
    onError: (error) => {
      const wrongPassword = error instanceof ApiError ? error.fieldErrors.currentPassword : undefined
      if (wrongPassword) {
        setPasswordError(wrongPassword)
        return
      }
      setAwaitingPassword(null)
      showServerErrors(form, error)
    },
  })

  const submit = (values: ProfileValues) => {
    if (values.email.trim().toLowerCase() === me.email.toLowerCase()) return save.mutate({ values })
    setPasswordError(null)
    setAwaitingPassword(values)
  }

  const dirty = form.isDirty()
  return (
    <Stack gap="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <SettingsSection title="Mes informations" description="Ton nom apparaît dans la signature de tes e-mails.">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Prénom" withAsterisk autoComplete="given-name" {...form.getInputProps('firstname')} />
            <TextInput label="Nom" withAsterisk autoComplete="family-name" {...form.getInputProps('lastname')} />
            <TextInput label="E-mail" withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
            <TextInput
              label="Fonction"
              placeholder="Gérante, Président…"
              autoComplete="organization-title"
              {...form.getInputProps('position')}
            />
            <TextInput
              label="Téléphone mobile"
              type="tel"
              autoComplete="tel"
              placeholder="06 12 34 56 78"
              leftSection={<IconDeviceMobile size={16} />}
              {...form.getInputProps('phoneMobile')}
            />
            <TextInput
              label="Téléphone fixe"
              type="tel"
              placeholder="04 67 00 00 00"
              leftSection={<IconPhone size={16} />}
              {...form.getInputProps('phoneOffice')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!dirty && !save.isPending}>
              Enregistrer
            </Button>
          </Group>
        </SettingsSection>
        <LeaveGuard when={dirty && !save.isPending} />
      </form>
      <PendingEmailCode me={me} />
      <EmailPasswordModal
        newEmail={awaitingPassword?.email.trim().toLowerCase() ?? ''}
        opened={awaitingPassword !== null}
        loading={save.isPending}
        error={passwordError}
        onSubmit={(currentPassword) => awaitingPassword && save.mutate({ values: awaitingPassword, currentPassword })}
        onClose={() => setAwaitingPassword(null)}
      />
    </Stack>
  )
}
