import {
  canQuote,
  messages,
  QUOTE_ACTION_TARGET,
  QUOTE_STATE_IDS,
  type QuoteAction,
  type QuoteDto,
  type QuoteForActions,
  type QuoteListItemDto,
  type QuoteStateCode,
  quoteActions,
} from '@app/domain'
import { IconFileInvoice, IconReceipt2, IconSend, IconThumbDown, IconThumbUp } from '@tabler/icons-react'
import { useNavigate } from 'react-router'
import { toastSuccess } from '../../../lib/toast'
import { ConfirmModal } from '../../ConfirmModal'
import {
  DeleteDocumentConfirm,
  DocumentActionsButton,
  DocumentRowMenu,
  type MenuEntry,
  menuItems,
  useDocumentDialog,
} from '../DocumentActions'
import { DOCUMENT_ENTRIES, DocumentMenuItems } from '../DocumentMenuItems'
import { useChangeQuoteState, useDeleteQuote, useDuplicateQuote, useQuote, useQuoteToInvoice } from '../documentQueries'
import { toastActionError } from '../documentUi'
import { SendEmailDrawer } from '../SendEmailDrawer'
import { useCopyShareLink } from '../ShareLinkItems'
import { DepositModal } from './DepositModal'

export const quoteForActions = (quote: QuoteDto): QuoteForActions => ({
  stateCode: quote.state.code as QuoteStateCode,
  hasContact: quote.contactId !== null,
  linesCount: quote.lines.length,
  hasFinalInvoice: quote.invoiceId !== null,
  isNumbered: quote.reference !== null,
  hasDraftDeposits: quote.deposits.some((deposit) => deposit.state.code === 'DRAFT'),
})

const MENU: MenuEntry<QuoteAction, QuoteDto>[] = [
  DOCUMENT_ENTRIES.edit,
  DOCUMENT_ENTRIES.validate,
  DOCUMENT_ENTRIES.sendByEmail,
  { action: 'markAsSent', label: 'Marquer comme envoyé', icon: <IconSend size={16} /> },
  DOCUMENT_ENTRIES.resend,
  { action: 'win', label: 'Gagné', icon: <IconThumbUp size={16} /> },
  { action: 'lose', label: 'Perdu', icon: <IconThumbDown size={16} /> },
  {
    action: 'toInvoice',
    label: (quote) => (quote.depositsCount > 0 ? messages.documents.toFinalInvoice : messages.documents.toInvoice),
    icon: <IconFileInvoice size={16} />,
  },
  { action: 'deposit', label: messages.documents.createDeposit, icon: <IconReceipt2 size={16} /> },
  DOCUMENT_ENTRIES.share,
  DOCUMENT_ENTRIES.duplicate,
  DOCUMENT_ENTRIES.delete,
]

type DialogKind = 'validate' | 'delete' | 'deposit' | 'send'

/** The quote actions, shared by the list rows and the details drawer (canQuote decides which show). */
export function useQuoteActions({ onDeleted }: { onDeleted?: (id: number) => void } = {}) {
  const navigate = useNavigate()
  const { dialog, open, close, docOf } = useDocumentDialog<DialogKind, QuoteDto>()
  const changeState = useChangeQuoteState()
  const duplicate = useDuplicateQuote()
  const toInvoice = useQuoteToInvoice()
  const remove = useDeleteQuote()
  const copyShareLink = useCopyShareLink('quote')

  const moveTo = (quote: QuoteDto, action: QuoteAction, onSettled?: () => void) => {
    const target = QUOTE_ACTION_TARGET[action]
    if (!target) return
    changeState.mutate(
      { id: quote.id, stateId: QUOTE_STATE_IDS[target] },
      { onSuccess: () => toastSuccess(), onError: toastActionError, onSettled },
    )
  }

  const run = (action: QuoteAction, quote: QuoteDto) => {
    switch (action) {
      case 'edit':
        return navigate(`/app/sales/quotes/${quote.id}`)
      case 'validate':
      case 'delete':
      case 'deposit':
        return open(action, quote)
      case 'sendByEmail':
      case 'resend':
        return open('send', quote)
      case 'share':
        return copyShareLink(quote.id)
      case 'markAsSent':
      case 'win':
      case 'lose':
        return moveTo(quote, action)
      case 'toInvoice':
        return toInvoice.mutate(quote.id, {
          onSuccess: (invoice) => {
            toastSuccess()
            navigate(`/app/sales/invoices/${invoice.id}`)
          },
          onError: toastActionError,
        })
      case 'duplicate':
        return duplicate.mutate(quote.id, {
          onSuccess: (copy) => navigate(`/app/sales/quotes/${copy.id}`),
          onError: toastActionError,
        })
      default:
        return undefined
    }
  }

  const items = (quote: QuoteDto) => (
    <DocumentMenuItems kind="quote" id={quote.id} shareable={canQuote('share', quoteForActions(quote))}>
      {menuItems(MENU, quoteActions(quoteForActions(quote)), quote, run)}
    </DocumentMenuItems>
  )

  const dialogs = (
    <>
      <ConfirmModal
        opened={dialog?.kind === 'validate'}
        onClose={close}
        title="Valider le devis ?"
        message={messages.documents.validateQuoteConfirm}
        confirmLabel="Valider"
        danger={false}
        loading={changeState.isPending}
        onConfirm={() => dialog && moveTo(dialog.doc, 'validate', close)}
      />
      <DeleteDocumentConfirm id={docOf('delete')?.id ?? null} remove={remove} onClose={close} onDeleted={onDeleted} />
      <DepositModal quote={docOf('deposit')} onClose={close} />
      <SendEmailDrawer kind="quote" documentId={docOf('send')?.id ?? null} onClose={close} />
    </>
  )

  return { items, dialogs, dialogOpen: dialog !== null }
}

export type QuoteActionsApi = ReturnType<typeof useQuoteActions>

/** The "…" menu of a quote row: its dropdown mounts on opening, and only then loads the quote. */
export function QuoteRowMenu({ quote, actions }: { quote: QuoteListItemDto; actions: QuoteActionsApi }) {
  return <DocumentRowMenu id={quote.id} label={quote.name} useDocument={useQuote} items={actions.items} />
}

export function QuoteActionsButton({ quote, actions }: { quote: QuoteDto; actions: QuoteActionsApi }) {
  return <DocumentActionsButton>{actions.items(quote)}</DocumentActionsButton>
}
