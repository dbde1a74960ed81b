import { Button, SimpleGrid } from '@mantine/core'
import { useState } from 'react'
import { AppDrawer } from '../../../components/AppDrawer'
import { dateFieldError } from '../../../components/DateField'
import { AmountBound, DateField } from '../../../components/transactions/TransactionFilterDrawer'
import type { ReceiptFilterForm } from './receiptParams'

/**
 * The receipts' filter drawer (spec/money.md §2 "Receipt filter fields"): date after and before, amount min and max.
 * Nothing reaches the URL before "Appliquer", which keeps the tab.
 */
export function ReceiptFilterDrawer({
  opened,
  onClose,
  initial,
  onApply,
  onReset,
}: {
  opened: boolean
  onClose: () => void
  initial: ReceiptFilterForm
  onApply: (form: ReceiptFilterForm) => void
  onReset: () => void
}) {
  const [form, setForm] = useState(initial)
  const [wasOpened, setWasOpened] = useState(opened)
  // Each opening starts from the URL, not from what was typed and left unapplied.
  if (opened !== wasOpened) {
    setWasOpened(opened)
    if (opened) setForm(initial)
  }
  const set = (key: keyof ReceiptFilterForm, value: string) => setForm((current) => ({ ...current, [key]: value }))

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
          <Button type="submit" form="receipt-filters">
            Appliquer
          </Button>
        </>
      }
    >
      <form
        id="receipt-filters"
        onSubmit={(event) => {
          event.preventDefault()
          // A date that is not a day says so under its field; it is not dropped from the filter in silence.
          if (dateFieldError(form.datedAfter) || dateFieldError(form.datedBefore)) return
          onApply(form)
        }}
      >
        <SimpleGrid cols={2} spacing="sm">
          <DateField label="Du" value={form.datedAfter} onChange={(value) => set('datedAfter', value)} />
          <DateField label="Au" value={form.datedBefore} onChange={(value) => set('datedBefore', value)} />
          <AmountBound label="Montant minimum" value={form.amountMin} onChange={(value) => set('amountMin', value)} />
          <AmountBound label="Montant maximum" value={form.amountMax} onChange={(value) => set('amountMax', value)} />
        </SimpleGrid>
      </form>
    </AppDrawer>
  )
}
