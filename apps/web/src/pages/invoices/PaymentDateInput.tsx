import { parseDateFr } from '@app/domain'
import { DateInput, type DateInputProps } from '@mantine/dates'
import { IconCalendar } from '@tabler/icons-react'

/** A date typed or picked as "03/03/2026" (DESIGN.md "Web"); the value is 'YYYY-MM-DD'. */
export function PaymentDateInput(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      dateParser={(text) => parseDateFr(text)}
      placeholder="jj/mm/aaaa"
      leftSection={<IconCalendar size={16} />}
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  )
}
