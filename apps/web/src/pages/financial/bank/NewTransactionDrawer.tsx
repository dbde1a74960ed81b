import {
  type AccountingEntryDto,
  type ItemResponse,
  parseMoneyInput,
  type TransactionCreateBody,
  type TransactionDto,
  taxForCategory,
  todayInParis,
  transactionCreateSchema,
} from '@app/domain'
import { Input, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconCalendar } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMe } from '../../../app/session'
import { AppDrawer, SaveCancelFooter } from '../../../components/AppDrawer'
import { DateField } from '../../../components/DateField'
import { showServerErrors } from '../../../components/formErrors'
import { useJournals } from '../../../components/journals/journalQueries'
import { MoneyInput } from '../../../components/MoneyInput'
import { CategoryPicker } from '../../../components/transactions/CategoryPicker'
import { refreshAfterChange, singleAllocation, useTaxes } from '../../../components/transactions/transactionQueries'
import { post } from '../../../lib/api'
import { zodValidate } from '../../../lib/form'
import { toastSuccess } from '../../../lib/toast'
import { useAutoSelectSingle } from '../../../lib/useAutoSelect'

export type NewTransactionValues = {
  journalId: string
  datedAt: string
  name: string
  direction: 'debit' | 'credit'
  amount: string
  category: AccountingEntryDto | null
}

/** The amount typed without sign, signed by the direction: money out is negative. */
const signedAmount = (values: Pick<NewTransactionValues, 'amount' | 'direction'>) => {
  const parsed = parseMoneyInput(values.amount)
  if (parsed === null) return values.amount
  const absolute = parsed.replace(/^-/, '')
  return values.direction === 'debit' ? `-${absolute}` : absolute
}

/** The body without the split, for the schema's checks of the fields people type. */
const bodyOf = (values: NewTransactionValues): TransactionCreateBody => ({
  journalId: Number(values.journalId) || 0,
  name: values.name,
  datedAt: values.datedAt,
  amount: signedAmount(values),
})

const validate = zodValidate(transactionCreateSchema)

/**
 * A bank transaction typed by hand (POST /transactions, spec/money.md §5 "Bank transaction"): account, date, label,
 * direction and amount, and a category if already known (one part for the whole amount).
 */
export function NewTransactionDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const client = useQueryClient()
  const organization = useMe().data?.currentOrganization
  const banks = useJournals({ type: 'BQ' })
  const taxes = useTaxes()
  const form = useForm<NewTransactionValues>({
    initialValues: {
      journalId: '',
      datedAt: todayInParis(new Date()),
      name: '',
      direction: 'debit',
      amount: '',
      category: null,
    },
    validate: (values) => validate(bodyOf(values)),
  })
  const bankOptions = (banks.data ?? []).map((journal) => ({ value: String(journal.id), label: journal.name }))
  useAutoSelectSingle(bankOptions, form.values.journalId, (value) => form.setFieldValue('journalId', value ?? ''))

  const close = () => {
    form.reset()
    onClose()
  }
  const save = useMutation({
    mutationFn: async (values: NewTransactionValues) => {
      const body = transactionCreateSchema.parse(bodyOf(values))
      const tax = values.category
        ? taxForCategory(values.category, taxes.data ?? [], {
            taxAreaId: organization?.taxAreaId,
            isTaxFree: organization?.isTaxFree ?? false,
            isIncome: values.direction === 'credit',
          })
        : null
      // Without its tax (the list not loaded), the category would be lost without a word: better an error.
      if (values.category && !tax) throw new Error('no tax for the category')
      const allocations =
        values.category && tax ? [singleAllocation(body, { accountingEntryId: values.category.id, taxId: tax.id })] : []
      return post<ItemResponse<TransactionDto>>('/transactions', { ...body, allocations })
    },
    onSuccess: async () => {
      toastSuccess()
      close()
      await refreshAfterChange(client)
    },
    onError: (error) => showServerErrors(form, error),
  })

  const formId = 'new-transaction'
  return (
    <AppDrawer
      opened={opened}
      onClose={save.isPending ? () => {} : close}
      title="Nouvelle transaction"
      size="md"
      footer={<SaveCancelFooter formId={formId} pending={save.isPending} onCancel={close} />}
    >
      <form id={formId} onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="md">
          <Select
            label="Compte bancaire"
            required
            data={bankOptions}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('journalId')}
          />
          <SimpleGrid cols={2} spacing="sm">
            <DateField
              label="Date"
              required
              placeholder="jj/mm/aaaa"
              leftSection={<IconCalendar size={16} />}
              popoverProps={{ withinPortal: true }}
              {...form.getInputProps('datedAt')}
            />
            <Input.Wrapper label="Sens">
              <SegmentedControl
                fullWidth
                aria-label="Sens"
                data={[
                  { value: 'debit', label: 'Sortie' },
                  { value: 'credit', label: 'Entrée' },
                ]}
                {...form.getInputProps('direction')}
              />
            </Input.Wrapper>
          </SimpleGrid>
          <TextInput label="Libellé" required maxLength={249} {...form.getInputProps('name')} />
          <MoneyInput
            label="Montant"
            required
            rightSection="€"
            value={form.values.amount}
            onChange={(value) => form.setFieldValue('amount', value)}
            error={form.errors.amount}
          />
          <CategoryPicker
            label="Catégorie"
            value={form.values.category?.id ?? null}
            onChange={(category) => form.setFieldValue('category', category)}
          />
        </Stack>
      </form>
    </AppDrawer>
  )
}
