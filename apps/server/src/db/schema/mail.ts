import { sql } from 'drizzle-orm'
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organizations } from './organizations'

/** A file attached to an e-mail, kept in the storage until the message is sent. */
export type MailAttachmentRef = { filename: string; contentType: string; storageKey: string }

/** Every e-mail the app sends; without SMTP_URL this table is the development mailbox. */
export const emails = pgTable(
  'emails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** stored (no SMTP: the development mailbox), queued (to send or retry at next_attempt_at), sent, failed (gave up). */
    status: text('status').notNull(),
    error: text('error'),
    /** Document e-mails: the organisation, the document, copies, reply address and attached files (storage keys). */
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    subjectType: text('subject_type'),
    subjectId: bigint('subject_id', { mode: 'number' }),
    cc: text('cc'),
    bcc: text('bcc'),
    replyTo: text('reply_to'),
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    sentAt: instant('sent_at'),
  },
  (t) => [
    index('emails_created_idx').on(t.createdAt),
    index('emails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('emails_subject_idx').on(t.organizationId, t.subjectType, t.subjectId),
  ],
)
