import { type InvoiceListItemDto, messages, type SubscriptionAction, subscriptionActions } from '@app/domain'
import { Checkbox } from '@mantine/core'
import { IconCopy, IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmModal } from '../../components/ConfirmModal'
import {
  DeleteDocumentConfirm,
  type MenuEntry,
  menuItems,
  useDocumentDialog,
} from '../../components/documents/DocumentActions'
import { useDeleteInvoice, useDuplicateAsRecurring } from '../../components/documents/documentQueries'
import { toastActionError } from '../../components/documents/documentUi'
import { RowActionsMenu } from '../../components/list/RowActionsMenu'
import { subscriptionTexts } from '../../components/subscriptions/subscriptionTexts'
import { toastError, toastSuccess } from '../../lib/toast'
import { useReactivateSubscription, useSuspendSubscription } from './subscriptionQueries'

export const SUBSCRIPTIONS_BASE = '/app/sales/subscriptions'

/** A recurring invoice as a list row or the editor has it: enough for the state table (canSubscription). */
export type SubscriptionDoc = Pick<InvoiceListItemDto, 'id' | 'name' | 'contactId' | 'recurringParams'>

/** canSubscription's facts; a row without parameters (never for a subscription) is taken as suspended. */
export const subscriptionFacts = (doc: SubscriptionDoc) => ({
  hasContact: doc.contactId !== null,
  isActive: doc.recurringParams?.isActive ?? false,
})

/** The menu, in its order (the state table decides which entries are there). */
const MENU: MenuEntry<SubscriptionAction, SubscriptionDoc>[] = [
  { action: 'edit', label: 'Modifier', icon: <IconPencil size={16} /> },
  { action: 'suspend', label: subscriptionTexts.suspend, icon: <IconPlayerPause size={16} /> },
  { action: 'reactivate', label: subscriptionTexts.reactivate, icon: <IconPlayerPlay size={16} /> },
  { action: 'duplicate', label: 'Dupliquer', icon: <IconCopy size={16} /> },
  { action: 'delete', label: 'Supprimer', icon: <IconTrash size={16} />, color: 'red' },
]

type DialogKind = 'suspend' | 'delete'

/**
 * The recurring invoice actions, shared by the list rows and the editor's header: `items(doc)` are the menu entries
 * the state table allows, `dialogs` the confirmations they open (suspending asks for an acceptance first).
 */
export function useSubscriptionActions({ onDeleted }: { onDeleted?: (id: number) => void } = {}) {
  const navigate = useNavigate()
  const { dialog, open, close, docOf } = useDocumentDialog<DialogKind, SubscriptionDoc>()
  const [accepted, setAccepted] = useState(false)
  const suspend = useSuspendSubscription()
  const reactivate = useReactivateSubscription()
  const duplicate = useDuplicateAsRecurring()
  const remove = useDeleteInvoice()

  const run = (action: SubscriptionAction, doc: SubscriptionDoc) => {
    switch (action) {
      case 'edit':
        return navigate(`${SUBSCRIPTIONS_BASE}/${doc.id}`)
      case 'suspend':
        setAccepted(false)
        return open('suspend', doc)
      case 'delete':
        return open('delete', doc)
      case 'reactivate':
        return reactivate.mutate(doc.id, {
          onSuccess: () => toastSuccess(messages.recurring.reactivated),
          onError: toastActionError,
        })
      case 'duplicate':
        return duplicate.mutate(doc.id, {
          onSuccess: (copy) => navigate(`${SUBSCRIPTIONS_BASE}/${copy.id}`),
          onError: toastActionError,
        })
    }
  }

  /** The entries for `doc`, without those of `omit` (the editor does not offer "Modifier"). */
  const items = (doc: SubscriptionDoc, omit: readonly SubscriptionAction[] = []) =>
    menuItems(
      MENU,
      subscriptionActions(subscriptionFacts(doc)).filter((action) => !omit.includes(action)),
      doc,
      run,
    )

  const suspended = docOf('suspend')
  const dialogs = (
    <>
      <ConfirmModal
        opened={suspended !== null}
        onClose={close}
        title={subscriptionTexts.suspendTitle}
        message={messages.recurring.suspendConfirm}
        confirmLabel={subscriptionTexts.suspend}
        loading={suspend.isPending}
        confirmDisabled={!accepted}
        onConfirm={() =>
          suspended &&
          suspend.mutate(suspended.id, {
            onSuccess: () => toastSuccess(messages.recurring.suspended),
            // spec/sales.md §8: the suspension's own failure text, not the server's.
            onError: () => toastError(undefined, messages.recurring.suspendFailed),
            onSettled: close,
          })
        }
      >
        <Checkbox
          ta="left"
          label={messages.recurring.suspendAccept}
          checked={accepted}
          onChange={(event) => setAccepted(event.currentTarget.checked)}
        />
      </ConfirmModal>
      <DeleteDocumentConfirm id={docOf('delete')?.id ?? null} remove={remove} onClose={close} onDeleted={onDeleted} />
    </>
  )

  return { items, dialogs, dialogOpen: dialog !== null }
}

export type SubscriptionActionsApi = ReturnType<typeof useSubscriptionActions>

/** The "…" menu of a list row: the row already holds what the state table needs. */
export function SubscriptionRowMenu({ doc, actions }: { doc: SubscriptionDoc; actions: SubscriptionActionsApi }) {
  return <RowActionsMenu label={doc.name}>{actions.items(doc)}</RowActionsMenu>
}
