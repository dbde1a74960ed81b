import { ACTIVITY_CODES, type ActivityCode, type ActivitySubjectType } from '@app/domain'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { compiled } from '../db/compiled'
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
  const rows = list.map((entry) => ({
    organizationId: entry.organizationId,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    code: entry.code,
    userId: entry.userId,
    isOperator: entry.userId === null,
    payload: entry.payload ?? {},
    createdAt: now,
  }))
  const [row] = rows
  if (rows.length === 1 && row) await insertOne(tx, row)
  else await tx.insert(activities).values(rows)
}

// Most changes write one entry: its insert built once (db/compiled.ts), where drizzle built it at each run.
const insertOne = compiled('activity_insert', (db) =>
  db.insert(activities).values({
    organizationId: sql.placeholder('organizationId'),
    subjectType: sql.placeholder('subjectType'),
    subjectId: sql.placeholder('subjectId'),
    code: sql.placeholder('code'),
    userId: sql.placeholder('userId'),
    isOperator: sql.placeholder('isOperator'),
    payload: sql.placeholder('payload'),
    createdAt: sql.placeholder('createdAt'),
  }),
)
