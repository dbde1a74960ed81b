import type { DocumentCustomerDto, VatRateTotal } from '@app/domain'
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
import { users } from './accounts'
import { instant } from './columns'
import { organizations } from './organizations'
import { currencies, fonts, invoiceStates, quoteStates, taxes, units } from './reference'

const organizationId = () =>
  bigint('organization_id', { mode: 'number' })
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' })

/** The sales part of the organisation settings (spec/sales.md §3), one row per organisation, made on first use. */
export const salesSettings = pgTable('sales_settings', {
  organizationId: organizationId().primaryKey(),
  invoiceEmail: text('invoice_email'),
  quoteEmail: text('quote_email'),
  recurringEmail: text('recurring_email'),
  recurringUnit: text('recurring_unit').notNull().default('month'),
  recurringCreationOption: text('recurring_creation_option').notNull().default('draft'),
  recurringEndingType: text('recurring_ending_type').notNull().default('date'),
  emailSignature: text('email_signature'),
  invoiceEmailSubject: text('invoice_email_subject'),
  quoteEmailSubject: text('quote_email_subject'),
  invoiceTerms: text('invoice_terms'),
  quoteTerms: text('quote_terms'),
  quoteValidityPeriod: integer('quote_validity_period'),
  invoicePaymentLimit: integer('invoice_payment_limit'),
  invoicePaymentEndOfMonth: boolean('invoice_payment_end_of_month').notNull().default(false),
  hasDeliveryFees: boolean('has_delivery_fees').notNull().default(false),
  hasLatePenalties: boolean('has_late_penalties').notNull().default(false),
  hasDisbursement: boolean('has_disbursement').notNull().default(false),
  hasDiscounts: boolean('has_discounts').notNull().default(false),
  latePenaltyRate: numeric('late_penalty_rate', { precision: 7, scale: 4 }),
  vatOnDebits: boolean('vat_on_debits').notNull().default(false),
  /** Late invoices reminded to their customer once a week (spec/sales.md "Reminders"), on paid plans and the trial. */
  lateInvoiceReminders: boolean('late_invoice_reminders').notNull().default(true),
  /** Document appearance (spec/account.md §3 "Appearance"): primary colour, title font, uploaded files' storage keys. */
  colorPrimary: text('color_primary').notNull().default('#000000'),
  fontId: integer('font_id')
    .notNull()
    .default(1)
    .references(() => fonts.id),
  logoPath: text('logo_path'),
  iconPath: text('icon_path'),
  backgroundPath: text('background_path'),
  backgroundNextPagesPath: text('background_next_pages_path'),
  createdAt: instant('created_at').notNull().default(sql`now()`),
  updatedAt: instant('updated_at').notNull().default(sql`now()`),
})

/**
 * One numbering per series (invoice, credit_note, quote). `current_chrono` is the next number to give: the row is
 * locked FOR UPDATE by the validating transaction, which takes the number and increments it (decision 0003), so
 * numbers have no gap and no duplicate, whatever the concurrency and the number of server processes.
 */
export const referenceNumberings = pgTable(
  'reference_numberings',
  {
    organizationId: organizationId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    series: text('series').notNull(),
    prefix: text('prefix').notNull(),
    separator: text('separator').notNull().default('-'),
    suffix: text('suffix').notNull().default(''),
    hasDay: boolean('has_day').notNull().default(false),
    hasMonth: boolean('has_month').notNull().default(false),
    hasYearLong: boolean('has_year_long').notNull().default(true),
    hasYearShort: boolean('has_year_short').notNull().default(false),
    dateSeparator: text('date_separator').notNull().default(''),
    currentChrono: bigint('current_chrono', { mode: 'number' }).notNull().default(1),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('reference_numberings_series_unique').on(t.organizationId, t.series),
    check('reference_numberings_series_check', sql`${t.series} in ('invoice', 'credit_note', 'quote')`),
    check('reference_numberings_chrono_check', sql`${t.currentChrono} >= 1`),
  ],
)

/**
 * What quotes and invoices share. Contact and addresses carry no foreign key on purpose: a draft keeps working when
 * its customer is deleted, and a validated document prints the snapshot taken at validation (`customer`).
 */
