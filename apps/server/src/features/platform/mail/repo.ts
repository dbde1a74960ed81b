import { type Paging, pageOffset } from '@app/domain'
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { emails, type MailAttachmentRef, organizations } from '../../../db/schema/index'

export type MailRow = typeof emails.$inferSelect
export type NewMailRow = {
  to: string
  subject: string
  text: string
  html: string | null
  status: 'stored' | 'queued'
  organizationId?: number | null
  subjectType?: string | null
  subjectId?: number | null
  cc?: string | null
  bcc?: string | null
  replyTo?: string | null
  attachments?: MailAttachmentRef[]
  attempts?: number
  nextAttemptAt?: string | null
}

export function createMailRepo(db: DbOrTx) {
  return {
    async insert(row: NewMailRow) {
      const [created] = await db.insert(emails).values(row).returning({ id: emails.id })
      if (!created) throw new Error('email insert returned nothing')
      return created.id
    },

    /** The row and the display name of its organisation (the From name of document e-mails). */
    async findForDelivery(id: number) {
      const [row] = await db
        .select({ mail: emails, organizationName: organizations.name, brandName: organizations.brandName })
        .from(emails)
        .leftJoin(organizations, eq(organizations.id, emails.organizationId))
        .where(eq(emails.id, id))
      return row ?? null
    },

    /**
     * Claims up to `limit` due messages in one statement: the rows are locked with SKIP LOCKED (a row another process
     * is claiming is skipped, never waited for), their attempt counted and their next attempt pushed to `leaseUntil`.
     * Once committed, no other process sees them as due until the lease ends, so a message is sent by one process only.
     */
    async claimDue(now: string, leaseUntil: string, limit: number): Promise<number[]> {
      const due = db
        .select({ id: emails.id })
        .from(emails)
        .where(and(eq(emails.status, 'queued'), lte(emails.nextAttemptAt, now)))
        .orderBy(asc(emails.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true })
      const rows = await db
        .update(emails)
        .set({ attempts: sql`${emails.attempts} + 1`, nextAttemptAt: leaseUntil })
        // Due again on the row updated: one claimed by another process meanwhile (its lease) is left out.
        .where(and(inArray(emails.id, due), eq(emails.status, 'queued'), lte(emails.nextAttemptAt, now)))
        .returning({ id: emails.id })
      return rows.map((row) => row.id)
    },

    async markSent(id: number, sentAt: string) {
      await db
        .update(emails)
        .set({ status: 'sent', sentAt, error: null, nextAttemptAt: null })
        .where(and(eq(emails.id, id), eq(emails.status, 'queued')))
    },
    async markRetry(id: number, error: string, nextAttemptAt: string) {
      await db
        .update(emails)
        .set({ error, nextAttemptAt })
        .where(and(eq(emails.id, id), eq(emails.status, 'queued')))
    },
    async markFailed(id: number, error: string) {
      await db
        .update(emails)
        .set({ status: 'failed', error, nextAttemptAt: null })
        .where(and(eq(emails.id, id), eq(emails.status, 'queued')))
    },

    /** A page of every e-mail, newest first (the development mailbox), and how many there are. */
    /** The newest messages; `search` is found in the recipient, the subject or the text (the code an e2e waits for). */
    async latest(paging: Paging & { search?: string }) {
      const pattern = paging.search ? `%${paging.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
      const where = pattern
        ? sql`(${emails.to} ilike ${pattern} or ${emails.subject} ilike ${pattern} or ${emails.text} ilike ${pattern})`
        : undefined
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(emails)
          .where(where)
          .orderBy(desc(emails.id))
          .limit(paging.pageSize)
          .offset(pageOffset(paging)),
        db.select({ total: count() }).from(emails).where(where),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    /** The latest message about a document (the drawer tells when it is still pending). */
    async latestAbout(organizationId: number, subjectType: string, subjectId: number) {
      const [row] = await db
        .select()
        .from(emails)
        .where(
          and(
            eq(emails.organizationId, organizationId),
            eq(emails.subjectType, subjectType),
            eq(emails.subjectId, subjectId),
          ),
        )
        .orderBy(desc(emails.id))
        .limit(1)
      return row ?? null
    },
  }
}
