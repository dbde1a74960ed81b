import type { EReportingTransmissionDto } from '@app/domain'
import { Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useState } from 'react'
import { parisDateTime } from '../../../components/e-invoicing/parisTime'
import { toastError } from '../../../lib/toast'
import { downloadTransmissionFile } from './eReportingQueries'
import { FLOW_LABELS, summaryText, texts, transmissionStatus } from './eReportingTexts'

function TransmissionItem({
  transmission,
  kind,
}: {
  transmission: EReportingTransmissionDto
  kind: 'transactions' | 'payments'
}) {
  const [downloading, setDownloading] = useState(false)
  const status = transmissionStatus(transmission)
  const when = parisDateTime(transmission.createdAt)
  const download = async () => {
    setDownloading(true)
    const done = await downloadTransmissionFile(transmission.id, transmission.fileName)
    setDownloading(false)
    if (!done) toastError(undefined, texts.downloadFailed)
  }
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {when}, par {transmission.createdBy ?? texts.byCarnet}
          </Text>
          <Group gap={6}>
            {transmission.isCorrection ? (
              <Badge variant="outline" color="orange" size="sm">
                {texts.correction}
              </Badge>
            ) : null}
            <Badge variant="light" color={status.color} size="sm">
              {status.label}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {FLOW_LABELS[transmission.flowType] ?? texts.title} · {summaryText(kind, transmission.summary)}
        </Text>
        {transmission.messages.length > 0 ? (
          <List size="sm" spacing={2} c={transmission.ackStatus === 'Error' ? 'red' : undefined}>
            {transmission.messages.map((message, index) => (
              // The PA may say the same thing twice: the place tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <List.Item key={index}>{message}</List.Item>
            ))}
          </List>
        ) : null}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconDownload size={14} />}
            loading={downloading}
            onClick={download}
            aria-label={`${texts.download} le ${when}`}
          >
            {texts.download}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

/** Every transmission of the period, newest first: who sent what when, and what the PA answered. */
export function TransmissionsList({
  transmissions,
  kind,
}: {
  transmissions: EReportingTransmissionDto[]
  kind: 'transactions' | 'payments'
}) {
  if (transmissions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {texts.noTransmission}
      </Text>
    )
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={texts.transmissions}>
      {transmissions.map((transmission) => (
        <TransmissionItem key={transmission.id} transmission={transmission} kind={kind} />
      ))}
    </Stack>
  )
}
