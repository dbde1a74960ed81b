import type { LifecycleEventDto, LifecycleEventSource } from '@app/domain'
import { Stack, Text, Timeline } from '@mantine/core'
import { parisDateTime } from './parisTime'

/** Who said it, from where the reader stands: the document's own side is « toi ». */
const SOURCE_LABELS: Record<LifecycleEventSource, { seller: string; buyer: string }> = {
  platform: { seller: 'la plateforme', buyer: 'la plateforme' },
  buyer: { seller: 'le client', buyer: 'toi' },
  seller: { seller: 'toi', buyer: 'le fournisseur' },
}

/**
 * The statuses an e-invoice went through, oldest first, each with its date in Paris, who sent it, its reason and the
 * action asked. `side`: whether the reader issued the invoice (seller) or received it (buyer).
 */
export function LifecycleTimeline({ events, side }: { events: LifecycleEventDto[]; side: 'seller' | 'buyer' }) {
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Aucun statut reçu pour le moment.
      </Text>
    )
  const ordered = [...events].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))
  return (
    <Timeline active={ordered.length - 1} bulletSize={14} lineWidth={2}>
      {ordered.map((event) => (
        <Timeline.Item
          // A status is received once per code, source and instant (the server keeps duplicates out).
          key={`${event.code}-${event.source}-${event.occurredAt}`}
          title={
            <Text size="sm" fw={600} component="span">
              {event.label}
            </Text>
          }
        >
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {parisDateTime(event.occurredAt)} · par {SOURCE_LABELS[event.source][side]}
            </Text>
            {event.reasonLabel ? <Text size="sm">Motif : {event.reasonLabel}</Text> : null}
            {event.message ? (
              <Text size="sm" fs="italic">
                « {event.message} »
              </Text>
            ) : null}
            {event.actionLabel && event.action !== 'NOA' ? (
              <Text size="sm" fw={500}>
                Action demandée : {event.actionLabel}
              </Text>
            ) : null}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  )
}
