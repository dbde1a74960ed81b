import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { inIds } from '../../../db/ids'
import {
  accountingEntries,
  organizations,
  taxes,
  taxRegimes,
  transactionAllocations,
  transactions,
} from '../../../db/schema/index'
import { nameKey } from '../transactions/match-keys'

/** The statements of a rule run (engine.ts), in the caller's transaction. */
export function createEngineRepo(db: DbOrTx) {
  return {
    /**
     * The categories' tax kinds, the taxes and the organisation's tax area and regime, one after the other: a rule's
     * application reads them in its transaction, one connection.
     */
    async taxContext(organizationId: number, entryIds: number[]) {
      const entries = await db
        .select({
          id: accountingEntries.id,
          taxTypeId: accountingEntries.taxTypeId,
          taxRateId: accountingEntries.taxRateId,
        })
        .from(accountingEntries)
        .where(inArray(accountingEntries.id, entryIds))
      const allTaxes = await db.select().from(taxes)
      const organization = await db
        .select({ taxAreaId: organizations.taxAreaId, regime: taxRegimes.code })
        .from(organizations)
        .innerJoin(taxRegimes, eq(taxRegimes.id, organizations.taxRegimeId))
        .where(eq(organizations.id, organizationId))
      return [entries, allTaxes, organization] as const
    },

    async deleteSplits(organizationId: number, ids: number[]) {
      await db
        .delete(transactionAllocations)
        .where(
          and(
            eq(transactionAllocations.organizationId, organizationId),
            inIds(transactionAllocations.transactionId, ids),
          ),
        )
    },

    async markCategorized(organizationId: number, ids: number[]) {
      await db
        .update(transactions)
        .set({ isCategorized: true, updatedAt: sql`now()` })
        .where(and(eq(transactions.organizationId, organizationId), inIds(transactions.id, ids)))
    },

    async rename(organizationId: number, name: string, ids: number[]) {
      await db
        .update(transactions)
        .set({ name, ...nameKey(name) })
        .where(and(eq(transactions.organizationId, organizationId), inIds(transactions.id, ids)))
    },

    /** The no-receipt flag set on those that have no invoice attached. */
    async markNoReceipt(organizationId: number, ids: number[]) {
      await db
        .update(transactions)
        .set({ hasNoReceipt: true })
        .where(
          and(
            eq(transactions.organizationId, organizationId),
            inIds(transactions.id, ids),
            sql`not exists (select 1 from transaction_invoices ti where ti.organization_id = ${transactions.organizationId} and ti.transaction_id = ${transactions.id})`,
          ),
        )
    },
  }
}
