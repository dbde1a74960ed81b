import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { accountingEntries, organizations } from '../../../db/schema/index'

/** What a cash sale needs to read besides its transaction: the organisation's flag and its lines' account codes. */
export function createCashSaleRepo(db: DbOrTx) {
  return {
    /** The organisation sells over the counter (spec/account.md §3 Organisation canSellCash). */
    async canSellCash(organizationId: number) {
      const [row] = await db
        .select({ canSellCash: organizations.canSellCash })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      return row?.canSellCash === true
    },

    /**
     * The account codes of some categories, by id. Whether the organisation may use them is the transactions
     * service's check (partsOf); here only the code matters, to tell a sales account from a treasury account.
     */
    async codesOf(ids: number[]) {
      if (ids.length === 0) return new Map<number, string>()
      const rows = await db
        .select({ id: accountingEntries.id, code: accountingEntries.code })
        .from(accountingEntries)
        .where(inArray(accountingEntries.id, ids))
      return new Map(rows.map((row) => [row.id, row.code]))
    },
  }
}
