import { addDays, canUseEndOfMonth, formatDateFr, isIsoDate, paymentLimitDate, paymentTermLabel } from '@app/domain'
import { Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { type EditorForm, PAYMENT_TERMS } from './editorForm'
import { editorTexts } from './editorTexts'

const CUSTOM_TERM = 'custom'

/**
 * The payment term (invoice): the common terms in a select, or any number of days; "fin de mois" from 30 days; the due
 * date computed by the domain. A recurring invoice has no date of its own (`perOccurrence`): the term counts from each
 * invoice it makes.
 */
export function PaymentTerm({
  form,
  readOnly,
  perOccurrence = false,
}: {
  form: EditorForm
  readOnly: boolean
  perOccurrence?: boolean
}) {
  const values = form.values
  const days = Number(values.paymentLimit)
  const validDays = values.paymentLimit.trim() !== '' && Number.isInteger(days) && days >= 0 && days <= 365
  const preset = PAYMENT_TERMS.some((term) => String(term) === values.paymentLimit)
  const [custom, setCustom] = useState(!preset)
  const endOfMonthAllowed = validDays && canUseEndOfMonth(days)
  const due =
    validDays && isIsoDate(values.datedAt)
      ? paymentLimitDate(values.datedAt, days, values.paymentEndOfMonth && endOfMonthAllowed)
      : null
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label="Délai de paiement"
          withAsterisk={!readOnly}
          readOnly={readOnly}
          allowDeselect={false}
          data={[
            ...PAYMENT_TERMS.map((term) => ({ value: String(term), label: paymentTermLabel(term) })),
            { value: CUSTOM_TERM, label: 'Autre durée…' },
          ]}
          value={custom ? CUSTOM_TERM : values.paymentLimit}
          error={custom ? undefined : form.errors.paymentLimit}
          onChange={(value) => {
            if (value === CUSTOM_TERM) setCustom(true)
            else if (value !== null) {
              setCustom(false)
              form.setFieldValue('paymentLimit', value)
              if (!canUseEndOfMonth(Number(value))) form.setFieldValue('paymentEndOfMonth', false)
            }
          }}
        />
        {custom ? (
          <TextInput
            w={110}
            label="Jours"
            inputMode="numeric"
            readOnly={readOnly}
            {...form.getInputProps('paymentLimit')}
          />
        ) : null}
      </Group>
      <Checkbox
        label="Fin de mois"
        disabled={readOnly || !endOfMonthAllowed}
        checked={values.paymentEndOfMonth && endOfMonthAllowed}
        onChange={(event) => form.setFieldValue('paymentEndOfMonth', event.currentTarget.checked)}
      />
      {due ? (
        <Text size="xs" c="dimmed">
          {paymentTermLabel(days, values.paymentEndOfMonth && endOfMonthAllowed)} ·{' '}
          {perOccurrence ? editorTexts.dueAfterEachInvoice : editorTexts.dueDate(formatDateFr(due))}
        </Text>
      ) : null}
    </Stack>
  )
}

/** The validity of a quote, in days, and the date it reads "Valable jusqu'au …". */
export function ValidityField({ form, readOnly }: { form: EditorForm; readOnly: boolean }) {
  const days = Number(form.values.validityLimit)
  const valid = form.values.validityLimit.trim() !== '' && Number.isInteger(days) && days >= 1 && days <= 365
  return (
    <Stack gap={6}>
      <TextInput
        label="Durée de validité (jours)"
        withAsterisk={!readOnly}
        inputMode="numeric"
        readOnly={readOnly}
        {...form.getInputProps('validityLimit')}
      />
      {valid && isIsoDate(form.values.datedAt) ? (
        <Text size="xs" c="dimmed">
          {editorTexts.validUntil(formatDateFr(addDays(form.values.datedAt, days)))}
        </Text>
      ) : null}
    </Stack>
  )
}
