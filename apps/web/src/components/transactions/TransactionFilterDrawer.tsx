import { Anchor, Button, Group, Input, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { IconCalendar } from '@tabler/icons-react'
import { useState } from 'react'
import { AppDrawer } from '../AppDrawer'
import { DateField as DateInputField, dateFieldError } from '../DateField'
import { useJournals } from '../journals/journalQueries'
import { MoneyInput } from '../MoneyInput'
import { CategoryPicker } from './CategoryPicker'
import type { FilterForm } from './transactionParams'

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

/** A date filter field (jj/mm/aaaa), emptied by its clear button; the receipts' filters use it too. */
export function DateField({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <DateInputField
      label={label}
      placeholder="jj/mm/aaaa"
      leftSection={<IconCalendar size={16} />}
      popoverProps={{ withinPortal: true }}
      clearable
      value={value || null}
      onChange={(date) => onChange(date ?? '')}
    />
  )
}

/**
 * An amount bound: formatted on leaving as every money input (spec/money.md "Inputs"), except that emptying it is
 * allowed, since no bound is a filter's usual state.
 */
export function AmountBound({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (value: string) => void
}) {
  return <MoneyInput label={label} rightSection="€" allowEmpty value={value} onChange={onChange} />
}

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
export function TransactionFilterDrawer({ opened, onClose, initial, onApply, onReset }: TransactionFilterDrawerProps) {
  const [form, setForm] = useState(initial)
  const [wasOpened, setWasOpened] = useState(opened)
  const banks = useJournals({ type: 'BQ' })
  // Each opening starts from the URL, not from what was typed and left unapplied.
  if (opened !== wasOpened) {
    setWasOpened(opened)
    if (opened) setForm(initial)
  }
  const set = <K extends keyof FilterForm>(key: K, value: FilterForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }))

  return (
    <AppDrawer
      opened={opened}
      onClose={onClose}
      title="Filtres"
      size="md"
      footer={
        <>
          <Button variant="default" onClick={onReset}>
            Réinitialiser
          </Button>
          <Button type="submit" form="transaction-filters">
            Appliquer
          </Button>
        </>
      }
    >
      <form
        id="transaction-filters"
        onSubmit={(event) => {
          event.preventDefault()
          // A date that is not a day says so under its field; it is not dropped from the filter in silence.
          if (dateFieldError(form.datedAfter) || dateFieldError(form.datedBefore)) return
          onApply(form)
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Recherche"
            placeholder="Libellé, montant…"
            maxLength={249}
            value={form.fullSearch}
            onChange={(event) => set('fullSearch', event.currentTarget.value)}
          />
          <SimpleGrid cols={2} spacing="sm">
            <DateField label="Du" value={form.datedAfter} onChange={(value) => set('datedAfter', value)} />
            <DateField label="Au" value={form.datedBefore} onChange={(value) => set('datedBefore', value)} />
            <AmountBound label="Montant minimum" value={form.amountMin} onChange={(value) => set('amountMin', value)} />
            <AmountBound label="Montant maximum" value={form.amountMax} onChange={(value) => set('amountMax', value)} />
          </SimpleGrid>
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
      </form>
    </AppDrawer>
  )
}
