import { FilterDrawer, PeriodAndAmountFields } from '../../../components/FilterDrawer'
import type { ReceiptFilterForm } from './receiptParams'

/**
 * The receipts' filter drawer (spec/money.md §2 "Receipt filter fields"): date after and before, amount min and max.
 * Nothing reaches the URL before "Appliquer", which keeps the tab.
 */
export function ReceiptFilterDrawer(props: {
  opened: boolean
  onClose: () => void
  initial: ReceiptFilterForm
  onApply: (form: ReceiptFilterForm) => void
  onReset: () => void
}) {
  return (
    <FilterDrawer formId="receipt-filters" {...props}>
      {(form, set) => <PeriodAndAmountFields form={form} set={set} />}
    </FilterDrawer>
  )
}
