import {
  canInvoice,
  formatEuro,
  type InvoiceAction,
  type InvoiceDto,
  type InvoiceForActions,
  type InvoiceListItemDto,
  type InvoicePaymentDto,
  type InvoiceStateCode,
  invoiceActions,
  isPositive,
  messages,
  PAYMENT_METHOD_LABELS,
  paymentMessages,
} from '@app/domain'
import {
  IconCash,
  IconCreditCardRefund,
  IconHourglass,
  IconReceiptRefund,
  IconRepeat,
  IconRosetteDiscountCheck,
  IconSend,
  IconWallet,
} from '@tabler/icons-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { lazyModal } from '../../../app/lazyPage'
import { useFeature } from '../../../app/plan'
import { toastSuccess, toastWithTitle } from '../../../lib/toast'
import { ConfirmModal } from '../../ConfirmModal'
import { PremiumStar } from '../../PremiumStar'
import { downloadDocumentPdf } from '../../pdf/download'
import { RecurringUpsellModal } from '../../subscriptions/RecurringUpsell'
import {
  DeleteDocumentConfirm,
  DocumentActionsButton,
  DocumentRowMenu,
  type MenuEntry,
  menuItems,
  useDocumentDialog,
} from '../DocumentActions'
import { day } from '../DocumentDrawer'
import { DOCUMENT_ENTRIES, DocumentMenuItems } from '../DocumentMenuItems'
import {
  useCreditNote,
  useDeleteInvoice,
  useDuplicateAsRecurring,
  useDuplicateInvoice,
  useInvoice,
  useMarkInvoiceAsPending,
  useMarkInvoiceAsSent,
  useRemoveInvoicePayment,
} from '../documentQueries'
import { toastActionError } from '../documentUi'
import { useCopyShareLink } from '../ShareLinkItems'
import { modalTexts } from './invoiceModalTexts'

// The dialogs come with their first opening: a list of invoices shows without their forms.
const MarkAsPaidModal = lazyModal(
  () => import('./InvoiceModals'),
  (module) => module.MarkAsPaidModal,
)
const RecordPaymentModal = lazyModal(
  () => import('./InvoiceModals'),
  (module) => module.RecordPaymentModal,
)
const PartialCreditModal = lazyModal(
  () => import('./InvoiceModals'),
  (module) => module.PartialCreditModal,
)
const ValidateInvoiceModal = lazyModal(
  () => import('./ValidateInvoiceModal'),
  (module) => module.ValidateInvoiceModal,
)
const SendEmailDrawer = lazyModal(
  () => import('../SendEmailDrawer'),
  (module) => module.SendEmailDrawer,
)

/** What the state table needs of an invoice (full document: lines and what remains to credit). */
export const invoiceForActions = (invoice: InvoiceDto): InvoiceForActions => ({
  stateCode: invoice.state.code as InvoiceStateCode,
  isCreditNote: invoice.isCreditNote,
  hasContact: invoice.contactId !== null,
  linesCount: invoice.lines.length,
  remainingToCredit: invoice.remainingToCredit,
})

/** Whether a list row may change its payment date (PAID only; the state alone decides). */
export const canChangePaymentDate = (invoice: InvoiceListItemDto) =>
  canInvoice('changePaymentDate', {
    stateCode: invoice.state.code as InvoiceStateCode,
    isCreditNote: invoice.isCreditNote,
    hasContact: invoice.contactId !== null,
    linesCount: 0,
  })

/** The actions in menu order (the PDF download comes first, the share link's revocation last). */
const MENU: MenuEntry<InvoiceAction, InvoiceDto>[] = [
  DOCUMENT_ENTRIES.edit,
  DOCUMENT_ENTRIES.validate,
  DOCUMENT_ENTRIES.sendByEmail,
  { action: 'markAsSent', label: 'Marquer comme envoyée', icon: <IconSend size={16} /> },
  { action: 'recordPayment', label: modalTexts.recordPaymentTitle, icon: <IconCash size={16} /> },
  { action: 'markAsPaid', label: 'Marquer comme payée', icon: <IconWallet size={16} /> },
  { action: 'paidPdf', label: 'Facture acquittée', icon: <IconRosetteDiscountCheck size={16} /> },
  { action: 'markAsPending', label: 'En attente de règlement', icon: <IconHourglass size={16} /> },
  DOCUMENT_ENTRIES.resend,
  DOCUMENT_ENTRIES.share,
  { action: 'partialCreditNote', label: 'Avoir partiel', icon: <IconReceiptRefund size={16} /> },
  { action: 'totalCreditNote', label: 'Avoir total', icon: <IconCreditCardRefund size={16} /> },
  DOCUMENT_ENTRIES.duplicate,
  {
    action: 'createRecurring',
    label: messages.recurring.createFromInvoice,
    icon: <IconRepeat size={16} />,
    rightSection: <PremiumStar />,
  },
  DOCUMENT_ENTRIES.delete,
]

