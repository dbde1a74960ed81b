import {
  canUseEndOfMonth,
  type ItemResponse,
  type SalesSettingsBody,
  type SalesSettingsDto,
  salesSettingsSchema,
} from '@app/domain'
import { Box, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { ErrorState } from '../../components/ErrorState'
import { FormFooter } from '../../components/FormFooter'
import { showServerErrors } from '../../components/formErrors'
import { LeaveGuard } from '../../components/LeaveGuard'
import { SettingsSection } from '../../components/SettingsSection'
import { get, patch } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastSuccess } from '../../lib/toast'
import { PaymentModesSection } from './PaymentModesSection'
import { RecurringSettingsSection } from './RecurringSettingsSection'
import { NumberingSection } from './SalesSettingsNumbering'
import { DocumentsSection, EmailsSection, OptionsSection, typedDays } from './SalesSettingsSections'
import type { SalesSettingsValues } from './salesSettingsValues'

/** Same key as the document editor's settings query: a save here is what the next new document reads. */
export const salesSettingsQueryKey = ['settings'] as const

function useSalesSettingsQuery() {
  return useQuery({
    queryKey: salesSettingsQueryKey,
    queryFn: async () => (await get<ItemResponse<SalesSettingsDto>>('/settings')).data,
  })
}

const text = (value: string | null | undefined) => value ?? ''
const days = (value: number | null) => (value === null ? '' : String(value))

export function valuesFromSettings(settings: SalesSettingsDto): SalesSettingsValues {
  return {
    invoiceTerms: text(settings.invoiceTerms),
    quoteTerms: text(settings.quoteTerms),
    quoteValidityPeriod: days(settings.quoteValidityPeriod),
    invoicePaymentLimit: days(settings.invoicePaymentLimit),
    invoicePaymentEndOfMonth: settings.invoicePaymentEndOfMonth,
    hasDeliveryFees: settings.hasDeliveryFees,
    hasLatePenalties: settings.hasLatePenalties,
    latePenaltyRate: text(settings.latePenaltyRate).replace('.', ','),
    hasDisbursement: settings.hasDisbursement,
    hasDiscounts: settings.hasDiscounts,
    vatOnDebits: settings.vatOnDebits,
    lateInvoiceReminders: settings.lateInvoiceReminders,
    invoiceEmailSubject: text(settings.invoiceEmailSubject),
    invoiceEmail: text(settings.invoiceEmail),
    quoteEmailSubject: text(settings.quoteEmailSubject),
    quoteEmail: text(settings.quoteEmail),
    emailSignature: text(settings.emailSignature),
    recurringUnit: settings.recurringUnit,
    recurringCreationOption: settings.recurringCreationOption,
    recurringEndingType: settings.recurringEndingType,
    recurringEmail: text(settings.recurringEmail),
  }
}

/**
 * PATCH /settings's body. "Fin de mois" is sent only from 30 days (below, the option is not offered); the late-penalty
 * rate only while late penalties are on, so switching them off keeps the stored rate.
 */
export function bodyFromValues(values: SalesSettingsValues) {
  const limit = typedDays(values.invoicePaymentLimit)
  const { latePenaltyRate, ...rest } = values
  return {
    ...rest,
    invoicePaymentEndOfMonth: values.invoicePaymentEndOfMonth && limit !== null && canUseEndOfMonth(limit),
    ...(values.hasLatePenalties ? { latePenaltyRate } : {}),
  }
}

const validateBody = zodValidate(salesSettingsSchema)
const validate = (values: SalesSettingsValues) => validateBody(bodyFromValues(values))

/** A long form: after a refused submit, the first field in error gets the focus (and scrolls into view). */
function focusFirstError() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus()
  })
}

/** /app/setting/sales: defaults of the sales documents, options, e-mail templates and the reference numberings. */
export function SalesSettingsPage() {
  const settings = useSalesSettingsQuery()
  const [numberingDirty, setNumberingDirty] = useState(false)
  const [settingsDirty, setSettingsDirty] = useState(false)
  const [bankDirty, setBankDirty] = useState(false)

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2} size="h3">
          Ventes
        </Title>
        <Text c="dimmed" size="sm">
          Les réglages par défaut de tes devis et factures.
        </Text>
      </Box>
      {settings.isPending ? (
        <SalesSettingsSkeleton />
      ) : settings.isError ? (
        <ErrorState onRetry={() => settings.refetch()} />
      ) : (
        <>
          <SalesSettingsForm settings={settings.data} onDirtyChange={setSettingsDirty} />
          <NumberingSection settings={settings.data} onDirtyChange={setNumberingDirty} />
          <PaymentModesSection onDirtyChange={setBankDirty} />
        </>
      )}
      {/* One guard for the whole page: a router holds one blocker at a time. */}
      <LeaveGuard when={settingsDirty || numberingDirty || bankDirty} />
    </Stack>
  )
}

function SalesSettingsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement">
      {[200, 160, 220, 260].map((height) => (
        <SettingsSection key={height} title=" ">
          <Skeleton height={height} radius="md" />
        </SettingsSection>
      ))}
    </Stack>
  )
}

function SalesSettingsForm({
  settings,
  onDirtyChange,
}: {
  settings: SalesSettingsDto
  onDirtyChange: (dirty: boolean) => void
}) {
  const client = useQueryClient()
  const [savedAt, setSavedAt] = useState<string | null>(null)
  const form = useForm<SalesSettingsValues>({ initialValues: valuesFromSettings(settings), validate })

  const save = useMutation({
    mutationFn: async (values: SalesSettingsValues) => {
      const body: SalesSettingsBody = salesSettingsSchema.parse(bodyFromValues(values))
      return (await patch<ItemResponse<SalesSettingsDto>>('/settings', body)).data
    },
    onSuccess: (updated) => {
      client.setQueryData(salesSettingsQueryKey, updated)
      const next = valuesFromSettings(updated)
      form.setInitialValues(next)
      form.setValues(next)
      form.resetDirty(next)
      setSavedAt(new Date().toISOString())
      toastSuccess()
    },
    onError: (error) => {
      if (showServerErrors(form, error)) focusFirstError()
    },
  })

  const dirty = form.isDirty()
  const guarded = dirty && !save.isPending
  useEffect(() => onDirtyChange(guarded), [guarded, onDirtyChange])

  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(values), focusFirstError)}
      noValidate
      aria-label="Réglages des ventes"
    >
      <Stack gap="lg">
        <DocumentsSection form={form} />
        <OptionsSection form={form} />
        <EmailsSection form={form} />
        <RecurringSettingsSection form={form} />
        <FormFooter dirty={dirty} loading={save.isPending} updatedAt={savedAt} />
      </Stack>
    </form>
  )
}
