import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { instant } from './columns'
import { contacts } from './contacts'
import { transactions } from './money'
import { organizations } from './organizations'
import { currencies, receiptStates, receiptTypes } from './reference'

/** A line of an e-invoice's VAT breakdown (BG-23), amounts as decimal strings. */
export type ReceiptVatLine = { ratePercent: string; taxableAmount: string; taxAmount: string; categoryCode: string }

/**
 * Receipts (justificatifs, spec/money.md §3 "Receipt"): a file the organisation keeps (purchase invoice, ticket,
 * e-invoice received) and what was read or typed from it: supplier, date, amounts. The file itself is in the storage
 * (storage_key, per organisation); its type was told by its bytes. The ledger (issue 16) posts a validated receipt to
 * the purchase journal from these columns; tax_amount is TTC − HT, written with them.
 */
export const receipts = pgTable(
  'receipts',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    stateId: integer('state_id')
      .notNull()
      .default(1)
      .references(() => receiptStates.id),
    receiptTypeId: integer('receipt_type_id')
      .notNull()
      .default(1)
      .references(() => receiptTypes.id),
    /** upload (the receipts page), transaction (sent from a transaction's panel). */
    origin: text('origin').notNull().default('upload'),
    name: text('name').notNull(),
    extension: text('extension').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    reference: text('reference'),
    description: text('description'),
    contactId: bigint('contact_id', { mode: 'number' }),
    /**
     * The supplier's name as read on the file (its text, OCR, an e-invoice's seller) or corrected in the editor: the
     * supplier proposed while no contact is chosen, created as one on validation, and what the matcher looks for in
     * a bank line's label.
     */
    supplierName: text('supplier_name'),
    datedAt: date('dated_at', { mode: 'string' }),
    currencyId: integer('currency_id')
      .notNull()
      .default(1)
      .references(() => currencies.id),
    taxExcluded: numeric('tax_excluded', { precision: 15, scale: 2 }),
    taxAmount: numeric('tax_amount', { precision: 15, scale: 2 }),
    taxIncluded: numeric('tax_included', { precision: 15, scale: 2 }),
    /** From a received e-invoice (BT-9, BT-84, BG-23): what the ledger and the matching will want. */
    dueAt: date('due_at', { mode: 'string' }),
    iban: text('iban'),
    /** factur-x, ubl or cii when the file was a structured e-invoice. */
    eInvoiceFormat: text('e_invoice_format'),
    vatLines: jsonb('vat_lines').$type<ReceiptVatLine[]>(),
    /** name, reference and description folded by @app/domain's searchKey, written with them: the list's search. */
    searchText: text('search_text').notNull().default(''),
    /** Why reading the file failed (state FAILED), in French. */
    failure: text('failure'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'receipts_contact_fk',
      columns: [t.organizationId, t.contactId],
      foreignColumns: [contacts.organizationId, contacts.id],
    }),
    // Ascending, read backwards for the list's newest first (a DESC index is NULLS LAST: decision 0019).
    index('receipts_created_idx').on(t.organizationId, t.createdAt, t.id),
    check('receipts_origin_check', sql`${t.origin} in ('upload', 'transaction')`),
    check('receipts_e_invoice_format_check', sql`${t.eInvoiceFormat} in ('factur-x', 'ubl', 'cii')`),
  ],
)

/** Which receipts justify which transactions (many to many: one invoice paid in two transfers, two tickets, one card line). */
export const receiptTransactions = pgTable(
  'receipt_transactions',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    receiptId: bigint('receipt_id', { mode: 'number' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.receiptId, t.transactionId] }),
    foreignKey({
      name: 'receipt_transactions_receipt_fk',
      columns: [t.organizationId, t.receiptId],
      foreignColumns: [receipts.organizationId, receipts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'receipt_transactions_transaction_fk',
      columns: [t.organizationId, t.transactionId],
      foreignColumns: [transactions.organizationId, transactions.id],
    }).onDelete('cascade'),
    index('receipt_transactions_transaction_idx').on(t.organizationId, t.transactionId),
  ],
)

/**
 * Pairs of a receipt and a bank line the organisation declined ("ce n'est pas ça"): the matcher never offers them
 * again (packages/domain receipts/matching.ts, MatcherMemory.declined).
 */
export const receiptMatchDeclines = pgTable(
  'receipt_match_declines',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    receiptId: bigint('receipt_id', { mode: 'number' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.receiptId, t.transactionId] }),
    foreignKey({
      name: 'receipt_match_declines_receipt_fk',
      columns: [t.organizationId, t.receiptId],
      foreignColumns: [receipts.organizationId, receipts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'receipt_match_declines_transaction_fk',
      columns: [t.organizationId, t.transactionId],
      foreignColumns: [transactions.organizationId, transactions.id],
    }).onDelete('cascade'),
  ],
)

/**
 * What confirming a match taught: this supplier (its folded name) is paid under this bank label (folded), so a later
 * line with that label is offered for the supplier's receipts even when the label does not name it
 * (MatcherMemory.supplierLabels). confirmations counts how often the pair was confirmed.
 */
export const receiptMatchLabels = pgTable(
  'receipt_match_labels',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    labelKey: text('label_key').notNull(),
    confirmations: integer('confirmations').notNull().default(1),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.supplierKey, t.labelKey] })],
)
