import { canInvoice, type DocumentEInvoicingDto, type InvoiceDto, messages } from '@app/domain'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconCopy, IconCreditCardRefund, IconReceiptRefund, IconSend } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { lazyModal } from '../../app/lazyPage'
import { ConfirmModal } from '../../components/ConfirmModal'
import { invoicesKey, useCreditNote, useDuplicateInvoice } from '../../components/documents/documentQueries'
import { toastActionError } from '../../components/documents/documentUi'
import { invoiceForActions } from '../../components/documents/invoices/InvoiceActions'
import { modalTexts } from '../../components/documents/invoices/invoiceModalTexts'
import { LifecycleBadge } from '../../components/e-invoicing/LifecycleBadge'
import { LifecycleTimeline } from '../../components/e-invoicing/LifecycleTimeline'
import { post } from '../../lib/api'
import { toastSuccess, toastWithTitle } from '../../lib/toast'

const PartialCreditModal = lazyModal(
  () => import('../../components/documents/invoices/InvoiceModals'),
  (module) => module.PartialCreditModal,
)

export const eInvoiceTexts = {
  title: 'Facture électronique',
  queued: "En file d'attente",
  retrying: (attempts: number, error: string) =>
    `En file d'attente : ${attempts} essai${attempts > 1 ? 's' : ''} sans réponse (${error}). Carnet réessaie tout seul.`,
  sent: 'Transmise à la plateforme',
  failed: (error: string) => `Échec : ${error}`,
  email: 'Envoyée par e-mail : ce client ne reçoit pas encore de factures électroniques',
  resend: 'Renvoyer',
  sendThroughNetwork: 'Envoyer par la plateforme',
  resent: 'La facture repart vers ta plateforme agréée.',
  rejected:
    "La plateforme a rejeté cette facture avant qu'elle n'arrive chez ton client : elle ne compte pas comme émise. Corrige-la dans une nouvelle facture.",
  refused: 'Ton client a refusé cette facture. Émets un avoir pour l’annuler, puis une facture corrigée si besoin.',
  disputed:
    'Ton client conteste cette facture. Émets un avoir (total ou partiel), puis une facture corrigée si besoin.',
  duplicate: 'Dupliquer pour corriger',
  totalCreditNote: 'Créer un avoir total',
  partialCreditNote: 'Créer un avoir partiel',
} as const

/** Where the document is in the outbox: waiting, handed to the PA, failed, or sent by e-mail instead. */
function Delivery({ info }: { info: DocumentEInvoicingDto }) {
  if (info.delivery === 'sent') return <Text size="sm">{eInvoiceTexts.sent}</Text>
  if (info.delivery === 'skipped') return <Text size="sm">{eInvoiceTexts.email}</Text>
  if (info.delivery === 'failed')
    return (
      <Text size="sm" c="red">
        {eInvoiceTexts.failed(info.lastError ?? messages.generic.error)}
      </Text>
    )
  return (
    <Text size="sm" c="dimmed">
      {info.attempts > 0 && info.lastError
        ? eInvoiceTexts.retrying(info.attempts, info.lastError)
        : eInvoiceTexts.queued}
    </Text>
  )
}

/**
 * « Facture électronique » in an invoice's details: its lifecycle status, how it travelled, its statuses with their
 * reasons and actions, and what the user can do next: send again a failed one, correct a rejected one (213), credit a
 * refused or disputed one (210, 207). `onDialogChange` tells the drawer a dialog takes Escape.
 */
