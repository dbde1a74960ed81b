import { alertMessages } from '@app/domain'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { toastError } from '../../../lib/toast'
import { needsAcknowledgement, useAlerts, useCheckAlerts } from './queries'

/**
 * spec/account.md §4 "Alerts": the unchecked alerts pop up once in a modal; its button marks them checked. Closing it
 * without acknowledging hides it until the next visit of the dashboard.
 */
export function AlertsModal() {
  const alerts = useAlerts(true)
  const check = useCheckAlerts()
  const [dismissed, setDismissed] = useState(false)
  const pending = (alerts.data ?? []).filter(needsAcknowledgement)
  const opened = !dismissed && pending.length > 0
  const acknowledge = () =>
    check.mutate(
      pending.map((alert) => alert.id),
      { onSuccess: () => setDismissed(true), onError: (error) => toastError(error) },
    )
  return (
    <Modal opened={opened} onClose={() => setDismissed(true)} title={alertMessages.alerts.modalTitle} centered>
      <Stack gap="md">
        {pending.map((alert) => (
          <Stack key={alert.id} gap={4}>
            <Text fw={600}>{alert.title}</Text>
            <Text size="sm">{alert.description}</Text>
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button onClick={acknowledge} loading={check.isPending}>
            {alertMessages.alerts.acknowledge}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