/** On a plan without recurring invoices the entry stays, locked by a star, and opens the upsell. */
const LOCKED_MENU = MENU.map((entry) =>
  entry.action === 'createRecurring' ? { ...entry, rightSection: <PremiumStar locked /> } : entry,
)

type DialogKind = 'validate' | 'delete' | 'paid' | 'payment' | 'partial' | 'total' | 'send'

/** The actions the state table allows, less a payment when nothing is left to pay (credit notes cover the rest). */
const allowedActions = (invoice: InvoiceDto) =>
  invoiceActions(invoiceForActions(invoice)).filter(
    (action) => action !== 'recordPayment' || isPositive(invoice.remainingToPay),
  )

/** A payment recorded by hand, to be removed once confirmed. */
type PaymentRemoval = { invoice: InvoiceDto; payment: InvoicePaymentDto & { id: number } }

/**
 * The invoice actions, shared by the list rows and the details drawer: `items(invoice)` are the menu entries the
 * state table allows (canInvoice), `dialogs` the confirmations and modals they open.
 */
export function useInvoiceActions({ onDeleted }: { onDeleted?: (id: number) => void } = {}) {
  const navigate = useNavigate()
  const { dialog, open, close, docOf } = useDocumentDialog<DialogKind, InvoiceDto>()
  const markAsSent = useMarkInvoiceAsSent()
  const markAsPending = useMarkInvoiceAsPending()
  const duplicate = useDuplicateInvoice()
  const duplicateAsRecurring = useDuplicateAsRecurring()
  const hasRecurring = useFeature('recurring_invoices') === true
  const [upsellOpen, setUpsellOpen] = useState(false)
  const creditNote = useCreditNote()
  const remove = useDeleteInvoice()
  const removePayment = useRemoveInvoicePayment()
  const [removal, setRemoval] = useState<PaymentRemoval | null>(null)
  const copyShareLink = useCopyShareLink('invoice')
  const toastDone = { onSuccess: () => toastSuccess(), onError: toastActionError }
  /** The callbacks of a confirmed action: its toast, the error toast, then the confirmation closes. */
  const settle = (onSuccess: () => void) => ({ onSuccess, onError: toastActionError, onSettled: close })

  const run = (action: InvoiceAction, invoice: InvoiceDto) => {
    switch (action) {
      case 'edit':
        return navigate(`/app/sales/invoices/${invoice.id}`)
      case 'validate':
      case 'delete':
        return open(action, invoice)
      case 'markAsPaid':
        return open('paid', invoice)
      case 'recordPayment':
        return open('payment', invoice)
      case 'partialCreditNote':
        return open('partial', invoice)
      case 'totalCreditNote':
        return open('total', invoice)
      case 'markAsSent':
        return markAsSent.mutate(invoice.id, toastDone)
      case 'markAsPending':
        return markAsPending.mutate(invoice.id, toastDone)
      case 'sendByEmail':
      case 'resend':
        return open('send', invoice)
      case 'share':
        return copyShareLink(invoice.id)
      case 'paidPdf':
        return void downloadDocumentPdf({ model: 'invoices', id: invoice.id }, { paid: true })
      case 'duplicate':
        return duplicate.mutate(invoice.id, {
          onSuccess: (copy) => navigate(`/app/sales/invoices/${copy.id}`),
          onError: toastActionError,
        })
      case 'createRecurring':
        if (!hasRecurring) return setUpsellOpen(true)
        // spec/sales.md §4: after duplicating as recurring, the user lands on the new recurring invoice.
        return duplicateAsRecurring.mutate(invoice.id, {
          onSuccess: (subscription) => navigate(`/app/sales/subscriptions/${subscription.id}`),
          onError: toastActionError,
        })
      default:
        return undefined
    }
  }

  const items = (invoice: InvoiceDto) => (
    <DocumentMenuItems kind="invoice" id={invoice.id} shareable={canInvoice('share', invoiceForActions(invoice))}>
      {menuItems(hasRecurring ? MENU : LOCKED_MENU, allowedActions(invoice), invoice, run)}
    </DocumentMenuItems>
  )

  const dialogs = (
    <>
      <ValidateInvoiceModal opened={dialog?.kind === 'validate'} invoice={docOf('validate')} onClose={close} />
      <DeleteDocumentConfirm id={docOf('delete')?.id ?? null} remove={remove} onClose={close} onDeleted={onDeleted} />
      <ConfirmModal
        opened={dialog?.kind === 'total'}
        onClose={close}
        title={modalTexts.totalTitle}
        message={messages.documents.totalCreditNoteConfirm}
        confirmLabel={modalTexts.createCreditNote}
        loading={creditNote.isPending}
        onConfirm={() =>
          dialog &&
          creditNote.mutate(
            { id: dialog.doc.id, partial: false },
            settle(() =>
              toastWithTitle({
                title: messages.documents.creditNoteCreated,
                message: messages.documents.creditNoteCreatedText,
              }),
            ),
          )
        }
      />
      <MarkAsPaidModal opened={dialog?.kind === 'paid'} invoice={docOf('paid')} onClose={close} />
      <RecordPaymentModal opened={dialog?.kind === 'payment'} invoice={docOf('payment')} onClose={close} />
      <ConfirmModal
        opened={removal !== null}
        onClose={() => setRemoval(null)}
        title={removal ? modalTexts.removePaymentTitle(day(removal.payment.paidAt) ?? '') : ''}
        message={
          removal
            ? modalTexts.removePaymentText(
                formatEuro(removal.payment.amount),
                PAYMENT_METHOD_LABELS[removal.payment.method],
              )
            : null
        }
        loading={removePayment.isPending}
        onConfirm={() =>
          removal &&
          removePayment.mutate(
            { id: removal.invoice.id, paymentId: removal.payment.id },
            {
              onSuccess: () => toastSuccess(paymentMessages.deleted),
              onError: toastActionError,
              onSettled: () => setRemoval(null),
            },
          )
        }
      />
      <PartialCreditModal opened={dialog?.kind === 'partial'} invoice={docOf('partial')} onClose={close} />
      <SendEmailDrawer
        opened={dialog?.kind === 'send'}
        kind="invoice"
        documentId={docOf('send')?.id ?? null}
        onClose={close}
      />
      <RecurringUpsellModal opened={upsellOpen} onClose={() => setUpsellOpen(false)} />
    </>
  )

  return {
    items,
    dialogs,
    dialogOpen: dialog !== null || upsellOpen || removal !== null,
    /** "Enregistrer un paiement" from the invoice's details. */
    recordPayment: (invoice: InvoiceDto) => open('payment', invoice),
    /** Asks before removing a payment recorded by hand (a reconciled one has no id: its bank line carries it). */
    removePayment: (invoice: InvoiceDto, payment: InvoicePaymentDto) => {
      if (payment.id !== null) setRemoval({ invoice, payment: { ...payment, id: payment.id } })
    },
  }
}

export type InvoiceActionsApi = ReturnType<typeof useInvoiceActions>

/** The "…" menu of an invoice row: its dropdown mounts on opening, and only then loads the invoice. */
export function InvoiceRowMenu({ invoice, actions }: { invoice: InvoiceListItemDto; actions: InvoiceActionsApi }) {
  return <DocumentRowMenu id={invoice.id} label={invoice.name} useDocument={useInvoice} items={actions.items} />
}

/** The actions area of the details drawer: the same entries behind an "Actions" button. */
export function InvoiceActionsButton({ invoice, actions }: { invoice: InvoiceDto; actions: InvoiceActionsApi }) {
  return <DocumentActionsButton>{actions.items(invoice)}</DocumentActionsButton>
}
