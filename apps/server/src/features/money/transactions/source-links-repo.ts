import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { transactions } from '../../../db/schema/index'

/**
 * The link from an expense note to the bank line it was made from (transactions.source_transaction_id): one note per
 * bank line, no foreign key, so deleting the bank line unlinks its note here instead of deleting it.
 */
export function createSourceLinkRepo(db: DbOrTx) {
  return {
    /** Holds the bank line until the end of the database transaction: two notes cannot be made from it at once. */
    async lock(organizationId: number, sourceId: number) {
      await db.execute(
        sql`select 1 from ${transactions} where ${transactions.organizationId} = ${organizationId} and ${transactions.id} = ${sourceId} for update`,
      )
    },

    /** The notes made from some bank lines, as (note id, bank line id). */
    async notesOf(organizationId: number, sourceIds: number[]) {
      if (sourceIds.length === 0) return []
      return db
        .select({ id: transactions.id, sourceTransactionId: transactions.sourceTransactionId })
        .from(transactions)
        .where(
          and(eq(transactions.organizationId, organizationId), inArray(transactions.sourceTransactionId, sourceIds)),
        )
    },

    async unlinkNotesOf(organizationId: number, sourceId: number) {
      await db
        .update(transactions)
        .set({ sourceTransactionId: null, updatedAt: sql`now()` })
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.sourceTransactionId, sourceId)))
    },
  }
}
