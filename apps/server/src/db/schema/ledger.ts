import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organizations } from './organizations'

/**
 * The last number given in a journal for a fiscal year (decision 0024): the posting locks the row `for update`, as
 * invoice numbers are (decision 0003), so that two concurrent events never share a number nor leave a gap.
 */
export const ledgerCounters = pgTable(
  'ledger_counters',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    journalCode: text('journal_code').notNull(),
    /** The first day of the fiscal year. */
    fiscalYearStart: date('fiscal_year_start', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.journalCode, t.fiscalYearStart] })],
)

/**
 * An entry (écriture) of the ledger, posted in the transaction of the event that caused it and never updated: a
 * correction reverses it (reversesEntryId) and posts the new one. The source says which document or movement the
 * entry stands for; the rebuild (features/books/ledger/rebuild.ts) compares each source's active entry with what the
 * documents say today.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    // No foreign key, here or on the lines (migration 0045): the books are only ever added to, by the posting alone,
    // which numbers entries from the organisation's counters and writes lines with the ids its entries insert
    // returned; the keys cost a check per entry and per line written (3 s of a 47,000-line retroactive run), and the
    // ledger's check (check.ts) proves that every line has its entry.
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    journalCode: text('journal_code').notNull(),
    journalLabel: text('journal_label').notNull(),
    fiscalYearStart: date('fiscal_year_start', { mode: 'string' }).notNull(),
    /** Continuous per journal and fiscal year (EcritureNum). */
    number: integer('number').notNull(),
    datedAt: date('dated_at', { mode: 'string' }).notNull(),
    label: text('label').notNull(),
    pieceRef: text('piece_ref').notNull(),
    pieceDate: date('piece_date', { mode: 'string' }).notNull(),
    /** invoice, transaction, receipt, opening (a fiscal year's AN: source id = the calendar year it starts in). */
    sourceKind: text('source_kind').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    /** On a reversal: the entry it cancels. */
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }),
    /**
     * What the entry says in the books, as a digest (ledger/posting.ts keyOf), written with it: a posting compares it
     * with what the documents ask for without reading the lines back. Null on a reversal (never compared) and on the
     * entries posted before it existed (their lines are read, as before).
     */
    bookKey: text('book_key'),
    /** ValidDate: the day the entry was really posted (Europe/Paris), from the database's clock. */
    postedOn: date('posted_on', { mode: 'string' }).notNull().default(sql`(now() at time zone 'Europe/Paris')::date`),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('ledger_entries_number_unique').on(t.organizationId, t.fiscalYearStart, t.journalCode, t.number),
    index('ledger_entries_piece_idx').on(t.organizationId, t.pieceRef),
    index('ledger_entries_source_idx').on(t.organizationId, t.sourceKind, t.sourceId),
    index('ledger_entries_dated_idx').on(t.organizationId, t.datedAt),
    index('ledger_entries_reverses_idx')
      .on(t.organizationId, t.reversesEntryId)
      .where(sql`${t.reversesEntryId} is not null`),
    check(
      'ledger_entries_source_check',
      sql`${t.sourceKind} in ('invoice', 'payment', 'transaction', 'receipt', 'opening')`,
    ),
  ],
)

/** A line of an entry: one account debited or credited, with what the VAT report and the CA3 need (decision 0024). */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    /** Denormalised from the entry so that the reports aggregate lines without a join. */
    datedAt: date('dated_at', { mode: 'string' }).notNull(),
    accountCode: text('account_code').notNull(),
    accountLabel: text('account_label').notNull(),
    auxiliaryCode: text('auxiliary_code'),
    auxiliaryLabel: text('auxiliary_label'),
    label: text('label').notNull(),
    debit: numeric('debit', { precision: 15, scale: 2 }).notNull(),
    credit: numeric('credit', { precision: 15, scale: 2 }).notNull(),
    vatRate: text('vat_rate'),
    vatBase: numeric('vat_base', { precision: 15, scale: 2 }),
    vatKind: text('vat_kind'),
    vatNature: text('vat_nature'),
    vatDueOn: text('vat_due_on'),
    /** On a sale at 0 %: 'export' (CA3 box E1) or 'intraCommunitySupply' (F2); null for a French operation. */
    vatOperation: text('vat_operation'),
    /** The piece whose customer or supplier line this line settles: lettering pairs them (decision 0024). */
    settlesPieceRef: text('settles_piece_ref'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.entryId, t.position] }),
    index('ledger_lines_account_idx').on(t.organizationId, t.datedAt, t.accountCode),
    index('ledger_lines_vat_idx').on(t.organizationId, t.datedAt).where(sql`${t.vatKind} is not null`),
    index('ledger_lines_lettering_idx')
      .on(t.organizationId, t.settlesPieceRef)
      .where(sql`${t.settlesPieceRef} is not null`),
    check('ledger_lines_sides_check', sql`${t.debit} >= 0 and ${t.credit} >= 0`),
  ],
)

/**
 * Sources waiting for the books: what the migrations marked for the start-up backfill (src/backfill.ts releases them
 * a batch at a time, and the posting takes them), and what a posting could not book, set aside (deferred) for the
 * next start and `npm run ledger` (features/books/ledger/books.ts, decision 0045).
 */
export const ledgerPending = pgTable(
  'ledger_pending',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    sourceKind: text('source_kind').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    /** Marked by the migration for what existed before the ledger: posted at start, a batch at a time. */
    deferred: boolean('deferred').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.sourceKind, t.sourceId] })],
)
