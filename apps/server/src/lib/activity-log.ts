import { ACTIVITY_CODES, type ActivityCode, type ActivitySubjectType } from '@app/domain'
import type { DbOrTx } from '../db/client'
import { activities } from '../db/schema/index'

/** Activity codes written by the product (spec/sales.md §8); the domain holds them with their history sentences. */
export { ACTIVITY_CODES, type ActivityCode }

export type ActivityEntry = {
  organizationId: number
  subjectType: ActivitySubjectType
  subjectId: number
  code: ActivityCode
  /** Null for entries the platform writes by itself (an invoice becoming LATE). */
  userId: number | null
  payload?: Record<string, unknown>
}

/**
 * Writes activity entries. Always called with the transaction that makes the change, so a change and its entry
 * exist together or not at all (ARCHITECTURE.md).
 */
export async function recordActivity(tx: DbOrTx, entries: ActivityEntry | ActivityEntry[], now: string) {
  const list = Array.isArray(entries) ? entries : [entries]
  if (list.length === 0) return
  await tx.insert(activities).values(
    list.map((entry) => ({
      organizationId: entry.organizationId,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      code: entry.code,
      userId: entry.userId,
      isOperator: entry.userId === null,
      payload: entry.payload ?? {},
      createdAt: now,
    })),
  )
}