export function InvoiceEInvoicingSection({
  invoice,
  onDialogChange,
}: {
  invoice: InvoiceDto
  onDialogChange: (open: boolean) => void
}) {
  const info = invoice.eInvoicing
  const client = useQueryClient()
  const navigate = useNavigate()
  const [dialog, setDialog] = useState<'total' | 'partial' | null>(null)
  useEffect(() => onDialogChange(dialog !== null), [dialog, onDialogChange])
  const creditNote = useCreditNote()
  const duplicate = useDuplicateInvoice()
  const resend = useMutation({
    mutationFn: () => post(`/invoices/${invoice.id}/e-invoice`),
    onSuccess: () => {
      toastSuccess(eInvoiceTexts.resent)
      return client.invalidateQueries({ queryKey: invoicesKey })
    },
    onError: toastActionError,
  })
  if (!info) return null

  const state = invoiceForActions(invoice)
  const titleId = `invoice-e-invoicing-${invoice.id}`
  const canResend = info.delivery === 'failed' || info.delivery === 'skipped'
  const creditable = info.status === 210 || info.status === 207
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text id={titleId} component="h3" size="sm" fw={600} m={0}>
          {eInvoiceTexts.title}
        </Text>
        {info.channel === 'network' ? <LifecycleBadge code={info.status} label={info.statusLabel} /> : null}
      </Group>
      <Delivery info={info} />
      {canResend ? (
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconSend size={16} aria-hidden />}
          loading={resend.isPending}
          onClick={() => resend.mutate()}
          style={{ alignSelf: 'flex-start' }}
        >
          {info.delivery === 'failed' ? eInvoiceTexts.resend : eInvoiceTexts.sendThroughNetwork}
        </Button>
      ) : null}
      {info.status === 213 ? (
        <Alert color="red" variant="light" p="sm">
          <Stack gap="xs">
            <Text size="sm">{eInvoiceTexts.rejected}</Text>
            {canInvoice('duplicate', state) ? (
              <Button
                variant="white"
                size="compact-sm"
                leftSection={<IconCopy size={16} aria-hidden />}
                loading={duplicate.isPending}
                style={{ alignSelf: 'flex-start' }}
                onClick={() =>
                  duplicate.mutate(invoice.id, {
                    onSuccess: (copy) => navigate(`/app/sales/invoices/${copy.id}`),
                    onError: toastActionError,
                  })
                }
              >
                {eInvoiceTexts.duplicate}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {creditable ? (
        <Alert color="orange" variant="light" p="sm">
          <Stack gap="xs">
            <Text size="sm">{info.status === 210 ? eInvoiceTexts.refused : eInvoiceTexts.disputed}</Text>
            <Group gap="xs" wrap="wrap">
              {canInvoice('totalCreditNote', state) ? (
                <Button
                  variant="white"
                  size="compact-sm"
                  leftSection={<IconCreditCardRefund size={16} aria-hidden />}
                  onClick={() => setDialog('total')}
                >
                  {eInvoiceTexts.totalCreditNote}
                </Button>
              ) : null}
              {canInvoice('partialCreditNote', state) ? (
                <Button
                  variant="white"
                  size="compact-sm"
                  leftSection={<IconReceiptRefund size={16} aria-hidden />}
                  onClick={() => setDialog('partial')}
                >
                  {eInvoiceTexts.partialCreditNote}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {info.channel === 'network' ? <LifecycleTimeline events={info.events} side="seller" /> : null}
      {/* The same confirmation and modal as the « Avoir total » and « Avoir partiel » of the actions menu. */}
      <ConfirmModal
        opened={dialog === 'total'}
        onClose={() => setDialog(null)}
        title={modalTexts.totalTitle}
        message={messages.documents.totalCreditNoteConfirm}
        confirmLabel={modalTexts.createCreditNote}
        loading={creditNote.isPending}
        onConfirm={() =>
          creditNote.mutate(
            { id: invoice.id, partial: false },
            {
              onSuccess: () =>
                toastWithTitle({
                  title: messages.documents.creditNoteCreated,
                  message: messages.documents.creditNoteCreatedText,
                }),
              onError: toastActionError,
              onSettled: () => setDialog(null),
            },
          )
        }
      />
      <PartialCreditModal
        opened={dialog === 'partial'}
        invoice={dialog === 'partial' ? invoice : null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  )
}
