import { canMakeExpenseFrom, messages, type TransactionDto } from '@app/domain'
import { Button, Group, Tooltip } from '@mantine/core'
import { IconReceipt2 } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import {
  expensePath,
  useCreateExpenseFromTransaction,
  useExpenseAccounts,
} from '../../../../components/expenses/expenseQueries'
import { toastError, toastWithTitle } from '../../../../lib/toast'

const m = messages.expenses
const SAVE_FIRST = 'Enregistre d’abord tes modifications.'

/**
 * "Créer une note de frais" (spec/money.md §4): offered for money out of a bank account split on one category, that
 * of an active associate (or operator) account. The note made, the user lands on it to categorise it. A bank line
 * that already has its note links to it instead.
 */
export function ExpenseAction({ transaction, dirty }: { transaction: TransactionDto; dirty: boolean }) {
  const accounts = useExpenseAccounts()
  const create = useCreateExpenseFromTransaction(transaction.id)
  const navigate = useNavigate()

  if (transaction.expenseNoteId !== null)
    return (
      <Group>
        <Button
          component={Link}
          to={expensePath(transaction.expenseNoteId)}
          variant="subtle"
          leftSection={<IconReceipt2 size={16} />}
        >
          {m.viewFromTransaction}
        </Button>
      </Group>
    )
  if (!canMakeExpenseFrom(transaction, accounts.entryIds)) return null

  const run = () =>
    create.mutate(undefined, {
      onSuccess: (note) => {
        toastWithTitle({ title: m.created, message: m.createdHint })
        navigate(expensePath(note.id))
      },
      onError: (error) => toastError(error),
    })
  const button = (
    <Button
      variant="light"
      leftSection={<IconReceipt2 size={16} />}
      onClick={run}
      loading={create.isPending}
      disabled={dirty}
    >
      {m.createFromTransaction}
    </Button>
  )
  return (
    <Group>
      {dirty ? (
        <Tooltip label={SAVE_FIRST}>
          <span style={{ display: 'inline-block' }}>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
    </Group>
  )
}
