import {
  canInvoice,
  type InvoiceAction,
  type InvoiceDto,
  type InvoiceForActions,
  type InvoiceListItemDto,
  type InvoiceStateCode,
  invoiceActions,
  messages,
} from '@app/domain'
import { Button, Center, Loader, Menu } from '@mantine/core'
import {
  IconCheck,
  IconChevronDown,
  IconCopy,
  IconCreditCardRefund,
  IconHourglass,
  IconPencil,
  IconReceiptRefund,
  IconSend,
  IconTrash,
  IconWallet,
} from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmModal } from '../../components/ConfirmModal'
import { RowActionsMenu } from '../../components/list/RowActionsMenu'
import { toastSuccess, toastWithTitle } from '../../lib/toast'
import {
  useCreditNote,
  useDeleteInvoice,
  useDuplicateInvoice,
  useInvoice,
  useMarkInvoiceAsPending,
  useMarkInvoiceAsSent,
  useValidateInvoice,
} from '../documents/documentQueries'
import { toastActionError } from './documentUi'
import { MarkAsPaidModal, modalTexts, PartialCreditModal } from './InvoiceModals'

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

/** The actions of this issue, in menu order; the PDF, e-mail and recurring ones come later. */
const MENU: { action: InvoiceAction; label: string; icon: ReactNode; color?: string }[] = [
  { action: 'edit', label: 'Modifier', icon: <IconPencil size={16} /> },
  { action: 'validate', label: 'Valider', icon: <IconCheck size={16} /> },
  { action: 'markAsSent', label: 'Marquer comme envoyée', icon: <IconSend size={16} /> },
  { action: 'markAsPaid', label: 'Marquer comme payée', icon: <IconWallet size={16} /> },
  { action: 'markAsPending', label: 'En attente de règlement', icon: <IconHourglass size={16} /> },
  { action: 'partialCreditNote', label: 'Avoir partiel', icon: <IconReceiptRefund size={16} /> },
  { action: 'totalCreditNote', label: 'Avoir total', icon: <IconCreditCardRefund size={16} /> },
  { action: 'duplicate', label: 'Dupliquer', icon: <IconCopy size={16} /> },
  { action: 'delete', label: 'Supprimer', icon: <IconTrash size={16} />, color: 'red' },
]

type Dialog = { kind: 'validate' | 'delete' | 'paid' | 'partial' | 'total'; invoice: InvoiceDto }

/**
 * The invoice actions, shared by the list rows and the details drawer: `items(invoice)` are the menu entries the
 * state table allows (canInvoice), `dialogs` the confirmations and modals they open.
 */
export function useInvoiceActions({ onDeleted }: { onDeleted?: (id: number) => void } = {}) {
  const navigate = useNavigate()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const validate = useValidateInvoice()
  const markAsSent = useMarkInvoiceAsSent()
  const markAsPending = useMarkInvoiceAsPending()
  const duplicate = useDuplicateInvoice()
  const creditNote = useCreditNote()
  const remove = useDeleteInvoice()
  const close = () => setDialog(null)

  const run = (action: InvoiceAction, invoice: InvoiceDto) => {
    switch (action) {
      case 'edit':
        return navigate(`/app/sales/invoices/${invoice.id}`)
      case 'validate':
        return setDialog({ kind: 'validate', invoice })
      case 'delete':
        return setDialog({ kind: 'delete', invoice })
      case 'markAsPaid':
        return setDialog({ kind: 'paid', invoice })
      case 'partialCreditNote':
        return setDialog({ kind: 'partial', invoice })
      case 'totalCreditNote':
        return setDialog({ kind: 'total', invoice })
      case 'markAsSent':
        return markAsSent.mutate(invoice.id, { onSuccess: () => toastSuccess(), onError: toastActionError })
      case 'markAsPending':
        return markAsPending.mutate(invoice.id, { onSuccess: () => toastSuccess(), onError: toastActionError })
      case 'duplicate':
        return duplicate.mutate(invoice.id, {
          onSuccess: (copy) => navigate(`/app/sales/invoices/${copy.id}`),
          onError: toastActionError,
        })
      default:
        return undefined
    }
  }

  const items = (invoice: InvoiceDto) => {
    const allowed = invoiceActions(invoiceForActions(invoice))
    return MENU.filter((entry) => allowed.includes(entry.action)).map((entry) => (
      <Menu.Item
        key={entry.action}
        color={entry.color}
        leftSection={entry.icon}
        onClick={() => run(entry.action, invoice)}
      >
        {entry.label}
      </Menu.Item>
    ))
  }

  const dialogs = (
    <>
      <ConfirmModal
        opened={dialog?.kind === 'validate'}
        onClose={close}
        title={modalTexts.validateTitle}
        message={messages.documents.validateConfirm}
        confirmLabel="Valider"
        danger={false}
        loading={validate.isPending}
        onConfirm={() =>
          dialog &&
          validate.mutate(dialog.invoice.id, {
            onSuccess: () => toastSuccess(messages.documents.validated),
            onError: toastActionError,
            onSettled: close,
          })
        }
      />
      <ConfirmModal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        loading={remove.isPending}
        onConfirm={() => {
          if (!dialog) return
          const { id } = dialog.invoice
          remove.mutate(id, {
            onSuccess: () => {
              toastSuccess()
              onDeleted?.(id)
            },
            onError: toastActionError,
            onSettled: close,
          })
        }}
      />
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
            { id: dialog.invoice.id, partial: false },
            {
              onSuccess: () =>
                toastWithTitle({
                  title: messages.documents.creditNoteCreated,
                  message: messages.documents.creditNoteCreatedText,
                }),
              onError: toastActionError,
              onSettled: close,
            },
          )
        }
      />
      <MarkAsPaidModal invoice={dialog?.kind === 'paid' ? dialog.invoice : null} onClose={close} />
      <PartialCreditModal invoice={dialog?.kind === 'partial' ? dialog.invoice : null} onClose={close} />
    </>
  )

  return { items, dialogs, dialogOpen: dialog !== null }
}

export type InvoiceActionsApi = ReturnType<typeof useInvoiceActions>

/** The menu's entries once the full invoice is loaded (its lines and what remains to credit decide). */
function LoadedItems({ id, actions }: { id: number; actions: InvoiceActionsApi }) {
  const query = useInvoice(id)
  if (query.isError) return <Menu.Label>{messages.generic.errorShort}</Menu.Label>
  if (!query.data)
    return (
      <Center p="sm">
        <Loader size="sm" aria-label="Chargement" />
      </Center>
    )
  return <>{actions.items(query.data)}</>
}

/** The "…" menu of an invoice row: its dropdown mounts on opening, and only then loads the invoice. */
export function InvoiceRowMenu({ invoice, actions }: { invoice: InvoiceListItemDto; actions: InvoiceActionsApi }) {
  return (
    <RowActionsMenu label={invoice.name}>
      <LoadedItems id={invoice.id} actions={actions} />
    </RowActionsMenu>
  )
}

/** The actions area of the details drawer: the same entries behind an "Actions" button. */
export function InvoiceActionsButton({ invoice, actions }: { invoice: InvoiceDto; actions: InvoiceActionsApi }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{actions.items(invoice)}</Menu.Dropdown>
    </Menu>
  )
}
