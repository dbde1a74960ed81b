import { Anchor, Group, Input, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { FilterDrawer, PeriodAndAmountFields } from '../../../components/FilterDrawer'
import { useJournals } from '../../../components/journals/journalQueries'
import { CategoryPicker } from '../../../components/transactions/CategoryPicker'
import type { FilterForm } from '../../../components/transactions/transactionParams'

type Choice<T extends string> = { value: T; label: string }

const WHERE_TYPES: Choice<FilterForm['whereType']>[] = [
  { value: 'all', label: 'Toutes' },
  { value: 'credit', label: 'Encaissements' },
  { value: 'debit', label: 'Décaissements' },
]
const WITH_OR_WITHOUT: Choice<'all' | 'true' | 'false'>[] = [
  { value: 'all', label: 'Tous' },
  { value: 'true', label: 'Avec' },
  { value: 'false', label: 'Sans' },
]
const STATUSES: Choice<FilterForm['isArchived']>[] = [
  { value: 'all', label: 'Toutes' },
  { value: 'false', label: 'Exercice en cours' },
  { value: 'true', label: 'Archivées' },
]

function ChoiceSelect<T extends string>({
  label,
  data,
  value,
  onChange,
}: {
  label: string
  data: Choice<T>[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <Select
      label={label}
      data={data}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next as T)}
      comboboxProps={{ withinPortal: true }}
    />
  )
}

export type TransactionFilterDrawerProps = {
  opened: boolean
  onClose: () => void
  /** The fields as the URL says them when the drawer opens. */
  initial: FilterForm
  onApply: (form: FilterForm) => void
  onReset: () => void
}

/**
 * The bank list's filter drawer (spec/money.md §2 "Transaction filter fields"): search, dates, amount bounds, bank
 * account, category, direction, receipt, comment and archived status. Nothing reaches the URL before "Appliquer".
 */
export function TransactionFilterDrawer(props: TransactionFilterDrawerProps) {
  const banks = useJournals({ type: 'BQ' })
  return (
    <FilterDrawer formId="transaction-filters" {...props}>
      {(form, set) => (
        <Stack gap="md">
          <TextInput
            label="Recherche"
            placeholder="Libellé, montant…"
            maxLength={249}
            value={form.fullSearch}
            onChange={(event) => set('fullSearch', event.currentTarget.value)}
          />
          <PeriodAndAmountFields form={form} set={set} />
          <Select
            label="Compte bancaire"
            placeholder="Tous les comptes"
            data={(banks.data ?? []).map((journal) => ({ value: String(journal.id), label: journal.name }))}
            value={form.journalId || null}
            onChange={(value) => set('journalId', value ?? '')}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Input.Wrapper label="Catégorie">
            <Stack gap={4}>
              <CategoryPicker
                aria-label="Catégorie"
                placeholder="Toutes les catégories"
                value={form.accountingEntry ? Number(form.accountingEntry) : null}
                onChange={(category) => set('accountingEntry', String(category.id))}
              />
              {form.accountingEntry ? (
                <Group justify="flex-end">
                  <Anchor component="button" type="button" size="xs" onClick={() => set('accountingEntry', '')}>
                    Toutes les catégories
                  </Anchor>
                </Group>
              ) : null}
            </Stack>
          </Input.Wrapper>
          <ChoiceSelect
            label="Type"
            data={WHERE_TYPES}
            value={form.whereType}
            onChange={(value) => set('whereType', value)}
          />
          <SimpleGrid cols={2} spacing="sm">
            <ChoiceSelect
              label="Justificatif"
              data={WITH_OR_WITHOUT}
              value={form.withReceipt}
              onChange={(value) => set('withReceipt', value)}
            />
            <ChoiceSelect
              label="Commentaire"
              data={WITH_OR_WITHOUT}
              value={form.withComment}
              onChange={(value) => set('withComment', value)}
            />
          </SimpleGrid>
          <ChoiceSelect
            label="Statut"
            data={STATUSES}
            value={form.isArchived}
            onChange={(value) => set('isArchived', value)}
          />
        </Stack>
      )}
    </FilterDrawer>
  )
}
