import { formatDateFr, type IsoDate, type ReceiptDto } from '@app/domain'
import { Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Amount } from '../../documents/documentUi'

/** How a suggestion names a receipt: its supplier, else its file's name. */
export const receiptLabel = (receipt: Pick<ReceiptDto, 'contact' | 'name'>) => receipt.contact?.name ?? receipt.name

/** One side of a suggestion: a label, its date and its amount (a receipt's TTC, a bank line's signed amount). */
export function MatchSide({
  icon,
  label,
  datedAt,
  amount,
}: {
  icon: ReactNode
  label: string
  datedAt: string | null
  amount: string | null
}) {
  return (
    <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: 1 }}>
      {icon}
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={600} truncate>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {datedAt ? formatDateFr(datedAt.slice(0, 10) as IsoDate) : 'Date à renseigner'}
        </Text>
      </Stack>
      {amount === null ? null : <Amount value={amount} />}
    </Group>
  )
}
