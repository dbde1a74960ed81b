import {
  expenseDefaultName,
  formatEuro,
  isIsoDate,
  messages,
  TEXT_MAX,
  type TransactionDto,
  todayInParis,
} from '@app/domain'
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconCalendar, IconLock } from '@tabler/icons-react'
import { useNavigate } from 'react-router'
import { useMe } from '../../../app/session'
import { BackToListButton } from '../../../components/BackToListButton'
import { DateField } from '../../../components/DateField'
import {
  EXPENSES_PATH,
  expensePath,
  useExpenseAccounts,
  useSaveExpense,
} from '../../../components/expenses/expenseQueries'
import { LEAVE_WITHOUT_ASKING, LeaveGuard } from '../../../components/LeaveGuard'
import { useCategories, useTaxes } from '../../../components/transactions/transactionQueries'
import { toastError, toastSuccess } from '../../../lib/toast'
import { useAutoSelectSingle } from '../../../lib/useAutoSelect'
import { ExpenseLines } from './ExpenseLines'
import { createBodyOf, totalOf, updateBodyOf } from './expenseForm'
import { useExpenseDraft } from './useExpenseDraft'

const m = messages.expenses
const TRAVEL_CODE = '6251'

/**
 * The expense note form (spec/money.md §5 "Expense and cash forms"): date, account (an associate or operator account),
 * name ("Note de frais du {date}" when left empty) and lines; the total is the lines' sum, always positive. Saving a
 * new note turns the page into that note's page; leaving with unsaved changes asks first.
 */
export function ExpenseForm({ note }: { note: TransactionDto | null }) {
  const navigate = useNavigate()
  const organization = useMe().data?.currentOrganization ?? null
  const taxFree = Boolean(organization?.isTaxFree)
  const taxes = useTaxes()
  const categories = useCategories()
  const expenseAccounts = useExpenseAccounts()
  const save = useSaveExpense(note?.id ?? null)
  const travel = (categories.data ?? []).find((category) => category.code === TRAVEL_CODE)
  const ofKind = expenseAccounts.accounts.filter((account) => account.journalType.code === expenseAccounts.kind)
  const defaultAccount = ofKind.find((account) => account.isDefault) ?? (ofKind.length === 1 ? ofKind[0] : undefined)
  const form = useExpenseDraft(
    note,
    { datedAt: todayInParis(new Date()), journalId: defaultAccount ? String(defaultAccount.id) : '' },
    {
      taxes: taxes.data ?? [],
      taxFree,
      taxAreaId: organization?.taxAreaId ?? null,
      travel: travel ? { id: travel.id, code: travel.code, name: travel.name } : null,
    },
  )
  const { draft } = form
  const locked = Boolean(note && (note.isChecked || note.isValidated))

  // A saved note keeps its account (it does not move between accounts); a new one offers the active ones.
  const accountOptions = expenseAccounts.accounts.map((account) => ({ value: String(account.id), label: account.name }))
  if (note && !accountOptions.some((option) => option.value === String(note.journalId)))
    accountOptions.push({ value: String(note.journalId), label: note.journal.name })
  useAutoSelectSingle(accountOptions, draft.journalId, note ? undefined : form.setJournal)

  const submit = async () => {
    if (!form.check()) return
    try {
      const saved = await save.mutateAsync(note ? updateBodyOf(draft) : createBodyOf(draft))
      toastSuccess()
      if (note) form.restart(saved)
      else navigate(expensePath(saved.id), { replace: true, state: LEAVE_WITHOUT_ASKING })
    } catch (error) {
      // Field errors under their fields, with the generic error toast (spec/money.md §8).
      if (form.showServerErrors(error)) toastError(undefined)
      else toastError(error)
    }
  }

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <LeaveGuard when={form.dirty && !save.isPending} />
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <BackToListButton to={EXPENSES_PATH} />
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {note ? note.name : m.newExpense}
        </Title>
      </Group>
      {locked ? (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} role="status">
          {messages.transactions.locked}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DateField
            label="Date"
            required
            placeholder="jj/mm/aaaa"
            leftSection={<IconCalendar size={16} />}
            popoverProps={{ withinPortal: true }}
            value={draft.datedAt}
            onChange={(value) => form.setDate(value ?? '')}
            error={form.errors.datedAt}
            readOnly={locked}
          />
          <Select
            label={expenseAccounts.kind === 'EX' ? "Compte de l'exploitant" : "Compte courant d'associé"}
            required
            data={accountOptions}
            value={draft.journalId || null}
            onChange={(value) => value && form.setJournal(value)}
            allowDeselect={false}
            disabled={note !== null}
            error={form.errors.journalId}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Nom"
            placeholder={isIsoDate(draft.datedAt) ? expenseDefaultName(draft.datedAt) : undefined}
            maxLength={TEXT_MAX}
            value={draft.name}
            onChange={(event) => form.setName(event.currentTarget.value)}
            error={form.errors.name}
            readOnly={locked}
          />
        </SimpleGrid>
      </Paper>
      <ExpenseLines form={form} locked={locked} taxFree={taxFree} />
      <Group justify="space-between" align="center">
        <Text fw={700} size="lg" aria-label="Total de la note de frais" style={{ fontVariantNumeric: 'tabular-nums' }}>
          Total : {formatEuro(totalOf(draft))}
        </Text>
        {locked ? null : (
          <Button onClick={submit} loading={save.isPending} disabled={draft.lines.length === 0}>
            Enregistrer
          </Button>
        )}
      </Group>
    </Stack>
  )
}
