import {
  type MeDto,
  messages,
  notificationPreferencesPatchSchema,
  type NotificationPreferences as Preferences,
} from '@app/domain'
import { Divider, Group, NumberInput, Select, Stack, Switch } from '@mantine/core'
import { useState } from 'react'
import { SettingsSection } from '../../components/SettingsSection'
import { usePreferencesMutation } from './usePreferencesMutation'

const p = messages.notifications.preferences
type Direction = 'income' | 'outcome'
type Flag = 'synchroLost' | 'commentAdded' | 'negativeBalance' | 'stripeInvoicePaid' | 'mobile'
const FLAGS: Flag[] = ['commentAdded', 'stripeInvoicePaid', 'synchroLost', 'negativeBalance', 'mobile']

/** A threshold: a switch, and its amount saved when the field is left, checked by the domain's own schema. */
function Threshold({
  direction,
  value,
  save,
}: {
  direction: Direction
  value: Preferences[Direction]
  save: (patch: { [key in Direction]?: Partial<Preferences[Direction]> }) => void
}) {
  const [amount, setAmount] = useState<string | number>(value.threshold)
  const [error, setError] = useState<string | null>(null)
  const commit = () => {
    const parsed = notificationPreferencesPatchSchema.safeParse({ [direction]: { threshold: Number(amount) } })
    if (!parsed.success || amount === '') return setError(p.thresholdInvalid)
    setError(null)
    if (Number(amount) !== value.threshold) save({ [direction]: { threshold: Number(amount) } })
  }
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Switch
        label={p[direction]}
        checked={value.enabled}
        onChange={(event) => save({ [direction]: { enabled: event.currentTarget.checked } })}
      />
      <NumberInput
        aria-label={`${p[direction]} : ${p.thresholdLabel}`}
        value={amount}
        onChange={setAmount}
        onBlur={commit}
        disabled={!value.enabled}
        min={0}
        allowDecimal={false}
        suffix=" €"
        thousandSeparator=" "
        w={180}
        error={error}
      />
    </Group>
  )
}

/** "Notifications" (spec/account.md §2 profile, §3 preferences.notifications): saved on each change. */
export function NotificationPreferences({ me }: { me: MeDto }) {
  const save = usePreferencesMutation()
  const preferences = me.preferences.notifications
  const weekday = (index: number) => ({ value: String(index + 1), label: p.weekdays[index] as string })

  return (
    <Stack gap="lg">
      <SettingsSection title={p.title} description={p.intro}>
        <Stack gap="sm">
          {FLAGS.map((flag) => (
            <Switch
              key={flag}
              label={p[flag]}
              checked={preferences[flag]}
              onChange={(event) => save.mutate({ notifications: { [flag]: event.currentTarget.checked } })}
            />
          ))}
          <Divider />
          {(['income', 'outcome'] as const).map((direction) => (
            <Threshold
              key={direction}
              direction={direction}
              value={preferences[direction]}
              save={(patch) => save.mutate({ notifications: patch })}
            />
          ))}
        </Stack>
      </SettingsSection>

      <SettingsSection title={p.reportTitle}>
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <Select
              label={p.reportDay}
              value={preferences.report.day === null ? '' : String(preferences.report.day)}
              data={[{ value: '', label: p.reportNone }, ...p.weekdays.map((_, index) => weekday(index))]}
              onChange={(value) => save.mutate({ notifications: { report: { day: value ? Number(value) : null } } })}
              allowDeselect={false}
              w={180}
            />
            <Select
              label={p.reportHour}
              value={preferences.report.hour === null ? '' : String(preferences.report.hour)}
              data={[
                { value: '', label: p.reportNone },
                ...Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${hour} h` })),
              ]}
              onChange={(value) => save.mutate({ notifications: { report: { hour: value ? Number(value) : null } } })}
              allowDeselect={false}
              w={140}
            />
          </Group>
          <Switch
            label={p.transactionsUncategorized}
            checked={preferences.report.transactionsUncategorized}
            onChange={(event) =>
              save.mutate({ notifications: { report: { transactionsUncategorized: event.currentTarget.checked } } })
            }
          />
          <Switch
            label={p.transactionsWithoutReceipt}
            checked={preferences.report.transactionsWithoutReceipt}
            onChange={(event) =>
              save.mutate({ notifications: { report: { transactionsWithoutReceipt: event.currentTarget.checked } } })
            }
          />
        </Stack>
      </SettingsSection>
    </Stack>
  )
}
