import type { ReceiptEInvoicingDto } from '@app/domain'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { LifecycleBadge } from '../../../components/e-invoicing/LifecycleBadge'
import { LifecycleTimeline } from '../../../components/e-invoicing/LifecycleTimeline'
import { BuyerAnswerModal } from './BuyerAnswerModal'
import { allowedAnswers, type BuyerStatusCode } from './buyerAnswers'

/**
 * A supplier invoice received through the PA: its status, the buyer's answers the code list still allows, and the
 * statuses so far. `onDialogChange` tells the drawer a dialog takes Escape.
 */
export function ReceiptEInvoicingSection({
  receipt,
  onDialogChange,
}: {
  receipt: { id: number; eInvoicing: ReceiptEInvoicingDto | null }
  onDialogChange?: (open: boolean) => void
}) {
  const [answering, setAnswering] = useState<BuyerStatusCode | null>(null)
  useEffect(() => onDialogChange?.(answering !== null), [answering, onDialogChange])
  const info = receipt.eInvoicing
  if (!info) return null
  const answers = allowedAnswers(info.status)
  const titleId = `receipt-e-invoicing-${receipt.id}`
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId} mb="md">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text id={titleId} component="h3" size="sm" fw={600} m={0}>
          Facture électronique reçue
        </Text>
        <LifecycleBadge code={info.status} label={info.statusLabel} />
      </Group>
      {answers.length > 0 ? (
        <Stack gap={6}>
          <Text size="sm">Ta réponse à ton fournisseur :</Text>
          <Group gap="xs" wrap="wrap" role="group" aria-label="Réponses au fournisseur">
            {answers.map((answer) => (
              <Button
                key={answer.code}
                size="compact-sm"
                variant={answer.code === 205 ? 'filled' : answer.code === 210 ? 'light' : 'default'}
                color={answer.code === 210 ? 'red' : undefined}
                onClick={() => setAnswering(answer.code)}
              >
                {answer.verb}
              </Button>
            ))}
          </Group>
        </Stack>
      ) : null}
      <LifecycleTimeline events={info.events} side="buyer" />
      <BuyerAnswerModal receiptId={receipt.id} code={answering} onClose={() => setAnswering(null)} />
    </Stack>
  )
}
