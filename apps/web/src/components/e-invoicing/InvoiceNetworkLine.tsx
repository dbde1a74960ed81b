import type { InvoiceListItemDto } from '@app/domain'
import { Group, Text } from '@mantine/core'
import { LifecycleBadge } from './LifecycleBadge'

/**
 * An invoice row's line about the e-invoicing network (decision 0043): where it stands, so that a refused or
 * rejected invoice is seen from the list. Nothing for an invoice that never went through the outbox.
 */
export function InvoiceNetworkLine({ status }: { status: InvoiceListItemDto['eInvoiceStatus'] }) {
  if (!status) return null
  const failed = status.code === null && status.delivery === 'failed'
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed">
        Facture électronique
      </Text>
      {failed ? (
        <Text size="xs" c="red" fw={600}>
          {status.label}
        </Text>
      ) : (
        <LifecycleBadge code={status.code} label={status.label} size="xs" />
      )}
    </Group>
  )
}
