import {
  describeRecurrence,
  MONTH_DAYS,
  OCCURRENCES_MAX,
  OCCURRENCES_MIN,
  RECURRENCE_MAX,
  RECURRENCE_MIN,
  type RecurringUnit,
  WEEKDAYS,
  weekdayName,
} from '@app/domain'
import { Grid, NumberInput, Select, Stack, Switch, Text } from '@mantine/core'
import { DateField } from '../../../components/DateField'
import type { EditorForm } from '../../../components/documents/editor/editorForm'
import { dayForUnit, type RecurringValues } from '../../../components/documents/editor/recurringForm'
import {
  CREATION_OPTION_CHOICES,
  ENDING_TYPE_CHOICES,
  RecurringChoice,
} from '../../../components/subscriptions/RecurringChoice'
import { RecurringEmailFields } from './RecurringEmailFields'

const UNITS: { value: RecurringUnit; label: string }[] = [
  { value: 'day', label: 'jour(s)' },
  { value: 'week', label: 'semaine(s)' },
  { value: 'month', label: 'mois' },
  { value: 'year', label: 'an(s)' },
]

/** 1er, 5, 10, 15, 20, 25, Dernier jour (31 is the last day of every month). */
const MONTH_DAY_OPTIONS = MONTH_DAYS.map((day) => ({
  value: String(day),
  label: day === 1 ? '1er' : day === 31 ? 'Dernier jour' : String(day),
}))

/** Lundi … Dimanche, 1 to 7. */
const WEEKDAY_OPTIONS = WEEKDAYS.map((day) => {
  const name = weekdayName(day)
  return { value: String(day), label: name.charAt(0).toUpperCase() + name.slice(1) }
})

/** A NumberInput's value: a whole number, or null when empty (the spec sends numbers, never strings). */
const wholeOrNull = (value: number | string) => (typeof value === 'number' && Number.isFinite(value) ? value : null)

const P = 'recurringParams'

/**
 * The subscription parameters (spec/sales.md §2 "Recurring invoice editor", §5): the start, the schedule (every N days,
 * weeks, months or years; the day of the month or the weekday), how it ends (an optional end date, or a number of
 * occurrences), and what each occurrence does (a draft, or an invoice validated and sent by e-mail).
 */
export function RecurringParamsFields({ form, values }: { form: EditorForm; values: RecurringValues }) {
  const set = <K extends keyof RecurringValues>(key: K, value: RecurringValues[K]) =>
    form.setFieldValue(`${P}.${key}`, value as never)
  const error = (key: string) => form.errors[`${P}.${key}`]
  const described =
    values.recurrence !== null && values.recurrence >= RECURRENCE_MIN && values.recurrence <= RECURRENCE_MAX
      ? describeRecurrence({
          startingAt: values.startingAt,
          unit: values.unit,
          recurrence: values.recurrence,
          day: values.day,
        })
      : null

  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <DateField
            label="Date de début"
            withAsterisk
            value={values.startingAt || null}
            error={error('startingAt')}
            onChange={(value) => set('startingAt', value ?? '')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
          <NumberInput
            label="Tous les"
            withAsterisk
            min={RECURRENCE_MIN}
            max={RECURRENCE_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={values.recurrence ?? ''}
            error={error('recurrence')}
            onChange={(value) => set('recurrence', wholeOrNull(value))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, md: 3 }}>
          <Select
            label="Période"
            withAsterisk
            allowDeselect={false}
            data={UNITS}
            value={values.unit}
            error={error('unit')}
            onChange={(value) => {
              if (!value) return
              const unit = value as RecurringUnit
              set('unit', unit)
              set('day', dayForUnit(unit, values.day))
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          {values.unit === 'month' || values.unit === 'week' ? (
            <Select
              label={values.unit === 'month' ? 'Jour du mois' : 'Jour de la semaine'}
              withAsterisk
              allowDeselect={false}
              data={values.unit === 'month' ? MONTH_DAY_OPTIONS : WEEKDAY_OPTIONS}
              value={values.day === null ? null : String(values.day)}
              error={error('day')}
              onChange={(value) => set('day', value ? Number(value) : null)}
            />
          ) : null}
        </Grid.Col>
      </Grid>
      {described ? (
        <Text size="sm" c="dimmed" data-testid="recurrence-described">
          Une facture {described}.
        </Text>
      ) : null}

      <RecurringChoice
        label="Fin de l'abonnement"
        withAsterisk
        choices={ENDING_TYPE_CHOICES}
        value={values.endingType}
        error={error('endingType')}
        onChange={(value) => set('endingType', value)}
      />
      {values.endingType === 'date' ? (
        <Grid gap="md" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <Switch
              label="Date de fin"
              checked={values.hasEndingAt}
              onChange={(event) => {
                const on = event.currentTarget.checked
                set('hasEndingAt', on)
                // Turning the end date off clears it (spec/sales.md §5).
                if (!on) set('endingAt', null)
              }}
            />
          </Grid.Col>
          {values.hasEndingAt ? (
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <DateField
                label="Dernière échéance au plus tard le"
                withAsterisk
                placeholder="jj/mm/aaaa"
                value={values.endingAt}
                error={error('endingAt')}
                onChange={(value) => set('endingAt', value)}
              />
            </Grid.Col>
          ) : null}
        </Grid>
      ) : (
        <NumberInput
          label="Nombre d'échéances"
          withAsterisk
          maw={260}
          min={OCCURRENCES_MIN}
          max={OCCURRENCES_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={values.occurrences ?? ''}
          error={error('occurrences')}
          onChange={(value) => set('occurrences', wholeOrNull(value))}
        />
      )}

      <RecurringChoice
        label="À chaque échéance"
        withAsterisk
        choices={CREATION_OPTION_CHOICES}
        value={values.creationOption}
        error={error('creationOption')}
        onChange={(value) => set('creationOption', value)}
      />
      {values.creationOption === 'send' ? <RecurringEmailFields form={form} values={values} /> : null}
    </Stack>
  )
}
