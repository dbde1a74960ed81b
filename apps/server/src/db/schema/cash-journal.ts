import { sql } from 'drizzle-orm'
import { bigint, check, date, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { instant } from './columns'

/**
 * The cash journal no one can rewrite (CGI art. 286 I-3° bis, decision 0038): one chain per organisation, each row's
 * signature the sha256 of the previous row's signature and of its canonical content; a gapless sequence; closings (Z)
 * and archives sealed in the same chain. The database refuses UPDATE, DELETE and TRUNCATE (migration 0035). No foreign
 * key to organizations: the journal outlives a closed organisation (kept six years).
 */
export const cashJournalEntries = pgTable(
  'cash_journal_entries',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    /** RECORD, CORRECTION, CANCELLATION (of a cash sale or movement), CLOSING (Z), ARCHIVE (an export's hash). */
    kind: text('kind').notNull(),
    recordedAt: instant('recorded_at').notNull(),
    /** The Paris day of recordedAt: the period a closing counts the entry in. */
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    /** DAY:2026-11-24, MONTH:2026-11, YEAR:2026: one closing per period. */
    closingKey: text('closing_key'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    previousSignature: text('previous_signature').notNull(),
    signature: text('signature').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('cash_journal_entries_sequence_idx').on(t.organizationId, t.sequence),
    uniqueIndex('cash_journal_entries_closing_idx')
      .on(t.organizationId, t.closingKey)
      .where(sql`${t.closingKey} is not null`),
    index('cash_journal_entries_transaction_idx')
      .on(t.organizationId, t.transactionId)
      .where(sql`${t.transactionId} is not null`),
    index('cash_journal_entries_recorded_on_idx').on(t.organizationId, t.recordedOn),
    check(
      'cash_journal_entries_kind_check',
      sql`${t.kind} in ('RECORD', 'CORRECTION', 'CANCELLATION', 'CLOSING', 'ARCHIVE')`,
    ),
  ],
)
