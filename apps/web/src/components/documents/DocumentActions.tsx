import { messages } from '@app/domain'
import { Button, Center, Loader, Menu } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { toastSuccess } from '../../lib/toast'
import { ConfirmModal } from '../ConfirmModal'
import { RowActionsMenu } from '../list/RowActionsMenu'
import { toastActionError } from './documentUi'

/** One entry of a document's actions menu; the label may depend on the document (quote → final invoice). */
export type MenuEntry<A extends string, D> = {
  action: A
  label: string | ((doc: D) => string)
  icon: ReactNode
  color?: string
  /** A mark after the label (the premium star). */
  rightSection?: ReactNode
}

/** The menu entries the state table allows (`allowed`), in the menu's order; a click runs the action. */
export function menuItems<A extends string, D>(
  menu: MenuEntry<A, D>[],
  allowed: readonly A[],
  doc: D,
  run: (action: A, doc: D) => void,
) {
  return menu
    .filter((entry) => allowed.includes(entry.action))
    .map((entry) => (
      <Menu.Item
        key={entry.action}
        color={entry.color}
        leftSection={entry.icon}
        rightSection={entry.rightSection}
        onClick={() => run(entry.action, doc)}
      >
        {typeof entry.label === 'function' ? entry.label(doc) : entry.label}
      </Menu.Item>
    ))
}

/** Which dialog (confirmation or modal) is open, and for which document. */
export function useDocumentDialog<K extends string, D>() {
  const [dialog, setDialog] = useState<{ kind: K; doc: D } | null>(null)
  return {
    dialog,
    open: (kind: K, doc: D) => setDialog({ kind, doc }),
    close: () => setDialog(null),
    /** The document of the `kind` dialog when that one is open, null otherwise. */
    docOf: (kind: K) => (dialog?.kind === kind ? dialog.doc : null),
  }
}

/** What a mutation must offer to be settled by a dialog: `mutate(variables, callbacks)` and its pending flag. */
type Mutation<V> = {
  isPending: boolean
  mutate: (
    variables: V,
    options: { onSuccess: () => void; onError: (error: unknown) => void; onSettled: () => void },
  ) => void
}

/** The delete confirmation of a document: on success a toast, then `onDeleted(id)` (the drawer closes). */
export function DeleteDocumentConfirm({
  id,
  remove,
  onClose,
  onDeleted,
}: {
  id: number | null
  remove: Mutation<number>
  onClose: () => void
  onDeleted?: (id: number) => void
}) {
  return (
    <ConfirmModal
      opened={id !== null}
      onClose={onClose}
      loading={remove.isPending}
      onConfirm={() => {
        if (id === null) return
        remove.mutate(id, {
          onSuccess: () => {
            toastSuccess()
            onDeleted?.(id)
          },
          onError: toastActionError,
          onSettled: onClose,
        })
      }}
    />
  )
}

/** The "…" menu of a list row: its dropdown mounts on opening, and only then loads the full document. */
export function DocumentRowMenu<D>({
  id,
  label,
  useDocument,
  items,
}: {
  id: number
  label: string
  useDocument: (id: number) => UseQueryResult<D>
  items: (doc: D) => ReactNode
}) {
  return (
    <RowActionsMenu label={label}>
      <LoadedItems id={id} useDocument={useDocument} items={items} />
    </RowActionsMenu>
  )
}

/** The menu's entries once the full document is loaded (its lines, deposits or credit notes decide). */
function LoadedItems<D>({
  id,
  useDocument,
  items,
}: {
  id: number
  useDocument: (id: number) => UseQueryResult<D>
  items: (doc: D) => ReactNode
}) {
  const query = useDocument(id)
  if (query.isError) return <Menu.Label>{messages.generic.errorShort}</Menu.Label>
  if (!query.data)
    return (
      <Center p="sm">
        <Loader size="sm" aria-label="Chargement" />
      </Center>
    )
  return <>{items(query.data)}</>
}

/** The actions area of a details drawer: the same entries behind an "Actions" button. */
export function DocumentActionsButton({ children }: { children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  )
}
