import {
  formatDateLongFr,
  type InvoiceListItemDto,
  messages,
  type RecurringParamsDto,
  SUBSCRIPTION_STATUSES,
} from '@app/domain'
import { Badge, Group, Stack, Text } from '@mantine/core'
import { Amount } from '../../components/documents/documentUi'
import { subscriptionTexts } from '../../components/subscriptions/subscriptionTexts'

/** Brouillon, Suspendu, Actif or Terminé, in the domain's colours (spec/sales.md §4 "Recurring invoice badge"). */
export function SubscriptionStatusBadge({ params }: { params: RecurringParamsDto | null }) {
  if (!params) return null
  const status = SUBSCRIPTION_STATUSES[params.status]
  return (
    <Badge variant="light" color={status.color} style={{ flexShrink: 0 }}>
      {status.label}
    </Badge>
  )
}

/** "lundi 5 décembre", or '—' once nothing is left to create. */
export const nextOccurrenceText = (params: RecurringParamsDto | null) =>
  params?.nextOccurrence ? formatDateLongFr(params.nextOccurrence) : subscriptionTexts.noNextOccurrence

/** How it ends: the occurrences left when it ends by count, else its end date or "Sans date de fin". */
export function endText(params: RecurringParamsDto) {
  if (params.endingType === 'occurrences') return subscriptionTexts.remaining(params.remainingOccurrences ?? 0)
  return params.endingAt ? subscriptionTexts.endsOn(params.endingAt) : subscriptionTexts.noEndDate
}

/**
 * One amount, as each invoice it creates will carry it: TTC, or the single 'Net à payer' of tax-free organisations
 * (spec/sales.md §1).
 */
function SubscriptionAmount({ doc }: { doc: InvoiceListItemDto }) {
  return (
    <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
      <Amount value={doc.taxFree ? doc.amount : doc.totalTaxIncluded} strong />
      <Text size="xs" c="dimmed">
        {doc.taxFree ? messages.documents.netToPay : 'TTC'}
      </Text>
    </Stack>
  )
}

/**
 * The body of a recurring invoice row: name, customer or 'Aucun', the recurrence in words, the next occurrence, how it
 * ends, the badge and the amount.
 */
export function SubscriptionRowBody({ doc }: { doc: InvoiceListItemDto }) {
  const params = doc.recurringParams
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
      <Stack gap={2} miw={0} style={{ flex: '1 1 12rem' }}>
        <Text fw={600} size="sm" truncate>
          {doc.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {doc.contact?.name ?? messages.documents.noClient}
        </Text>
        {params ? (
          <Group gap={6} wrap="wrap" data-testid="subscription-schedule">
            <Text size="xs">{params.description}</Text>
            <Text size="xs" c="dimmed" aria-hidden>
              ·
            </Text>
            <Text size="xs">
              {subscriptionTexts.nextOccurrence} : {nextOccurrenceText(params)}
            </Text>
            <Text size="xs" c="dimmed" aria-hidden>
              ·
            </Text>
            <Text size="xs">{endText(params)}</Text>
          </Group>
        ) : null}
      </Stack>
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flexShrink: 0 }}>
        <SubscriptionStatusBadge params={params} />
        <SubscriptionAmount doc={doc} />
      </Group>
    </Group>
  )
}
