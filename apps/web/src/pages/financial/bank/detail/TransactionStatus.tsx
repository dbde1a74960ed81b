import { messages, type TransactionDto } from '@app/domain'
import { ActionIcon, Badge, Button, Group, Menu, Tooltip } from '@mantine/core'
import {
  IconCircleCheckFilled,
  IconDots,
  IconEdit,
  IconFileInvoice,
  IconLock,
  IconLockOpen,
  IconTrash,
} from '@tabler/icons-react'
import { useState } from 'react'
import { ConfirmModal } from '../../../../components/ConfirmModal'
import {
  useDeleteTransaction,
  useToggleCheck,
  useToggleValidate,
} from '../../../../components/transactions/detail/transactionQueries'
import { categorisedByInvoices, invoiceCategoryLabel } from '../../../../components/transactions/invoiceCategory'
import { toastError, toastSuccess, toastWithTitle } from '../../../../lib/toast'

const m = messages.transactions
const SAVE_FIRST = 'Enregistre d’abord tes modifications.'

/** A button with the reason it is disabled on hover (a disabled button gets no events: the wrapper takes them). */
function Reasoned({ reason, children }: { reason: string | null; children: React.ReactNode }) {
  if (!reason) return children
  return (
    <Tooltip label={reason} multiline w={260}>
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Tooltip>
  )
}

/**
 * Check, validate and lock (spec/money.md §4, §6): "Valider" ticks a categorised transaction (a green tick,
 * "Invalider" takes it back), "Verrouiller" validates it (a lock, that only a user with canDeleteTransaction opens).
 * Both need a split (or invoices the line pays), and a form without unsaved changes. The Admin part of the menu, for those users: edit a locked
 * transaction without its check (unlock it), and delete it after confirmation. A line that pays invoices without a
 * split says first that they categorise it (« Facture F-… »), never that it is to categorise.
 */
export function TransactionStatus({
  transaction,
  canDeleteTransaction,
  dirty,
  onDeleted,
  onDialogChange,
}: {
  transaction: TransactionDto
  canDeleteTransaction: boolean
  dirty: boolean
  onDeleted: () => void
  onDialogChange: (open: boolean) => void
}) {
  const toggleCheck = useToggleCheck(transaction.id)
  const toggleValidate = useToggleValidate(transaction.id)
  const remove = useDeleteTransaction(transaction.id)
  const [confirming, setConfirming] = useState(false)
  const locked = transaction.isChecked || transaction.isValidated
  const busy = toggleCheck.isPending || toggleValidate.isPending
  const byInvoices = categorisedByInvoices(transaction)
  // A split, or the invoices the line pays (they categorise it), lets it be checked and locked.
  const reason =
    transaction.transactionAllocations.length === 0 && !byInvoices
      ? m.needsAllocations
      : dirty && !locked
        ? SAVE_FIRST
        : null

  const run = (mutation: typeof toggleCheck) => mutation.mutate(undefined, { onError: (error) => toastError(error) })
  const openConfirm = (open: boolean) => {
    setConfirming(open)
    onDialogChange(open)
  }
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        openConfirm(false)
        toastSuccess(m.deleted)
        onDeleted()
      },
      onError: () => {
        openConfirm(false)
        toastWithTitle({ title: m.deleteFailedTitle, message: m.deleteFailed, color: 'red' })
      },
    })

  return (
    <Group gap="xs" wrap="wrap">
      {byInvoices ? (
        <Badge
          size="lg"
          variant="light"
          color="teal"
          tt="none"
          leftSection={<IconFileInvoice size={14} aria-hidden />}
          maw="100%"
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {invoiceCategoryLabel(transaction.invoices)}
        </Badge>
      ) : null}
      {transaction.isValidated ? null : (
        <Reasoned reason={reason}>
          <Button
            size="xs"
            variant={transaction.isChecked ? 'light' : 'default'}
            color={transaction.isChecked ? 'green' : undefined}
            leftSection={<IconCircleCheckFilled size={16} color={transaction.isChecked ? undefined : 'gray'} />}
            disabled={reason !== null}
            loading={toggleCheck.isPending}
            onClick={() => run(toggleCheck)}
          >
            {transaction.isChecked ? 'Invalider' : 'Valider'}
          </Button>
        </Reasoned>
      )}
      {transaction.isValidated ? (
        <Reasoned reason={canDeleteTransaction ? null : m.unlockForbidden}>
          <Button
            size="xs"
            variant="filled"
            color="dark"
            leftSection={<IconLock size={16} />}
            disabled={!canDeleteTransaction}
            loading={toggleValidate.isPending}
            onClick={() => run(toggleValidate)}
          >
            Déverrouiller
          </Button>
        </Reasoned>
      ) : (
        <Reasoned reason={reason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLockOpen size={16} />}
            disabled={reason !== null}
            loading={toggleValidate.isPending}
            onClick={() => run(toggleValidate)}
          >
            Verrouiller
          </Button>
        </Reasoned>
      )}
      {canDeleteTransaction ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="md" aria-label="Actions" disabled={busy}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Admin</Menu.Label>
            {locked ? (
              <Menu.Item
                leftSection={<IconEdit size={16} />}
                onClick={() => run(transaction.isValidated ? toggleValidate : toggleCheck)}
              >
                Modifier sans vérification
              </Menu.Item>
            ) : null}
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => openConfirm(true)}>
              Supprimer
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : null}
      <ConfirmModal
        opened={confirming}
        onClose={() => openConfirm(false)}
        onConfirm={confirmDelete}
        title={m.deleteConfirm}
        message={messages.generic.irreversible}
        loading={remove.isPending}
      />
    </Group>
  )
}
