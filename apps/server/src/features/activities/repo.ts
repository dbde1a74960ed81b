import type { DbOrTx } from '../../db/client'
import { activities } from '../../db/schema/index'

/** Activity codes written by the sales side (spec/sales.md §8); the history sentences come with the feed. */
export const ACTIVITY_CODES = {
  invoiceCreated: 'invoice.created',
  invoiceUpdated: 'invoice.updated',
  invoiceStateUpdated: 'invoice.state_updated',
  invoicePaymentDateUpdated: 'invoice.payment_date_updated',
  quoteCreated: 'quote.created',
  quoteUpdated: 'quote.updated',
  quoteStateUpdated: 'quote.state_updated',
  quoteToInvoice: 'quote.to_invoice',
} as const
export type ActivityCode = (typeof ACTIVITY_CODES)[keyof typeof ACTIVITY_CODES]

export type ActivityEntry = {
  organizationId: number
  subjectType: 'invoice' | 'quote'
  subjectId: number
  code: ActivityCode
  /** Null for entries the platform writes by itself (an invoice becoming LATE). */
  userId: number | null
  payload?: Record<string, unknown>
}

/**
 * Writes activity entries. Always called with the transaction that makes the change, so a change and its entry
 * exist together or not at all (DESIGN.md "Invariants").
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
