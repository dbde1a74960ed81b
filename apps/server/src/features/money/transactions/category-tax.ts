import { TAX_RATE_IDS, taxForCategory } from '@app/domain'
import type { createTransactionRepo } from './repo'

type Repo = ReturnType<typeof createTransactionRepo>
type Entry = { id: number; taxTypeId: number; taxRateId: number }

/**
 * The tax a category brings to a part of a split when none is named, by the domain's rule (ledger/category-tax.ts,
 * the one the web's category picker uses): the category's VAT type and rate in the organisation's area, no VAT for a
 * tax-free organisation, collected or deductible by the sign for operations outside VAT.
 */
export async function categoryTaxId(
  repo: Repo,
  organizationId: number,
  entry: Entry,
  amount: string,
  taxFree: boolean,
): Promise<number | null> {
  const rateId = taxFree ? TAX_RATE_IDS.NUL : entry.taxRateId
  const { taxes, taxAreaId } = await repo.taxesOfKind(organizationId, entry.taxTypeId, rateId)
  return taxForCategory(entry, taxes, { taxAreaId, isTaxFree: taxFree, isIncome: !amount.startsWith('-') })?.id ?? null
}
