import {
  formatReference,
  type ItemResponse,
  type ReferenceFormat,
  type ReferenceNumberingBody,
  type ReferenceNumberingDto,
  referenceExample,
  referenceNumberingSchema,
  type SalesSettingsDto,
  todayInParis,
} from '@app/domain'
import { Button, Checkbox, Code, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { showServerErrors } from '../../components/formErrors'
import { SettingsSection } from '../../components/SettingsSection'
import { patch } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastSuccess } from '../../lib/toast'

/** A select cannot hold an empty value: "none" stands for no separator in the form. */
const NONE = 'none'
const SEPARATORS = [
  { value: NONE, label: 'Aucun' },
  { value: '-', label: 'Tiret (-)' },
  { value: '_', label: 'Tiret bas (_)' },
  { value: '.', label: 'Point (.)' },
  { value: '/', label: 'Barre oblique (/)' },
]

type NumberingValues = {
  prefix: string
  separator: string
  suffix: string
  hasYearLong: boolean
  hasYearShort: boolean
  hasMonth: boolean
  hasDay: boolean
  dateSeparator: string
  currentChrono: string
}

type SeriesKey = 'invoiceReference' | 'creditNoteReference' | 'quoteReference'

const SERIES: { key: SeriesKey; title: string; label: string }[] = [
  { key: 'invoiceReference', title: 'Factures', label: 'Numérotation des factures' },
  { key: 'creditNoteReference', title: 'Avoirs', label: 'Numérotation des avoirs' },
  { key: 'quoteReference', title: 'Devis', label: 'Numérotation des devis' },
]

type Separator = ReferenceNumberingBody['separator']
const fromSelect = (value: string) => (value === NONE ? '' : value) as Separator
const toSelect = (value: string) => (value === '' ? NONE : value)

function valuesFromNumbering(numbering: ReferenceNumberingDto): NumberingValues {
  return {
    prefix: numbering.prefix,
    separator: toSelect(numbering.separator),
    suffix: numbering.suffix,
    hasYearLong: numbering.hasYearLong,
    hasYearShort: numbering.hasYearShort,
    hasMonth: numbering.hasMonth,
    hasDay: numbering.hasDay,
    dateSeparator: toSelect(numbering.dateSeparator),
    currentChrono: String(numbering.currentChrono),
  }
}

/** PATCH /reference-numberings/{id}'s body: the edited format and counter; the `reference` preview is never sent. */
function bodyFromValues(values: NumberingValues) {
  return {
    prefix: values.prefix,
    separator: fromSelect(values.separator),
    suffix: values.suffix,
    hasDay: values.hasDay,
    hasMonth: values.hasMonth,
    hasYearLong: values.hasYearLong,
    hasYearShort: values.hasYearShort,
    dateSeparator: fromSelect(values.dateSeparator),
    currentChrono: values.currentChrono,
  }
}

const formatOf = (values: NumberingValues): ReferenceFormat => ({
  prefix: values.prefix,
  separator: fromSelect(values.separator),
  suffix: values.suffix,
  hasDay: values.hasDay,
  hasMonth: values.hasMonth,
  hasYearLong: values.hasYearLong,
  hasYearShort: values.hasYearShort,
  dateSeparator: fromSelect(values.dateSeparator),
})

const validateBody = zodValidate(referenceNumberingSchema)
const validate = (values: NumberingValues) => validateBody(bodyFromValues(values))

/** The numbering editor of each series (spec/sales.md §5 "Numbering"), each saved on its own. */
export function NumberingSection({
  settings,
  onDirtyChange,
}: {
  settings: SalesSettingsDto
  onDirtyChange: (dirty: boolean) => void
}) {
  const [dirtySeries, setDirtySeries] = useState<Record<string, boolean>>({})
  const anyDirty = Object.values(dirtySeries).some(Boolean)
  useEffect(() => onDirtyChange(anyDirty), [anyDirty, onDirtyChange])
  const reportDirty = useCallback(
    (key: SeriesKey, dirty: boolean) =>
      setDirtySeries((current) => (current[key] === dirty ? current : { ...current, [key]: dirty })),
    [],
  )

  return (
    <SettingsSection
      id="numerotation"
      title="Numérotation"
      description="Le format des numéros que prennent tes documents à leur validation. Chaque série s'enregistre à part."
    >
      <Stack gap="md">
        {SERIES.map((series) => (
          <NumberingEditor
            key={series.key}
            seriesKey={series.key}
            title={series.title}
            label={series.label}
            numbering={settings[series.key]}
            onDirtyChange={reportDirty}
          />
        ))}
      </Stack>
    </SettingsSection>
  )
}

