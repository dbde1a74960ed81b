import { formatDateFr, formatEuro, type IsoDate, messages, type ReceiptDto } from '@app/domain'
import { Button, Group, Menu, Stack, Text } from '@mantine/core'
import { IconDownload, IconEye, IconPencil, IconTrash } from '@tabler/icons-react'
import { Link } from 'react-router'
import { ListRow } from '../../../components/list/ListPage'
import { RowActionsMenu } from '../../../components/list/RowActionsMenu'
import { isValidated, ReceiptBadge } from './ReceiptBadge'
import { receiptEditorPath } from './receiptParams'

/**
 * One receipt of the list: its name (which opens the preview), supplier, date and amount including tax, its badge
 * (with the reason of a failed reading, in red), "Traiter" while it is not validated, and the menu: preview,
 * download, delete.
 */
export function ReceiptRow({
  receipt,
  onOpen,
  onDownload,
  onDelete,
}: {
  receipt: ReceiptDto
  onOpen: () => void
  onDownload: () => void
  onDelete: () => void
}) {
  const editable = !isValidated(receipt)
  return (
    <ListRow
      label={receipt.name}
      onOpen={onOpen}
      actions={
        <>
          {editable ? (
            <Button
              component={Link}
              to={receiptEditorPath(receipt.id)}
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} />}
              aria-label={`Traiter ${receipt.name}`}
            >
              Traiter
            </Button>
          ) : null}
          <RowActionsMenu label={receipt.name}>
            <Menu.Item leftSection={<IconEye size={16} />} onClick={onOpen}>
              Aperçu
            </Menu.Item>
            <Menu.Item leftSection={<IconDownload size={16} />} onClick={onDownload}>
              Télécharger
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              Supprimer
            </Menu.Item>
          </RowActionsMenu>
        </>
      }
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate>
            {receipt.name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {receipt.reading
              ? messages.receipts.reading
              : [
                  receipt.contact?.name ?? receipt.supplierName,
                  receipt.datedAt ? formatDateFr(receipt.datedAt.slice(0, 10) as IsoDate) : null,
                ]
                  .filter(Boolean)
                  .join(' · ') || 'Fournisseur et date à renseigner'}
          </Text>
          {receipt.failure ? (
            <Text size="sm" c="red">
              {receipt.failure}
            </Text>
          ) : null}
        </Stack>
        <Group gap="sm" wrap="nowrap">
          {receipt.taxIncluded !== null ? (
            <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatEuro(receipt.taxIncluded)}
            </Text>
          ) : null}
          <ReceiptBadge receipt={receipt} />
        </Group>
      </Group>
    </ListRow>
  )
}
