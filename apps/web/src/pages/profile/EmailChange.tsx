import { emailChangeConfirmSchema, type ItemResponse, type MeDto, messages } from '@app/domain'
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconMailForward } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useSetMe } from '../../app/session'
import { EmailedCodeInput } from '../../components/EmailedCodeInput'
import { showServerErrors } from '../../components/formErrors'
import { post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastSuccess } from '../../lib/toast'

/**
 * Changing the e-mail asks for the current password; the server then sends a code to the new address, and the
 * change waits for that code (PATCH /me → pendingEmail, then POST /me/email/confirm).
 */
export function EmailPasswordModal({
  newEmail,
  opened,
  loading,
  error,
  onSubmit,
  onClose,
}: {
  newEmail: string
  opened: boolean
  loading: boolean
  /** The server's message under the field (wrong password), if any. */
  error: string | null
  onSubmit: (currentPassword: string) => void
  onClose: () => void
}) {
  const form = useForm({
    initialValues: { currentPassword: '' },
    validate: { currentPassword: (value) => (value ? null : messages.auth.currentPasswordRequired) },
  })
  const close = () => {
    if (loading) return
    form.reset()
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title="Changer d'adresse email" radius="lg" centered>
      <form
        onSubmit={form.onSubmit((values) => {
          onSubmit(values.currentPassword)
          form.reset()
        })}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            Pour utiliser <strong>{newEmail}</strong>, saisis ton mot de passe actuel. Nous enverrons un code à cette
            nouvelle adresse pour la confirmer.
          </Text>
          <PasswordInput
            label="Mot de passe actuel"
            withAsterisk
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('currentPassword')}
            error={form.errors.currentPassword ?? error ?? undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={loading}>
              Annuler
            </Button>
            <Button type="submit" loading={loading}>
              Recevoir le code
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/** The e-mail change waiting for its code: "Saisis le code envoyé à …", then Confirmer. */
export function PendingEmailCode({ me }: { me: MeDto }) {
  const setMe = useSetMe()
  const form = useForm({ initialValues: { code: '' }, validate: zodValidate(emailChangeConfirmSchema) })
  const confirm = useMutation({
    mutationFn: async (values: { code: string }) =>
      (await post<ItemResponse<MeDto>>('/me/email/confirm', emailChangeConfirmSchema.parse(values))).data,
    onSuccess: (updated) => {
      form.reset()
      setMe(updated)
      toastSuccess(messages.account.emailChanged)
    },
    onError: (error) => {
      form.setFieldValue('code', '')
      showServerErrors(form, error)
    },
  })
  if (!me.pendingEmail) return null
  return (
    <Alert
      color="teal"
      variant="light"
      radius="md"
      icon={<IconMailForward size={20} />}
      title="Confirme ta nouvelle adresse"
    >
      <form onSubmit={form.onSubmit((values) => confirm.mutate(values))} noValidate>
        <Stack gap="sm">
          <Text size="sm">{messages.account.emailChangeCodeSent(me.pendingEmail)}</Text>
          <EmailedCodeInput form={form} label="Code reçu à la nouvelle adresse" />
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              Ton adresse actuelle reste {me.email} jusqu'à la confirmation. Pas de code ? Enregistre de nouveau la
              nouvelle adresse pour en recevoir un autre.
            </Text>
            <Button type="submit" loading={confirm.isPending}>
              Confirmer
            </Button>
          </Group>
        </Stack>
      </form>
    </Alert>
  )
}
