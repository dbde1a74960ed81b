import {
  bicIsValid,
  formatIban,
  type ItemResponse,
  ibanIsValid,
  messages,
  type PaymentModeBody,
  type PaymentModeDto,
} from '@app/domain'
import { Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ErrorState } from '../../components/ErrorState'
import { showServerErrors } from '../../components/formErrors'
import { SettingsSection } from '../../components/SettingsSection'
import { ApiError, get, patch } from '../../lib/api'
import { toastError, toastSuccess } from '../../lib/toast'

export const paymentModesQueryKey = ['payment-modes'] as const

const m = messages.settingsAppearance

/** Card payments online come with the payment provider (a later issue): the switch is shown, greyed out. */
const UNAVAILABLE = new Set(['STRIPE'])

const DESCRIPTIONS: Partial<Record<PaymentModeDto['code'], string>> = {
  TRANSFERT: 'Ton IBAN et ton BIC sont imprimés sur tes factures.',
  STRIPE: 'Bientôt disponible.',
}

function usePaymentModes() {
  return useQuery({
    queryKey: paymentModesQueryKey,
    queryFn: async () => (await get<{ data: PaymentModeDto[] }>('/settings/payment-modes')).data,
  })
}

function useSavePaymentMode() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: PaymentModeBody }) =>
      (await patch<ItemResponse<PaymentModeDto>>(`/settings/payment-modes/${id}`, body)).data,
    onSuccess: (updated) => {
      client.setQueryData<PaymentModeDto[]>(paymentModesQueryKey, (list) =>
        list?.map((mode) => (mode.id === updated.id ? updated : mode)),
      )
    },
  })
}

/** "Moyens de paiement" of the sales settings: a switch per mode, the bank details of the transfer. */
export function PaymentModesSection({ onDirtyChange }: { onDirtyChange?: (dirty: boolean) => void } = {}) {
  const modes = usePaymentModes()
  const save = useSavePaymentMode()

  return (
    <SettingsSection
      id="payment-modes"
      title="Moyens de paiement"
      description="Les moyens de paiement proposés à tes clients, imprimés sur tes factures."
    >
      {modes.isPending ? (
        <Skeleton height={220} radius="md" />
      ) : modes.isError ? (
        <ErrorState onRetry={() => modes.refetch()} />
      ) : (
        <Stack gap="sm">
          {modes.data.map((mode) => (
            <Paper key={mode.id} withBorder radius="md" p="md">
              <Stack gap="md">
                <Switch
                  label={mode.name}
                  description={DESCRIPTIONS[mode.code]}
                  checked={mode.isActive}
                  disabled={UNAVAILABLE.has(mode.code) && !mode.isActive}
                  onChange={(event) => {
                    const isActive = event.currentTarget.checked
                    save.mutate(
                      { id: mode.id, body: { isActive } },
                      {
                        onSuccess: () => toastSuccess(),
                        // A refused switch says why (the transfer without an IBAN): its field message in the toast.
                        onError: (error) =>
                          toastError(
                            error,
                            error instanceof ApiError
                              ? (Object.values(error.fieldErrors)[0] ?? error.message)
                              : undefined,
                          ),
                      },
                    )
                  }}
                />
                {mode.code === 'TRANSFERT' ? <BankDetailsForm mode={mode} onDirtyChange={onDirtyChange} /> : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </SettingsSection>
  )
}

type BankValues = { iban: string; bic: string; accountName: string }

const bankValues = (mode: PaymentModeDto): BankValues => ({
  iban: mode.iban ? formatIban(mode.iban) : '',
  bic: mode.bic ?? '',
  accountName: mode.accountName ?? '',
})

const ibanError = (value: string) => (value.trim() && !ibanIsValid(value) ? m.ibanInvalid : null)
const bicError = (value: string) => (value.trim() && !bicIsValid(value) ? m.bicInvalid : null)

/** The transfer's IBAN (checked as typed, shown grouped by 4), BIC and account holder, saved with their own button. */
function BankDetailsForm({ mode, onDirtyChange }: { mode: PaymentModeDto; onDirtyChange?: (dirty: boolean) => void }) {
  const save = useSavePaymentMode()
  const form = useForm<BankValues>({
    initialValues: bankValues(mode),
    validate: { iban: ibanError, bic: bicError },
    validateInputOnBlur: true,
  })
  const iban = form.values.iban
  const guarded = form.isDirty() && !save.isPending
  useEffect(() => onDirtyChange?.(guarded), [guarded, onDirtyChange])
  const grouped = iban.trim() && ibanIsValid(iban) ? formatIban(iban) : null

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: mode.id, body: values },
      {
        onSuccess: (updated) => {
          const next = bankValues(updated)
          form.setInitialValues(next)
          form.setValues(next)
          form.resetDirty(next)
          toastSuccess()
        },
        onError: (error) => showServerErrors(form, error),
      },
    ),
  )

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Coordonnées bancaires">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="IBAN"
            placeholder="FR76 3000 6000 0112 3456 7890 189"
            autoComplete="off"
            description={grouped ? `Sur tes factures : ${grouped}` : undefined}
            {...form.getInputProps('iban')}
            onChange={(event) => {
              const value = event.currentTarget.value
              form.setFieldValue('iban', value)
              // Live check once the IBAN looks complete (or after the field was left): no red while typing it.
              if (form.isTouched('iban') || ibanIsValid(value) || value.replace(/\s/g, '').length >= 27)
                form.setFieldError('iban', ibanError(value))
              else form.clearFieldError('iban')
            }}
            onBlur={() => {
              form.setTouched({ iban: true })
              if (ibanIsValid(iban)) form.setFieldValue('iban', formatIban(iban))
              form.validateField('iban')
            }}
          />
          <TextInput label="BIC" placeholder="AGRIFRPPXXX" autoComplete="off" {...form.getInputProps('bic')} />
          <TextInput
            label="Titulaire du compte"
            description="Vide : le nom de ton entreprise."
            {...form.getInputProps('accountName')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Text size="sm" c="dimmed" aria-live="polite">
            {form.isDirty() ? 'Modifications non enregistrées' : null}
          </Text>
          <Button type="submit" variant="light" loading={save.isPending} disabled={!form.isDirty()}>
            Enregistrer les coordonnées
          </Button>
        </Group>
      </Stack>
    </Box>
  )
}
