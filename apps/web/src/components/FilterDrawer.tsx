import { Button, SimpleGrid } from '@mantine/core'
import { IconCalendar } from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { AppDrawer } from './AppDrawer'
import { DateField as DateInputField, dateFieldError } from './DateField'
import { MoneyInput } from './MoneyInput'

/** The fields every list's filters have: a period and amount bounds, as typed (the URL keeps the same texts). */
export type PeriodAndAmounts = { datedAfter: string; datedBefore: string; amountMin: string; amountMax: string }

type Setter<F> = <K extends keyof F>(key: K, value: F[K]) => void

/**
 * A list's filter drawer (the transactions', the receipts'): each opening starts from the URL, nothing reaches it before
 * "Appliquer", and a date that is not a day keeps the drawer open with its reason under the field.
 */
export function FilterDrawer<F extends PeriodAndAmounts>({
  formId,
  opened,
  onClose,
  initial,
  onApply,
  onReset,
  children,
}: {
  formId: string
  opened: boolean
  onClose: () => void
  /** The fields as the URL says them when the drawer opens. */
  initial: F
  onApply: (form: F) => void
  onReset: () => void
  children: (form: F, set: Setter<F>) => ReactNode
}) {
  const [form, setForm] = useState(initial)
  const [wasOpened, setWasOpened] = useState(opened)
  // Each opening starts from the URL, not from what was typed and left unapplied.
  if (opened !== wasOpened) {
    setWasOpened(opened)
    if (opened) setForm(initial)
  }
  const set: Setter<F> = (key, value) => setForm((current) => ({ ...current, [key]: value }))

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
          <Button type="submit" form={formId}>
            Appliquer
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault()
          // A date that is not a day says so under its field; it is not dropped from the filter in silence.
          if (dateFieldError(form.datedAfter) || dateFieldError(form.datedBefore)) return
          onApply(form)
        }}
      >
        {children(form, set)}
      </form>
    </AppDrawer>
  )
}

/** A date filter field (jj/mm/aaaa), emptied by its clear button. */
function DateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
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
function AmountBound({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <MoneyInput label={label} rightSection="€" allowEmpty value={value} onChange={onChange} />
}

/** "Du", "Au", "Montant minimum", "Montant maximum", two by two. */
export function PeriodAndAmountFields({
  form,
  set,
}: {
  form: PeriodAndAmounts
  set: (key: keyof PeriodAndAmounts, value: string) => void
}) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      <DateField label="Du" value={form.datedAfter} onChange={(value) => set('datedAfter', value)} />
      <DateField label="Au" value={form.datedBefore} onChange={(value) => set('datedBefore', value)} />
      <AmountBound label="Montant minimum" value={form.amountMin} onChange={(value) => set('amountMin', value)} />
      <AmountBound label="Montant maximum" value={form.amountMax} onChange={(value) => set('amountMax', value)} />
    </SimpleGrid>
  )
}
