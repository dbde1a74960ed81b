import { TAX_RATE_IDS, TAX_TYPE_IDS } from '../reference/ids'

/** A tax of GET /taxes, as far as choosing one for a category goes. */
export type TaxChoice = {
  id: number
  /** Percentage, e.g. "20.00". */
  amount: string
  isCollected: boolean
  taxTypeId: number
  taxRateId: number
  taxAreaId: number | null
}

/**
 * The tax of a single-category split: the category's tax type and rate in the organisation's tax area (taxes valid
 * everywhere next). A tax-free organisation takes the no-VAT rate of the same type (spec/money.md §1). The "not
 * subject" type has a collected and a deductible tax: money in takes the collected one. Null when none fits.
 */
export function taxForCategory<T extends TaxChoice>(
  category: { taxTypeId: number; taxRateId: number },
  taxes: readonly T[],
  { taxAreaId, isTaxFree, isIncome }: { taxAreaId: number | null | undefined; isTaxFree: boolean; isIncome: boolean },
): T | null {
  const rateId = isTaxFree ? TAX_RATE_IDS.NUL : category.taxRateId
  const candidates = taxes.filter(
    (tax) =>
      tax.taxTypeId === category.taxTypeId &&
      tax.taxRateId === rateId &&
      (category.taxTypeId !== TAX_TYPE_IDS.ns || tax.isCollected === isIncome),
  )
  return (
    candidates.find((tax) => taxAreaId != null && tax.taxAreaId === taxAreaId) ??
    candidates.find((tax) => tax.taxAreaId === null) ??
    null
  )
}
