import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { transactions } from '../../../db/schema/index'

/** Rows written at once: large statements go in slices, in one database transaction. */
const BATCH = 1000

export function createImportRepo(db: DbOrTx) {
  return {
    /** Which of these keys the journal already holds. */
    async existingKeys(organizationId: number, journalId: number, keys: string[]) {
      const found = new Set<string>()
      for (let start = 0; start < keys.length; start += BATCH) {
        const rows = await db
          .select({ key: transactions.dedupeKey })
          .from(transactions)
          .where(
            and(
              eq(transactions.organizationId, organizationId),
              eq(transactions.journalId, journalId),
              inArray(transactions.dedupeKey, keys.slice(start, start + BATCH)),
            ),
          )
        for (const row of rows) if (row.key) found.add(row.key)
      }
      return found
    },
  }
}
