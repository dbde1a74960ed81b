import {
  type TwoFactorEnrolment as Enrolment,
  type ItemResponse,
  type RecoveryCodes,
  twoFactorConfirmSchema,
} from '@app/domain'
import { Box, Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { showServerErrors } from '../../components/formErrors'
import { post } from '../../lib/api'
import { zodValidate } from '../../lib/form'

/** The seed in groups of four, easier to type from the screen into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

/** Scan (or type) the seed, then prove it with the first code: the answer carries the recovery codes. */
export function TwoFactorEnrolment(props: {
  enrolment: Enrolment
  onConfirmed: (codes: string[]) => void
  onCancel: () => void
}) {
  const form = useForm({ initialValues: { code: '' }, validate: zodValidate(twoFactorConfirmSchema) })
  const confirm = useMutation({
    mutationFn: async (values: { code: string }) =>
      (await post<ItemResponse<RecoveryCodes>>('/me/two-factor/confirmation', twoFactorConfirmSchema.parse(values)))
        .data.recoveryCodes,
    onSuccess: props.onConfirmed,
    onError: (error) => showServerErrors(form, error),
  })

  return (
    <form onSubmit={form.onSubmit((values) => confirm.mutate(values))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          1. Dans ton application d’authentification (Google Authenticator, Aegis, 1Password…), scanne ce QR code.
        </Text>
        <Box bg="white" p="xs" w={200} style={{ borderRadius: 8 }}>
          <Image src={props.enrolment.qrCode} alt="QR code à scanner avec ton application" w={180} h={180} />
        </Box>
        <Stack gap={4}>
          <Text size="sm">Ou saisis cette clé à la main :</Text>
          <Code fz="md" style={{ wordBreak: 'break-all' }} data-testid="two-factor-secret">
            {grouped(props.enrolment.secret)}
          </Code>
        </Stack>
        <TextInput
          label="2. Code à 6 chiffres affiché par l’application"
          placeholder="123456"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          withAsterisk
          maw={260}
          {...form.getInputProps('code')}
        />
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending}>
            Activer
          </Button>
          <Button variant="default" onClick={props.onCancel}>
            Annuler
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
