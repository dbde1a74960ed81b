import { formatEuro, messages, type TransactionDto } from '@app/domain'
import { Alert, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconLock } from '@tabler/icons-react'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { CashDateField } from '../../../components/cash/CashDateField'
import { CashFormFrame } from '../../../components/cash/CashFormFrame'
import { MoneyLinesEditor } from '../../../components/cash/MoneyLinesEditor'
import { CASH_LINES } from '../../../components/cash/moneyLines'
import { useDeleteAndLeave } from '../../../components/cash/useDeleteAndLeave'
import { useMoneyLines } from '../../../components/cash/useMoneyLines'
import { useSaveOutcome } from '../../../components/cash/useSaveOutcome'
import { useJournals } from '../../../components/journals/journalQueries'
import { toastSuccess, toastWarning } from '../../../lib/toast'
import { type CashValues, cashBodyOf, cashTotalOf, cashValuesOf, validateCash } from './cashForm'
import { CASH_PATH, cashOperationPath, useSaveCashOperation } from './cashQueries'

const m = messages.cash

/**
 * A cash movement, new or stored (/app/financial/cash/new, /app/financial/cash/{id}): date, label, the cash box when
 * there are several, and its lines (Entrée / Sortie, category, amount signed by the type, VAT). Saving a new one turns
 * the page into its own; a balance below zero is said after the save; leaving with unsaved changes asks first; a
 * checked or validated movement is read only.
 */
export function CashOperationForm({ operation }: { operation: TransactionDto | null }) {
  const id = operation?.id ?? null
  const save = useSaveCashOperation(id)
  const deletion = useDeleteAndLeave(id, CASH_PATH, m.deleted)
  const boxes = useJournals({ type: 'CAI', active: true })
  // A new movement's warning comes along to its own page (the form there is a new one).
  const arrived = useLocation().state as { cashWarning?: string } | null
  const [warning, setWarning] = useState<string | null>(arrived?.cashWarning ?? null)
  const form = useForm<CashValues>({ initialValues: cashValuesOf(operation), validate: validateCash })
  const lines = useMoneyLines(form, CASH_LINES)
  const outcome = useSaveOutcome(form, id, cashOperationPath, cashValuesOf)
  const readOnly = operation !== null && (operation.isChecked || operation.isValidated)
  const values = form.values
  const boxOptions = (boxes.data ?? []).map((journal) => ({ value: String(journal.id), label: journal.name }))

  const submit = async (submitted: CashValues) => {
    try {
      const { journalId, ...changes } = cashBodyOf(submitted)
      const saved = await save.mutateAsync(id === null ? { journalId, ...changes } : changes)
      toastSuccess()
      setWarning(saved.warning)
      if (saved.warning) toastWarning(saved.warning)
      outcome.saved(saved.data, { cashWarning: saved.warning })
    } catch (error) {
      outcome.failed(error)
    }
  }

  return (
    <CashFormFrame
      onSubmit={form.onSubmit(submit)}
      listPath={CASH_PATH}
      heading={
        <Stack gap={2} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {operation ? operation.name : m.newOperationTitle}
          </Title>
          {operation ? (
            <Text c="dimmed" size="sm">
              {operation.journal.name}
            </Text>
          ) : null}
        </Stack>
      }
      deletable={operation !== null && !readOnly}
      deletion={deletion}
      notices={
        <>
          {readOnly ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />} role="status">
              {messages.transactions.locked}
            </Alert>
          ) : null}
          {warning ? (
            <Alert color="red" variant="light" role="alert">
              {warning}
            </Alert>
          ) : null}
        </>
      }
      updatedAt={operation?.updatedAt}
      dirty={form.isDirty()}
      saving={save.isPending}
      readOnly={readOnly}
      empty={values.allocations.length === 0}
    >
      <SimpleGrid cols={{ base: 1, sm: boxOptions.length > 1 && !operation ? 3 : 2 }} spacing="md">
        <CashDateField form={form} readOnly={readOnly} />
        <TextInput label="Libellé" withAsterisk maxLength={249} readOnly={readOnly} {...form.getInputProps('name')} />
        {boxOptions.length > 1 && !operation ? (
          <Select
            label="Caisse"
            placeholder="Caisse par défaut"
            data={boxOptions}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('journalId')}
          />
        ) : null}
      </SimpleGrid>
      <MoneyLinesEditor
        title="Lignes"
        lines={values.allocations}
        kinds={CASH_LINES}
        api={lines}
        readOnly={readOnly}
        addKind={CASH_LINES.kinds[1]?.value ?? 'Sortie'}
        error={form.errors.allocations}
        footer={
          <Text ta="right" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            Total : {formatEuro(cashTotalOf(values))}
          </Text>
        }
      />
    </CashFormFrame>
  )
}
