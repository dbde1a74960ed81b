import { AUDIT_CATEGORY_LABELS, type AuditEventDto, auditActorLabel, auditMessages } from '@app/domain'
import { Badge, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { parseInstant } from '../../../components/instant'

/** "28/11/2026 22:50:56", in Paris: the trail's times are the law's, not the browser's. */
const parisFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
export const parisDateTime = (instant: string) => parisFormat.format(parseInstant(instant).toDate())

/** One event: who, when, from where, what, with what result. The table scrolls in its own frame on a phone. */
export function AuditTable({ events }: { events: AuditEventDto[] }) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped highlightOnHover miw={860} verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date et heure</Table.Th>
            <Table.Th>Qui</Table.Th>
            <Table.Th>D'où</Table.Th>
            <Table.Th>Quoi</Table.Th>
            <Table.Th>Résultat</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{parisDateTime(event.occurredAt)}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{auditActorLabel(event)}</Text>
                  {event.actorEmail && event.actorKind !== 'anonymous' ? (
                    <Text size="xs" c="dimmed">
                      {event.actorEmail}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{event.ip ?? '—'}</Text>
                  {event.userAgent ? (
                    <Text size="xs" c="dimmed" lineClamp={1} maw={220} title={event.userAgent}>
                      {event.userAgent}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">{event.summary}</Text>
                  <Text size="xs" c="dimmed">
                    {AUDIT_CATEGORY_LABELS[event.category]}
                    {event.targetId ? ` · n° ${event.targetId}` : ''}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Badge color={event.succeeded ? 'teal' : 'red'} variant="light">
                  {event.succeeded ? auditMessages.success : auditMessages.failure}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  )
}
