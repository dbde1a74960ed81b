import type { CsvMappingBody, MileageDetail } from '@app/domain'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
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
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { accountingEntries } from './categories'
import { instant } from './columns'
import { organizations } from './organizations'
import { currencies, journalTypes, taxes } from './reference'
import { invoices } from './sales'

/**
 * Bank, cash and associate accounts (journals, spec/money.md §3). Each has its code in the books (BQ1, CAI1…) and its
 * own general-ledger account (5121, 5122…: the type's account and a sequence), so that the ledger and the FEC tell
 * two banks apart (decision 0018). One bank journal at most is active (spec/money.md §4), held by a partial unique
 * index rather than by a read-then-write check, so that two concurrent activations cannot both win.
 */
export const journals = pgTable(
  'journals',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    journalTypeId: integer('journal_type_id')
      .notNull()
      .references(() => journalTypes.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** The sequence in the code and the account (BQ2 → 2, account 5122). */
    sequence: integer('sequence').notNull(),
    accountCode: text('account_code').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .default(1)
      .references(() => currencies.id),
    iban: text('iban'),
    bic: text('bic'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    startingValue: numeric('starting_value', { precision: 15, scale: 2 }).notNull().default('0'),
    verifiedAt: instant('verified_at'),
    /** The column mapping of the last CSV statement imported into this account, offered again next time. */
    csvMapping: jsonb('csv_mapping').$type<CsvMappingBody>(),
    /** The bank connection that feeds this account, and the provider's id of the account in it. */
    bankConnectionId: bigint('bank_connection_id', { mode: 'number' }),
    externalAccountId: text('external_account_id'),
    /**
     * The category that stands for this account in splits (associate and operator accounts: 4551 "CCA Jeanne"…),
     * created with the account: a bank line split on it is money paid to or by the associate, and can become an
     * expense note (spec/money.md §4).
     */
    accountingEntryId: integer('accounting_entry_id').references(() => accountingEntries.id),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('journals_code_unique').on(t.organizationId, t.code),
    uniqueIndex('journals_single_active_bank')
      .on(t.organizationId)
      .where(sql`${t.journalTypeId} = 1 and ${t.isActive}`),
    index('journals_type_idx').on(t.organizationId, t.journalTypeId),
    uniqueIndex('journals_external_account_unique')
      .on(t.organizationId, t.bankConnectionId, t.externalAccountId)
      .where(sql`${t.externalAccountId} is not null`),
  ],
)

/**
 * A money movement in a journal (spec/money.md §3 Transaction): negative for an expense. rawName is the label as the
 * bank gave it, kept for ever; name is the cleaned label people read and may edit. dedupeKey recognises a line already
 * imported (the bank's id, else date, amount, raw label and occurrence), unique per journal.
 */
export const transactions = pgTable(
  'transactions',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    journalId: bigint('journal_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    rawName: text('raw_name').notNull(),
    datedAt: date('dated_at', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    counterparty: text('counterparty'),
    /**
     * name, raw_name and counterparty folded by @app/domain's searchKey (case, accents, ligatures, spaces), written
     * with them (features/money/transactions/match-keys.ts): the list's search and the rule preview compare on them, in SQL
     * exactly as the rule engine does in JavaScript. Null only on rows older than the columns, until the start-up
     * backfill (src/backfill.ts) fills them.
     */
    nameKey: text('name_key'),
    rawNameKey: text('raw_name_key'),
    counterpartyKey: text('counterparty_key'),
    reference: text('reference'),
    dedupeKey: text('dedupe_key'),
    isChecked: boolean('is_checked').notNull().default(false),
    isValidated: boolean('is_validated').notNull().default(false),
    hasNoReceipt: boolean('has_no_receipt').notNull().default(false),
    /**
     * Whether the transaction has a split, kept by the one place that writes splits (transactions repo
     * replaceAllocations): the "À catégoriser" tab and its count read a partial index instead of an anti-join over
     * every split (measured: 45 ms → 5 ms on 100,000 transactions).
     */
    isCategorized: boolean('is_categorized').notNull().default(false),
    /** manual, import, or the bank connector that brought it. */
    origin: text('origin').notNull().default('manual'),
    /**
     * For an expense note made from a bank line (POST /transactions/{id}/expense): that bank line, the reimbursement
     * of the note. No foreign key: deleting the bank line leaves the note, which the service unlinks.
     */
    sourceTransactionId: bigint('source_transaction_id', { mode: 'number' }),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'transactions_journal_fk',
      columns: [t.organizationId, t.journalId],
      foreignColumns: [journals.organizationId, journals.id],
    }),
    uniqueIndex('transactions_dedupe_unique')
      .on(t.organizationId, t.journalId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    // Ascending: read backwards they serve `order by dated_at desc, id desc` (a DESC index is NULLS LAST, which that
    // order cannot use: every page was a full scan and a sort).
    index('transactions_dated_idx').on(t.organizationId, t.datedAt, t.id),
    index('transactions_journal_idx').on(t.organizationId, t.journalId, t.datedAt, t.id),
    index('transactions_source_idx')
      .on(t.organizationId, t.sourceTransactionId)
      .where(sql`${t.sourceTransactionId} is not null`),
    index('transactions_uncategorized_idx').on(t.organizationId, t.datedAt, t.id).where(sql`not ${t.isCategorized}`),
    // Equality only (decision 0053): under row-level security a LIKE cannot use an index, so the trigram indexes these
    // replace served nothing but "the label is…" and cost every line written or categorised their trigrams.
    index('transactions_name_key_idx').on(t.organizationId, t.nameKey),
    index('transactions_raw_name_key_idx').on(t.organizationId, t.rawNameKey),
    check('transactions_origin_check', sql`${t.origin} in ('manual', 'import', 'bridge', 'qonto')`),
  ],
)

/**
 * The split of a transaction across categories (ventilation): each part with its category, its amount (the parts add
 * up to the transaction's amount, to the cent) and the VAT inside it, automatic from the category's rate or typed
 * (taxManual). The category is a general category or one of the organisation's own (schema/categories.ts).
 */
export const transactionAllocations = pgTable(
  'transaction_allocations',
  {
    // No key of its own to organizations: its transaction's (transaction_allocations_transaction_fk) says the same and
    // deletes it with it; a second check per part cost a scan of organizations each (migration 0044).
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    taxAmount: numeric('tax_amount', { precision: 15, scale: 2 }).notNull().default('0'),
    taxManual: boolean('tax_manual').notNull().default(false),
    taxId: integer('tax_id')
      .notNull()
      .references(() => taxes.id),
    accountingEntryId: integer('accounting_entry_id')
      .notNull()
      .references(() => accountingEntries.id),
    /** A mileage-allowance line of an expense note: the vehicle, the distance and the scale that gave its amount. */
    mileage: jsonb('mileage').$type<MileageDetail>(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'transaction_allocations_transaction_fk',
      columns: [t.organizationId, t.transactionId],
      foreignColumns: [transactions.organizationId, transactions.id],
    }).onDelete('cascade'),
    index('transaction_allocations_transaction_idx').on(t.organizationId, t.transactionId, t.position),
    index('transaction_allocations_entry_idx').on(t.organizationId, t.accountingEntryId),
  ],
)

