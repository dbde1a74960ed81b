import { IconCalendar } from '@tabler/icons-react'
import { DateField, type DateFieldProps } from '../../DateField'

/**
 * A date typed or picked as "03/03/2026" (DESIGN.md "Web"); the value is 'YYYY-MM-DD', or the text typed when it is
 * not a day (the field says why).
 */
export function PaymentDateInput(props: DateFieldProps) {
  return <DateField leftSection={<IconCalendar size={16} />} popoverProps={{ withinPortal: true }} {...props} />
}
