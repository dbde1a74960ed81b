import { isExpenseJournal, messages } from '@app/domain'
import { Button, Center, Loader, Stack } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link, matchPath, useLocation } from 'react-router'
import { ErrorState } from '../../../components/ErrorState'
import { EXPENSES_PATH, useExpense, useExpenseAccounts } from '../../../components/expenses/expenseQueries'
import { useCategories } from '../../../components/transactions/transactionQueries'
import { ApiError } from '../../../lib/api'
import { ExpenseForm } from './ExpenseForm'

function NotFound() {
  return (
    <Stack align="center" gap={0}>
      <ErrorState message={messages.http.notFound} />
      <Button component={Link} to={EXPENSES_PATH} variant="light" leftSection={<IconArrowLeft size={16} />}>
        Retour aux notes de frais
      </Button>
    </Stack>
  )
}

/**
 * /app/purchase/expenses/new and /app/purchase/expenses/{id} (spec/money.md §2): the expense note form, new or
 * saved. A transaction that is not an expense note (a bank line's id) is not found here.
 */
export function ExpenseEditorPage() {
  const raw = matchPath(`${EXPENSES_PATH}/:id`, useLocation().pathname)?.params.id ?? ''
  const isNew = raw === 'new'
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : null
  const query = useExpense(id)
  const accounts = useExpenseAccounts()
  const categories = useCategories()

  if ((!isNew && id === null) || (query.error instanceof ApiError && query.error.status === 404)) return <NotFound />
  if (query.isError) return <ErrorState onRetry={() => query.refetch()} />
  // The form starts from the accounts (the default one) and the categories (a mileage line's): both first.
  if ((id !== null && query.isPending) || accounts.isPending || categories.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  const note = id === null ? null : (query.data ?? null)
  if (note && !isExpenseJournal(note.journal.journalTypeCode)) return <NotFound />
  // Saved, a new note moves to its own page: the form starts again from what the server holds.
  return <ExpenseForm key={note?.id ?? 'new'} note={note} />
}
