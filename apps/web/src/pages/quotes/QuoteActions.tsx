import {
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
import { Button, Center, Loader, Menu } from '@mantine/core'
import {
  IconCheck,
  IconChevronDown,
  IconCopy,
  IconFileInvoice,
  IconPencil,
  IconReceipt2,
  IconSend,
  IconThumbDown,
  IconThumbUp,
  IconTrash,
} from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmModal } from '../../components/ConfirmModal'
import { RowActionsMenu } from '../../components/list/RowActionsMenu'
import { toastSuccess } from '../../lib/toast'
import {
  useChangeQuoteState,
  useDeleteQuote,
  useDuplicateQuote,
  useQuote,
  useQuoteToInvoice,
} from '../documents/documentQueries'
import { toastActionError } from '../invoices/documentUi'
import { DepositModal } from './DepositModal'

export const quoteForActions = (quote: QuoteDto): QuoteForActions => ({
  stateCode: quote.state.code as QuoteStateCode,
  hasContact: quote.contactId !== null,
  linesCount: quote.lines.length,
  hasFinalInvoice: quote.invoiceId !== null,
  isNumbered: quote.reference !== null,
  hasDraftDeposits: quote.deposits.some((deposit) => deposit.state.code === 'DRAFT'),
})

const MENU: { action: QuoteAction; label: (quote: QuoteDto) => string; icon: ReactNode; color?: string }[] = [
  { action: 'edit', label: () => 'Modifier', icon: <IconPencil size={16} /> },
  { action: 'validate', label: () => 'Valider', icon: <IconCheck size={16} /> },
  { action: 'markAsSent', label: () => 'Marquer comme envoyé', icon: <IconSend size={16} /> },
  { action: 'win', label: () => 'Gagné', icon: <IconThumbUp size={16} /> },
  { action: 'lose', label: () => 'Perdu', icon: <IconThumbDown size={16} /> },
  {
    action: 'toInvoice',
    label: (quote) => (quote.depositsCount > 0 ? messages.documents.toFinalInvoice : messages.documents.toInvoice),
    icon: <IconFileInvoice size={16} />,
  },
  { action: 'deposit', label: () => messages.documents.createDeposit, icon: <IconReceipt2 size={16} /> },
  { action: 'duplicate', label: () => 'Dupliquer', icon: <IconCopy size={16} /> },
  { action: 'delete', label: () => 'Supprimer', icon: <IconTrash size={16} />, color: 'red' },
]

type Dialog = { kind: 'validate' | 'delete' | 'deposit'; quote: QuoteDto }

/** The quote actions, shared by the list rows and the details drawer (canQuote decides which show). */
export function useQuoteActions({ onDeleted }: { onDeleted?: (id: number) => void } = {}) {
  const navigate = useNavigate()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const changeState = useChangeQuoteState()
  const duplicate = useDuplicateQuote()
  const toInvoice = useQuoteToInvoice()
  const remove = useDeleteQuote()
  const close = () => setDialog(null)

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
        return setDialog({ kind: action, quote })
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

  const items = (quote: QuoteDto) => {
    const allowed = quoteActions(quoteForActions(quote))
    return MENU.filter((entry) => allowed.includes(entry.action)).map((entry) => (
      <Menu.Item
        key={entry.action}
        color={entry.color}
        leftSection={entry.icon}
        onClick={() => run(entry.action, quote)}
      >
        {entry.label(quote)}
      </Menu.Item>
    ))
  }

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
        onConfirm={() => dialog && moveTo(dialog.quote, 'validate', close)}
      />
      <ConfirmModal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        loading={remove.isPending}
        onConfirm={() => {
          if (!dialog) return
          const { id } = dialog.quote
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
      <DepositModal quote={dialog?.kind === 'deposit' ? dialog.quote : null} onClose={close} />
    </>
  )

  return { items, dialogs, dialogOpen: dialog !== null }
}

export type QuoteActionsApi = ReturnType<typeof useQuoteActions>

function LoadedItems({ id, actions }: { id: number; actions: QuoteActionsApi }) {
  const query = useQuote(id)
  if (query.isError) return <Menu.Label>{messages.generic.errorShort}</Menu.Label>
  if (!query.data)
    return (
      <Center p="sm">
        <Loader size="sm" aria-label="Chargement" />
      </Center>
    )
  return <>{actions.items(query.data)}</>
}

/** The "…" menu of a quote row: its dropdown mounts on opening, and only then loads the quote. */
export function QuoteRowMenu({ quote, actions }: { quote: QuoteListItemDto; actions: QuoteActionsApi }) {
  return (
    <RowActionsMenu label={quote.name}>
      <LoadedItems id={quote.id} actions={actions} />
    </RowActionsMenu>
  )
}

export function QuoteActionsButton({ quote, actions }: { quote: QuoteDto; actions: QuoteActionsApi }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{actions.items(quote)}</Menu.Dropdown>
    </Menu>
  )
}
