import { TAX_RATE_IDS, TAX_TYPE_IDS } from '@app/domain'
import type { createTransactionRepo } from './repo'

type Repo = ReturnType<typeof createTransactionRepo>
type Entry = { id: number; taxTypeId: number; taxRateId: number }

/**
 * The tax a category brings to a part of a split when none is named: the category's VAT type and rate in the
 * organisation's area (mainland, Corsica, DOM), the no-VAT rate of that type for a tax-free organisation, and for
 * operations outside VAT (type ns) the collected or deductible side by the sign of the amount.
 */
export async function categoryTaxId(
  repo: Repo,
  organizationId: number,
  entry: Entry,
  amount: string,
  taxFree: boolean,
): Promise<number | null> {
  const rateId = taxFree ? TAX_RATE_IDS.NUL : entry.taxRateId
  const candidates = await repo.taxesOfKind(organizationId, entry.taxTypeId, rateId)
  if (entry.taxTypeId === TAX_TYPE_IDS.ns) {
    const income = !amount.startsWith('-')
    return candidates.find((tax) => tax.isCollected === income)?.id ?? candidates[0]?.id ?? null
  }
  return candidates[0]?.id ?? null
}
