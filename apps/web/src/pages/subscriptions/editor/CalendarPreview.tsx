import { formatDateLongFr, messages, recurringCalendarSchema } from '@app/domain'
import { Center, List, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconCalendarEvent } from '@tabler/icons-react'
import { type RecurringValues, recurringInput } from '../../../components/documents/editor/recurringForm'
import { subscriptionTexts } from '../../../components/subscriptions/subscriptionTexts'
import { type CalendarRequest, useRecurringCalendar } from '../subscriptionQueries'

/** How many dates the preview lists. */
export const PREVIEW_LIMIT = 6
/** The pause after the last change before the server is asked (the schedule changes as the user types). */
export const PREVIEW_DEBOUNCE_MS = 400

/** The rule of the form as POST /recurring-calendar reads it, or null while it is not valid. */
export function calendarRequest(values: RecurringValues, id: number | null): CalendarRequest | null {
  const { startingAt, endingAt, endingType, recurrence, occurrences, unit, day } = recurringInput(values)
  const request: CalendarRequest = {
    ...(id !== null ? { id } : {}),
    startingAt,
    endingAt,
    endingType,
    recurrence,
    occurrences,
    unit,
    day,
    limit: PREVIEW_LIMIT,
  }
  const dayFits = (unit !== 'month' && unit !== 'week') || day !== null
  const endKnown = endingType === 'date' || occurrences !== null
  return recurrence !== null && dayFits && endKnown && recurringCalendarSchema.safeParse(request).success
    ? request
    : null
}

/**
 * "Prochaines échéances" (spec/sales.md §4): the dates the server computes for the parameters being edited (a saved
 * subscription's own history counts), asked again ~400 ms after the last change; none: the spec's text.
 */
export function CalendarPreview({ values, id }: { values: RecurringValues; id: number | null }) {
  const request = calendarRequest(values, id)
  // A string, so that an equal rule is an equal value: the debounce waits for changes, not for renders.
  const [key] = useDebouncedValue(request ? JSON.stringify(request) : null, PREVIEW_DEBOUNCE_MS)
  const calendar = useRecurringCalendar(key ? (JSON.parse(key) as CalendarRequest) : null)

  return (
    <Paper component="section" withBorder radius="lg" p="md" h="100%" aria-labelledby="upcoming-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="upcoming-title">
          {subscriptionTexts.upcoming}
        </Title>
        {!key ? (
          <Text size="sm" c="dimmed">
            {subscriptionTexts.completeParameters}
          </Text>
        ) : calendar.isError ? (
          <Text size="sm" c="red">
            {messages.generic.errorShort}
          </Text>
        ) : !calendar.data ? (
          <Center py="sm">
            <Loader size="sm" aria-label="Chargement" />
          </Center>
        ) : calendar.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {messages.recurring.noUpcoming}
          </Text>
        ) : (
          <List
            size="sm"
            spacing={4}
            icon={<IconCalendarEvent size={16} aria-hidden />}
            aria-label={subscriptionTexts.upcoming}
          >
            {calendar.data.map((date) => (
              <List.Item key={date}>{formatDateLongFr(date, { withYear: true })}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  )
}
