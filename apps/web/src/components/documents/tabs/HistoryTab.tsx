import { type ActivityDto, messages, unknownActivityNote } from '@app/domain'
import { Anchor, Center, Loader, Stack, Text, Timeline, Tooltip } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import dayjs from 'dayjs'
import 'dayjs/locale/fr'
import relativeTime from 'dayjs/plugin/relativeTime'
import { Link } from 'react-router'
import { EmptyBlock } from '../../EmptyBlock'
import { ErrorState } from '../../ErrorState'
import { formatInstantDateTime, parseInstant } from '../../instant'
import { texts } from '../documentUi'
import { useActivities } from './discussionQueries'
import type { DiscussionSubject } from './subject'

dayjs.extend(relativeTime)

const RELATIVE_FOR_DAYS = 7

/** "il y a 5 minutes" for the last week, "03/03/2026 à 09:15" before; the exact time on hover either way. */
export function ActivityDate({ createdAt, now = new Date() }: { createdAt: string; now?: Date }) {
  const at = parseInstant(createdAt)
  const absolute = formatInstantDateTime(createdAt)
  const recent = dayjs(now).diff(at, 'day', true) < RELATIVE_FOR_DAYS
  return (
    <Tooltip label={absolute} disabled={!recent}>
      <Text size="xs" c="dimmed" component="time" dateTime={at.toISOString()}>
        {recent ? at.locale('fr').from(dayjs(now)) : absolute}
      </Text>
    </Tooltip>
  )
}

/** The invoice an entry names (a quote's final or deposit invoice), to open it. */
const linkedInvoiceId = (entry: ActivityDto) => {
  const id = entry.payload.invoiceId
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null
}

/** The History tab (spec/sales.md §2, §8): what happened to the document, newest first, as sentences. */
export function HistoryTab({ subject }: { subject: DiscussionSubject }) {
  const query = useActivities(subject)
  if (query.isPending)
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    )
  if (query.isError) return <ErrorState message={messages.generic.detailLoadError} onRetry={() => query.refetch()} />
  if (query.data.length === 0) return <EmptyBlock icon={<IconHistory size={20} />} title={texts.noHistory} />
  return (
    <Timeline bulletSize={12} lineWidth={2} aria-label="Historique">
      {query.data.map((entry) => {
        const invoiceId = linkedInvoiceId(entry)
        return (
          <Timeline.Item key={entry.id}>
            <Stack gap={2}>
              <Text size="sm">{entry.sentence}</Text>
              {entry.known ? null : (
                <Text size="xs" c="dimmed" fs="italic">
                  {unknownActivityNote}
                </Text>
              )}
              {invoiceId !== null ? (
                <Anchor component={Link} to={`/app/sales/invoices/${invoiceId}/show`} size="xs">
                  Voir la facture
                </Anchor>
              ) : null}
              <ActivityDate createdAt={entry.createdAt} />
            </Stack>
          </Timeline.Item>
        )
      })}
    </Timeline>
  )
}
