import { messages, RECEIPT_STATE_IDS, type ReceiptDto } from '@app/domain'
import { Badge } from '@mantine/core'

const LABELS = {
  associated: { label: messages.receipts.badgeAssociated, color: 'teal' },
  toProcess: { label: messages.receipts.badgeToProcess, color: 'orange' },
  toAssociate: { label: messages.receipts.badgeToAssociate, color: 'blue' },
} as const

export const isValidated = (receipt: Pick<ReceiptDto, 'stateId'>) => receipt.stateId === RECEIPT_STATE_IDS.VALIDATED
export const hasFailed = (receipt: Pick<ReceiptDto, 'stateId'>) => receipt.stateId === RECEIPT_STATE_IDS.FAILED

/**
 * The receipt's badge (spec/money.md §4 "Receipt"): Associé, À traiter or À associer, as the server tells it; a
 * receipt whose reading failed (state FAILED) is shown in red.
 */
export function ReceiptBadge({ receipt }: { receipt: Pick<ReceiptDto, 'badge' | 'stateId'> }) {
  const { label, color } = LABELS[receipt.badge]
  const failed = hasFailed(receipt)
  return (
    <Badge
      variant={failed ? 'filled' : 'light'}
      color={failed ? 'red' : color}
      data-badge={receipt.badge}
      data-failed={failed || undefined}
      style={{ flexShrink: 0 }}
    >
      {label}
    </Badge>
  )
}
