import { cashSaleDefaultName, formatEuro, isIsoDate, messages, type TransactionDto } from '@app/domain'
import { Alert, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconLock } from '@tabler/icons-react'
import { CashDateField } from '../../../components/cash/CashDateField'
import { CashFormFrame } from '../../../components/cash/CashFormFrame'
import { MoneyLinesEditor } from '../../../components/cash/MoneyLinesEditor'
import { CASH_SALE_LINES } from '../../../components/cash/moneyLines'
import { useDeleteAndLeave } from '../../../components/cash/useDeleteAndLeave'
import { useMoneyLines } from '../../../components/cash/useMoneyLines'
import { useSaveOutcome } from '../../../components/cash/useSaveOutcome'
import { toastSuccess } from '../../../lib/toast'
import {
  CASH_SALES_PATH,
  type CashSaleValues,
  cashSaleBodyOf,
  cashSaleCategoryFilter,
  cashSalePath,
  cashSaleTotalsOf,
  cashSaleValuesOf,
  validateCashSale,
} from './cashSaleForm'
import { useSaveCashSale } from './cashSaleQueries'

const m = messages.cashSales

function Totals({ sales, receipts }: { sales: string; receipts: string }) {
  return (
    <Group justify="flex-end" gap="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
      <Text fw={600}>Total des ventes : {formatEuro(sales)}</Text>
      <Text fw={600}>Total encaissé : {formatEuro(receipts)}</Text>
    </Group>
  )
}

/**
 * A cash sale, new or stored (/app/sales/money/new, /app/sales/money/{id}): the day, its name ("Ventes au comptant du
 * {date}" when left empty), the sale lines (sales category, VAT collected) and the receipt lines (how the money came
 * in), all positive; the two totals must match, which the form says while typing. Read only when checked or
 * validated, or when the organisation no longer sells over the counter.
 */
export function CashSaleForm({ sale, allowed }: { sale: TransactionDto | null; allowed: boolean }) {
  const id = sale?.id ?? null
  const save = useSaveCashSale(id)
  const deletion = useDeleteAndLeave(id, CASH_SALES_PATH, messages.cash.deleted)
  const form = useForm<CashSaleValues>({ initialValues: cashSaleValuesOf(sale), validate: validateCashSale })
  const lines = useMoneyLines(form, CASH_SALE_LINES)
  const outcome = useSaveOutcome(form, id, cashSalePath, cashSaleValuesOf)
  const readOnly = !allowed || (sale !== null && (sale.isChecked || sale.isValidated))
  const values = form.values
  const totals = cashSaleTotalsOf(values)

  const submit = async (submitted: CashSaleValues) => {
    try {
      const saved = await save.mutateAsync(cashSaleBodyOf(submitted))
      toastSuccess()
      outcome.saved(saved)
    } catch (error) {
      outcome.failed(error)
    }
  }

  return (
    <CashFormFrame
      onSubmit={form.onSubmit(submit)}
      listPath={CASH_SALES_PATH}
      heading={
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {sale ? sale.name : m.newSale}
        </Title>
      }
      deletable={sale !== null && !readOnly}
      deletion={deletion}
      notices={
        !allowed ? (
          <Alert color="gray" variant="light" role="status">
            {m.notAllowed}
          </Alert>
        ) : sale && readOnly ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} role="status">
            {messages.transactions.locked}
          </Alert>
        ) : null
      }
      updatedAt={sale?.updatedAt}
      dirty={form.isDirty()}
      saving={save.isPending}
      readOnly={readOnly}
      empty={values.allocations.length === 0}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CashDateField form={form} readOnly={readOnly} />
        <TextInput
          label="Libellé"
          maxLength={249}
          readOnly={readOnly}
          placeholder={isIsoDate(values.datedAt) ? cashSaleDefaultName(values.datedAt) : undefined}
          {...form.getInputProps('name')}
        />
      </SimpleGrid>
      <MoneyLinesEditor
        title="Lignes"
        lines={values.allocations}
        kinds={CASH_SALE_LINES}
        api={lines}
        readOnly={readOnly}
        addKind={CASH_SALE_LINES.kinds[0]?.value ?? 'Vente'}
        categoryFilter={cashSaleCategoryFilter}
        error={form.errors.allocations ?? (values.allocations.length > 1 ? totals.receiptsGap : null)}
        footer={<Totals sales={totals.sales} receipts={totals.receipts} />}
      />
    </CashFormFrame>
  )
}