const documentColumns = () => ({
  organizationId: organizationId(),
  id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** Given at validation, from the series' numbering; null on drafts. */
  reference: text('reference'),
  series: text('series'),
  chrono: bigint('chrono', { mode: 'number' }),
  description: text('description'),
  terms: text('terms'),
  contactId: bigint('contact_id', { mode: 'number' }),
  billingAddressId: bigint('billing_address_id', { mode: 'number' }),
  deliveryAddressId: bigint('delivery_address_id', { mode: 'number' }),
  customer: jsonb('customer').$type<DocumentCustomerDto>(),
  currencyId: integer('currency_id')
    .notNull()
    .references(() => currencies.id),
  datedAt: date('dated_at', { mode: 'string' }).notNull(),
  paymentLimitAt: date('payment_limit_at', { mode: 'string' }).notNull(),
  discountName: text('discount_name'),
  discountAmount: numeric('discount_amount', { precision: 18, scale: 6 }),
  discountPercentage: numeric('discount_percentage', { precision: 9, scale: 4 }),
  deliveryFees: numeric('delivery_fees', { precision: 18, scale: 6 }),
  disbursement: numeric('disbursement', { precision: 18, scale: 6 }),
  latePenalties: numeric('late_penalties', { precision: 9, scale: 4 }),
  totalTaxExcluded: numeric('total_tax_excluded', { precision: 15, scale: 2 }).notNull().default('0'),
  totalTaxes: numeric('total_taxes', { precision: 15, scale: 2 }).notNull().default('0'),
  totalTaxIncluded: numeric('total_tax_included', { precision: 15, scale: 2 }).notNull().default('0'),
  /** Net to pay. */
  amount: numeric('amount', { precision: 15, scale: 2 }).notNull().default('0'),
  vatBreakdown: jsonb('vat_breakdown').$type<VatRateTotal[]>().notNull().default([]),
  nature: text('nature').notNull().default('SERVICES'),
  vatOnDebits: boolean('vat_on_debits').notNull().default(false),
  taxFree: boolean('tax_free').notNull().default(false),
  origin: text('origin'),
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: instant('created_at').notNull().default(sql`now()`),
  updatedAt: instant('updated_at').notNull().default(sql`now()`),
  validatedAt: instant('validated_at'),
})

const lineColumns = () => ({
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  reference: text('reference'),
  type: text('type').notNull(),
  quantity: numeric('quantity', { precision: 15, scale: 5 }).notNull(),
  amount: numeric('amount', { precision: 18, scale: 6 }).notNull(),
  unitId: integer('unit_id')
    .notNull()
    .references(() => units.id),
  taxId: integer('tax_id')
    .notNull()
    .references(() => taxes.id),
  /** The tax's rate when the line was saved: a validated document never changes if a rate does. */
  ratePercent: numeric('rate_percent', { precision: 7, scale: 4 }).notNull(),
  /** The catalogue item the line came from (no foreign key: deleting an item never touches documents). */
  itemId: bigint('item_id', { mode: 'number' }),
  discountAmount: numeric('discount_amount', { precision: 18, scale: 6 }),
  discountPercentage: numeric('discount_percentage', { precision: 9, scale: 4 }),
  totalTaxExcluded: numeric('total_tax_excluded', { precision: 15, scale: 2 }).notNull(),
})

export const quotes = pgTable(
  'quotes',
  {
    ...documentColumns(),
    stateId: integer('state_id')
      .notNull()
      .references(() => quoteStates.id),
    validityLimit: integer('validity_limit').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // Ascending on purpose: read backwards it serves `order by dated_at desc, id desc`; a DESC index is NULLS LAST,
    // which that order (NULLS FIRST) cannot use.
    index('quotes_dated_idx').on(t.organizationId, t.datedAt, t.id),
    index('quotes_state_idx').on(t.organizationId, t.stateId),
    index('quotes_contact_idx').on(t.organizationId, t.contactId),
    index('quotes_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('quotes_reference_trgm_idx').using('gin', sql`${t.reference} gin_trgm_ops`),
    uniqueIndex('quotes_chrono_unique').on(t.organizationId, t.series, t.chrono),
  ],
)

export const quoteLines = pgTable(
  'quote_lines',
  { ...lineColumns(), quoteId: bigint('quote_id', { mode: 'number' }).notNull() },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'quote_lines_quote_fk',
      columns: [t.organizationId, t.quoteId],
      foreignColumns: [quotes.organizationId, quotes.id],
    }).onDelete('cascade'),
    index('quote_lines_quote_idx').on(t.organizationId, t.quoteId, t.position),
  ],
)