/**
 * A link from an aggregator (Bridge: one item per bank login) or a neobank (Qonto: one organisation) to this
 * organisation's bank journals (spec/money.md §3 Bridge item, Direct-bank connection). statusCode 0 is OK; the
 * provider's other codes and their info feed the bank error modal (§8). A connection lasts at most 90 days before
 * strong re-authentication (expiresAt). Tokens are the provider's, kept to sync without the user.
 */
export const bankConnections = pgTable(
  'bank_connections',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    /** Bridge's item id, Qonto's organisation slug; null until the provider's flow has come back. */
    externalId: text('external_id'),
    /** Bridge's user uuid (its external_user_id is ours); unused by Qonto. */
    externalUserId: text('external_user_id'),
    bankName: text('bank_name'),
    isActive: boolean('is_active').notNull().default(true),
    statusCode: integer('status_code').notNull().default(0),
    statusCodeInfo: text('status_code_info'),
    statusCodeDescription: text('status_code_description'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: instant('token_expires_at'),
    /** The state parameter of the provider's redirect flow, to recognise the user coming back. */
    pendingState: text('pending_state'),
    lastSyncedAt: instant('last_synced_at'),
    expiresAt: instant('expires_at'),
    /** When its members were told the 90 days were ending (decision 0031); cleared by a renewal. */
    expiryNotifiedAt: instant('expiry_notified_at'),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('bank_connections_external_unique')
      .on(t.organizationId, t.provider, t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex('bank_connections_pending_state_unique')
      .on(t.pendingState, t.organizationId)
      .where(sql`${t.pendingState} is not null`),
    check('bank_connections_provider_check', sql`${t.provider} in ('bridge', 'qonto')`),
  ],
)

/**
 * Sales invoices paid by an incoming transfer (the attach-invoice drawer): attaching marks the invoice paid on the
 * transfer's date; the invoice lists its transactions.
 */
export const transactionInvoices = pgTable(
  'transaction_invoices',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.transactionId, t.invoiceId] }),
    foreignKey({
      name: 'transaction_invoices_transaction_fk',
      columns: [t.organizationId, t.transactionId],
      foreignColumns: [transactions.organizationId, transactions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'transaction_invoices_invoice_fk',
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }).onDelete('cascade'),
    index('transaction_invoices_invoice_idx').on(t.organizationId, t.invoiceId),
  ],
)

/**
 * Payments of invoices recorded by hand (issue 30, decision 0034): a cheque, cash, a transfer not imported yet. Until
 * `transaction_id` reconciles one with its bank line (which is then attached to the invoice in transaction_invoices
 * and carries the payment in the books), it posts its own entry: D 511 / C 411. Detaching that bank line makes it a
 * payment by hand again (trigger of migration 0033).
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    method: text('method').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'invoice_payments_invoice_fk',
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }).onDelete('cascade'),
    index('invoice_payments_invoice_idx').on(t.organizationId, t.invoiceId),
    index('invoice_payments_transaction_idx')
      .on(t.organizationId, t.transactionId)
      .where(sql`${t.transactionId} is not null`),
    check('invoice_payments_amount_check', sql`${t.amount} > 0`),
    check(
      'invoice_payments_method_check',
      sql`${t.method} in ('TRANSFER', 'CARD', 'CHEQUE', 'CASH', 'DIRECT_DEBIT', 'OTHER')`,
    ),
  ],
)
