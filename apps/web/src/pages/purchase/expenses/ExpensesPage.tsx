import { formatDateFr, formatEuro, messages, type TransactionDto } from '@app/domain'
import { Alert, Button, Group, Menu, Stack, Text, Tooltip } from '@mantine/core'
import { IconInfoCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { ConfirmModal } from '../../../components/ConfirmModal'
import {
  EXPENSES_PATH,
  expensePath,
  useDeleteExpense,
  useExpenseAccounts,
  useExpenseList,
} from '../../../components/expenses/expenseQueries'
import { ListBody, ListPage, ListRow } from '../../../components/list/ListPage'
import { RowActionsMenu } from '../../../components/list/RowActionsMenu'
import { listParamsSchema } from '../../../lib/listParams'
import { toastError, toastSuccess } from '../../../lib/toast'
import { useListParams } from '../../../lib/useListParams'

const m = messages.expenses
export const ASSOCIATES_SETTINGS_PATH = '/app/setting/financial/associates'

function ExpenseRow({ note, onDelete }: { note: TransactionDto; onDelete: () => void }) {
  const navigate = useNavigate()
  return (
    <ListRow
      label={note.name}
      onOpen={() => navigate(expensePath(note.id))}
      actions={
        <RowActionsMenu label={note.name}>
          <Menu.Item leftSection={<IconPencil size={16} />} component={Link} to={expensePath(note.id)}>
            Modifier
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            Supprimer
          </Menu.Item>
        </RowActionsMenu>
      }
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate>
            {note.name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {formatDateFr(note.datedAt)} · {note.journal.name}
          </Text>
        </Stack>
        <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatEuro(note.amount)}
        </Text>
      </Group>
    </ListRow>
  )
}

/**
 * /app/purchase/expenses (spec/money.md §2): the expense notes, newest first, "Nouvelle note de frais" (disabled, with
 * the way out, while the organisation has no active associate account — operator account for EI, PL, ME), and each
 * note's edit and delete (after confirmation).
 */
export function ExpensesPage() {
  const list = useListParams(listParamsSchema)
  const query = useExpenseList(list.params)
  const accounts = useExpenseAccounts()
  const remove = useDeleteExpense()
  const [deleting, setDeleting] = useState<TransactionDto | null>(null)
  const noAccount = !accounts.isPending && !accounts.hasAccount
  const hint = accounts.kind === 'EX' ? m.noOperator : m.noAssociate

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await remove.mutateAsync(deleting)
      toastSuccess(m.deleted)
    } catch (error) {
      toastError(error)
    } finally {
      setDeleting(null)
    }
  }

  const newButton = (
    <Button
      component={Link}
      to={`${EXPENSES_PATH}/new`}
      leftSection={<IconPlus size={16} />}
      disabled={noAccount || accounts.isPending}
      onClick={(event) => (noAccount ? event.preventDefault() : undefined)}
    >
      {m.newExpense}
    </Button>
  )

  return (
    <>
      <ListPage
        title={m.title}
        count={query.data?.meta.total}
        list={list}
        withViewToggle={false}
        searchLabel="Rechercher une note de frais"
        action={
          noAccount ? (
            <Tooltip label={hint} multiline w={280}>
              <span style={{ display: 'inline-block' }}>{newButton}</span>
            </Tooltip>
          ) : (
            newButton
          )
        }
      >
        {noAccount ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">{hint}</Text>
              <Button component={Link} to={ASSOCIATES_SETTINGS_PATH} size="xs" variant="light">
                {accounts.kind === 'EX' ? messages.associates.addOperator : messages.associates.add}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <ListBody
          query={query}
          list={list}
          keyOf={(note) => note.id}
          empty={m.empty}
          renderItem={(note) => <ExpenseRow note={note} onDelete={() => setDeleting(note)} />}
        />
      </ListPage>
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title={m.deleteConfirm}
        message={messages.generic.irreversible}
        loading={remove.isPending}
      />
    </>
  )
}