export const invoices = pgTable(
  'invoices',
  {
    ...documentColumns(),
    /** F invoice, AV credit note. */
    type: text('type').notNull().default('F'),
    isCreditNote: boolean('is_credit_note').notNull().default(false),
    isDeposit: boolean('is_deposit').notNull().default(false),
    isFinal: boolean('is_final').notNull().default(false),
    isRecurring: boolean('is_recurring').notNull().default(false),
    stateId: integer('state_id')
      .notNull()
      .references(() => invoiceStates.id),
    deliveredAt: date('delivered_at', { mode: 'string' }),
    paymentLimit: integer('payment_limit').notNull(),
    paymentEndOfMonth: boolean('payment_end_of_month').notNull().default(false),
    paymentDateAt: date('payment_date_at', { mode: 'string' }),
    quoteId: bigint('quote_id', { mode: 'number' }),
    creditedInvoiceId: bigint('credited_invoice_id', { mode: 'number' }),
    sentAt: instant('sent_at'),
    /** On an invoice a recurring invoice created: that recurring invoice (no foreign key: deleting it keeps these). */
    subscriptionId: bigint('subscription_id', { mode: 'number' }),
    /** …and the date of the occurrence it was made for: one invoice per occurrence, enforced by a unique index. */
    occurrenceAt: date('occurrence_at', { mode: 'string' }),
    /** The Paris day the weekly job last reminded the customer of this late invoice (none within 7 days after). */
    lastReminderAt: date('last_reminder_at', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'invoices_quote_fk',
      columns: [t.organizationId, t.quoteId],
      foreignColumns: [quotes.organizationId, quotes.id],
    }),
    foreignKey({
      name: 'invoices_credited_invoice_fk',
      columns: [t.organizationId, t.creditedInvoiceId],
      foreignColumns: [t.organizationId, t.id],
    }),
    // Ascending: read backwards for the newest first (see quotes_dated_idx).
    index('invoices_dated_idx').on(t.organizationId, t.datedAt, t.id),
    index('invoices_state_idx').on(t.organizationId, t.stateId, t.datedAt),
    index('invoices_contact_idx').on(t.organizationId, t.contactId),
    index('invoices_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('invoices_reference_trgm_idx').using('gin', sql`${t.reference} gin_trgm_ops`),
    index('invoices_quote_idx').on(t.organizationId, t.quoteId),
    index('invoices_credited_idx').on(t.organizationId, t.creditedInvoiceId),
    index('invoices_due_idx').on(t.stateId, t.paymentLimitAt),
    uniqueIndex('invoices_chrono_unique').on(t.organizationId, t.series, t.chrono),
    uniqueIndex('invoices_occurrence_unique').on(t.organizationId, t.subscriptionId, t.occurrenceAt),
    check('invoices_type_check', sql`${t.type} in ('F', 'AV')`),
  ],
)

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    ...lineColumns(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    /** On a final invoice, the deposit invoice this negative line deducts. */
    depositInvoiceId: bigint('deposit_invoice_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'invoice_lines_invoice_fk',
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }).onDelete('cascade'),
    index('invoice_lines_invoice_idx').on(t.organizationId, t.invoiceId, t.position),
  ],
)

/**
 * The activity feed (spec/sales.md §8 codes): every state change, e-mail, payment and comment writes one entry in the
 * transaction that makes the change (DESIGN.md "Invariants").
 */
export const activities = pgTable(
  'activities',
  {
    organizationId: organizationId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    subjectType: text('subject_type').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    isOperator: boolean('is_operator').notNull().default(false),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('activities_subject_idx').on(t.organizationId, t.subjectType, t.subjectId, t.id),
  ],
)
