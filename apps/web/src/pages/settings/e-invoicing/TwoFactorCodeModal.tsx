import { eInvoicingMessages, twoFactorCodeSchema } from '@app/domain'
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { ApiError } from '../../../lib/api'
import { zodValidate } from '../../../lib/form'

export const TWO_FACTOR_PAGE = '/app/profile?tab=double-authentification'
export const codeLabel = 'Code de ton application d’authentification'

/** The owner has no second factor yet: the server refuses with this code, and the profile is where to turn it on. */
export const isTwoFactorMissing = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.body.code === 'TWO_FACTOR_NOT_ENABLED'

export function TwoFactorNeeded() {
  return (
    <Alert color="orange" variant="light" title="Double authentification nécessaire">
      <Text size="sm">
        {eInvoicingMessages.twoFactorNeeded}{' '}
        <Anchor component={Link} to={TWO_FACTOR_PAGE} size="sm">
          Activer la double authentification
        </Anchor>
      </Text>
    </Alert>
  )
}

/**
 * Asks the owner for a code of their authenticator app (or a recovery code) before a change of the PA's connection:
 * a stolen session alone cannot send the organisation's invoices elsewhere. `error`: the last refusal, shown here
 * when it is about the code or the missing second factor.
 */
export function TwoFactorCodeModal({
  opened,
  title,
  description,
  confirmLabel,
  danger = false,
  loading,
  error,
  onClose,
  onSubmit,
}: {
  opened: boolean
  title: string
  description: string
  confirmLabel: string
  danger?: boolean
  loading: boolean
  error: unknown
  onClose: () => void
  onSubmit: (code: string) => void
}) {
  const form = useForm({ initialValues: { code: '' }, validate: zodValidate(twoFactorCodeSchema) })
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening starts with an empty code.
  useEffect(() => {
    if (opened) form.reset()
  }, [opened])
  const codeError = error instanceof ApiError ? error.fieldErrors.code : undefined
  useEffect(() => {
    if (codeError) form.setFieldError('code', codeError)
  }, [codeError, form.setFieldError])

  return (
    <Modal opened={opened} onClose={loading ? () => {} : onClose} title={title} centered radius="lg">
      <form onSubmit={form.onSubmit((values) => onSubmit(twoFactorCodeSchema.parse(values).code))} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          {isTwoFactorMissing(error) ? <TwoFactorNeeded /> : null}
          <TextInput
            label={codeLabel}
            description="Les 6 chiffres affichés pour Carnet, ou un de tes codes de récupération."
            autoComplete="one-time-code"
            inputMode="numeric"
            withAsterisk
            data-autofocus
            {...form.getInputProps('code')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Annuler
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
