import { messages, RECEIPT_STATE_IDS, type TransactionReceiptDto } from '@app/domain'
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core'
import { IconDownload, IconFileText, IconLinkOff } from '@tabler/icons-react'
import { Amount } from '../../../../components/documents/documentUi'
import { receiptDownloadUrl } from './receiptLinkQueries'

/**
 * The receipts attached to a transaction: each with its name, its amount TTC when known, "À traiter" while it is not
 * validated, a download link and "Dissocier {name}".
 */
export function AttachedReceiptList({
  receipts,
  detaching,
  onDetach,
}: {
  receipts: TransactionReceiptDto[]
  /** The receipt being detached (its button spins, the others wait). */
  detaching: number | null
  onDetach: (receiptId: number) => void
}) {
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="Justificatifs associés"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {receipts.map((receipt) => (
        <Paper key={receipt.id} component="li" withBorder radius="md" p="xs" aria-label={receipt.name}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <IconFileText size={18} style={{ flexShrink: 0 }} aria-hidden />
              <Text size="sm" fw={600} truncate>
                {receipt.name}
              </Text>
              {receipt.stateId === RECEIPT_STATE_IDS.VALIDATED ? null : (
                <Badge size="sm" variant="light" color="orange" tt="none" style={{ flexShrink: 0 }}>
                  {messages.receipts.badgeToProcess}
                </Badge>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              {receipt.taxIncluded === null ? null : <Amount value={receipt.taxIncluded} />}
              <Tooltip label="Télécharger">
                <ActionIcon
                  component="a"
                  href={receiptDownloadUrl(receipt.id)}
                  download
                  variant="subtle"
                  aria-label={`Télécharger ${receipt.name}`}
                >
                  <IconDownload size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Dissocier">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  loading={detaching === receipt.id}
                  disabled={detaching !== null && detaching !== receipt.id}
                  onClick={() => onDetach(receipt.id)}
                  aria-label={`Dissocier ${receipt.name}`}
                >
                  <IconLinkOff size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  )
}
