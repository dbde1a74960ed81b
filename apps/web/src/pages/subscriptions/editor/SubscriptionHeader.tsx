import type { InvoiceDto } from '@app/domain'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconSettings } from '@tabler/icons-react'
import { BackToListButton } from '../../../components/BackToListButton'
import { DocumentActionsButton } from '../../../components/documents/DocumentActions'
import { subscriptionTexts } from '../../../components/subscriptions/subscriptionTexts'
import { SUBSCRIPTIONS_BASE, type SubscriptionActionsApi } from '../SubscriptionActions'
import { endText, nextOccurrenceText, SubscriptionStatusBadge } from '../SubscriptionRow'

/**
 * The recurring invoice editor's header: back to the list, the title; once saved, its badge, next occurrence, how it
 * ends, what it has created so far and its actions (suspend, reactivate, duplicate, delete); the settings drawer.
 */
export function SubscriptionHeader({
  doc,
  title,
  actions,
  onSettings,
}: {
  doc: InvoiceDto | null
  title: string
  actions: SubscriptionActionsApi
  onSettings: () => void
}) {
  const params = doc?.recurringParams ?? null
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <BackToListButton to={SUBSCRIPTIONS_BASE} />
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {params ? (
            <Group gap="xs">
              <SubscriptionStatusBadge params={params} />
              <Text size="sm" c="dimmed">
                {subscriptionTexts.nextOccurrence} : {nextOccurrenceText(params)}
              </Text>
              <Text size="sm" c="dimmed" aria-hidden>
                ·
              </Text>
              <Text size="sm" c="dimmed">
                {endText(params)}
              </Text>
              <Text size="sm" c="dimmed" aria-hidden>
                ·
              </Text>
              <Text size="sm" c="dimmed">
                {subscriptionTexts.generated(params.generatedCount)}
              </Text>
            </Group>
          ) : null}
        </Stack>
      </Group>
      <Group gap="sm">
        {doc ? <DocumentActionsButton>{actions.items(doc, ['edit'])}</DocumentActionsButton> : null}
        <Button variant="default" leftSection={<IconSettings size={16} />} onClick={onSettings}>
          Paramètres
        </Button>
      </Group>
    </Group>
  )
}