function NumberingEditor({
  seriesKey,
  title,
  label,
  numbering,
  onDirtyChange,
}: {
  seriesKey: SeriesKey
  title: string
  label: string
  numbering: ReferenceNumberingDto
  onDirtyChange: (key: SeriesKey, dirty: boolean) => void
}) {
  const client = useQueryClient()
  const form = useForm<NumberingValues>({ initialValues: valuesFromNumbering(numbering), validate })

  const save = useMutation({
    mutationFn: async (values: NumberingValues) => {
      const { reference: _preview, ...body } = referenceNumberingSchema.parse(bodyFromValues(values))
      return (await patch<ItemResponse<ReferenceNumberingDto>>(`/reference-numberings/${numbering.id}`, body)).data
    },
    onSuccess: (updated) => {
      client.setQueryData<SalesSettingsDto>(['settings'], (current) =>
        current
          ? {
              ...current,
              [seriesKey]: updated,
              ...(seriesKey === 'invoiceReference' ? { invoiceCurrentChrono: updated.currentChrono } : {}),
              ...(seriesKey === 'quoteReference' ? { quoteCurrentChrono: updated.currentChrono } : {}),
              ...(seriesKey === 'creditNoteReference' ? { creditNotePrefix: updated.prefix } : {}),
            }
          : current,
      )
      const next = valuesFromNumbering(updated)
      form.setInitialValues(next)
      form.setValues(next)
      form.resetDirty(next)
      toastSuccess()
    },
    onError: (error) => showServerErrors(form, error),
  })

  const dirty = form.isDirty()
  const guarded = dirty && !save.isPending
  useEffect(() => onDirtyChange(seriesKey, guarded), [seriesKey, guarded, onDirtyChange])

  const values = form.values
  const format = formatOf(values)
  const example = referenceExample(format)
  const chrono = Number(values.currentChrono)
  const next =
    /^\d+$/.test(values.currentChrono.trim()) && chrono >= 1 ? formatReference(format, chrono, todayInParis()) : null
  const dateParts = [values.hasYearLong, values.hasYearShort, values.hasMonth, values.hasDay].filter(Boolean).length

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="md"
      aria-label={label}
      noValidate
      onSubmit={form.onSubmit((submitted) => save.mutate(submitted))}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={4} size="h5">
            {title}
          </Title>
          <Stack gap={2} align="flex-end">
            <Text size="sm">
              Exemple : <Code data-testid={`example-${seriesKey}`}>{example}</Code>
            </Text>
            <Text size="xs" c="dimmed">
              Prochaine : {next ?? '—'}
            </Text>
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
          <TextInput label="Préfixe" maxLength={20} {...form.getInputProps('prefix')} />
          <Select label="Séparateur" data={SEPARATORS} allowDeselect={false} {...form.getInputProps('separator')} />
          <TextInput label="Suffixe" maxLength={20} {...form.getInputProps('suffix')} />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
          <Stack gap={8} role="group" aria-labelledby={`date-parts-${seriesKey}`}>
            <Text size="sm" fw={500} id={`date-parts-${seriesKey}`}>
              Date dans le numéro
            </Text>
            <Group gap="md">
              <Checkbox
                label="AAAA"
                checked={values.hasYearLong}
                onChange={(event) => {
                  const checked = event.currentTarget.checked
                  form.setFieldValue('hasYearLong', checked)
                  if (checked) form.setFieldValue('hasYearShort', false)
                }}
              />
              <Checkbox
                label="AA"
                checked={values.hasYearShort}
                onChange={(event) => {
                  const checked = event.currentTarget.checked
                  form.setFieldValue('hasYearShort', checked)
                  if (checked) form.setFieldValue('hasYearLong', false)
                }}
              />
              <Checkbox label="MM" {...form.getInputProps('hasMonth', { type: 'checkbox' })} />
              <Checkbox label="JJ" {...form.getInputProps('hasDay', { type: 'checkbox' })} />
            </Group>
          </Stack>
          <Select
            label="Séparateur de date"
            data={SEPARATORS}
            allowDeselect={false}
            disabled={dateParts < 2}
            {...form.getInputProps('dateSeparator')}
          />
          <TextInput
            label="Compteur actuel"
            description="Le numéro que prendra le prochain document"
            inputMode="numeric"
            {...form.getInputProps('currentChrono')}
          />
        </SimpleGrid>

        <Group justify="flex-end">
          <Button type="submit" variant={dirty ? 'filled' : 'light'} loading={save.isPending}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
