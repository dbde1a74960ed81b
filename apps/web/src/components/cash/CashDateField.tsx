import type { UseFormReturnType } from '@mantine/form'
import { IconCalendar } from '@tabler/icons-react'
import { DateField } from '../DateField'

/** The day of a cash movement or cash sale ("Date", required), held in the form's `datedAt`; emptied, it is ''. */
export function CashDateField<V extends { datedAt: string }>({
  form,
  readOnly,
}: {
  form: UseFormReturnType<V>
  readOnly: boolean
}) {
  // The form's typed paths cannot follow a generic V: the day is where `datedAt` says it is.
  const setDay = form.setFieldValue as (path: 'datedAt', value: string) => void
  return (
    <DateField
      label="Date"
      withAsterisk
      placeholder="jj/mm/aaaa"
      leftSection={<IconCalendar size={16} />}
      popoverProps={{ withinPortal: true }}
      readOnly={readOnly}
      {...form.getInputProps('datedAt')}
      value={form.values.datedAt || null}
      onChange={(value) => setDay('datedAt', value ?? '')}
    />
  )
}
