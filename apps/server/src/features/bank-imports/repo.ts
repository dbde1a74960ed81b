import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { transactions } from '../../db/schema/index'
import { matchKeys } from '../transactions/match-keys'
import type { TransactionValues } from '../transactions/repo'

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

    /**
     * Inserts the new lines; a line another import wrote meanwhile is skipped by the unique index, not an error.
     * Returns the ids written.
     */
    async insertLines(organizationId: number, rows: TransactionValues[]) {
      const ids: number[] = []
      for (let start = 0; start < rows.length; start += BATCH) {
        const inserted = await db
          .insert(transactions)
          .values(rows.slice(start, start + BATCH).map((row) => ({ ...row, ...matchKeys(row), organizationId })))
          .onConflictDoNothing({
            target: [transactions.organizationId, transactions.journalId, transactions.dedupeKey],
            where: sql`${transactions.dedupeKey} is not null`,
          })
          .returning({ id: transactions.id })
        for (const row of inserted) ids.push(row.id)
      }
      return ids
    },
  }
}
