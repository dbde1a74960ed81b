import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { instant } from './columns'
import { contacts } from './contacts'
import { organizations } from './organizations'
import { receipts } from './receipts'
import { invoices } from './sales'

const organizationId = () =>
  bigint('organization_id', { mode: 'number' })
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' })

/**
 * The organisation's plateforme agréée (features/documents/e-invoicing, decision 0043): the two services of AFNOR XP Z12-013,
 * its OAuth2 client credentials (the secret sealed with SECRET_KEY), the webhook Carnet subscribed with its signing
 * key (sealed), the directory address that receives, and where the polling of incoming flows stands.
 */
export const eInvoicingConnections = pgTable('e_invoicing_connections', {
  organizationId: organizationId().primaryKey(),
  flowUrl: text('flow_url').notNull(),
  directoryUrl: text('directory_url').notNull(),
  tokenUrl: text('token_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  platformOrganizationId: text('platform_organization_id'),
  receivingAddress: text('receiving_address'),
  webhookId: text('webhook_id'),
  webhookKeySealed: text('webhook_key_sealed'),
  /** The opaque cursor of POST /v1/flows/search for incoming flows, and the last updatedAt seen. */
  pollCursor: text('poll_cursor'),
  polledUntil: instant('polled_until'),
  connectedBy: bigint('connected_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  connectedAt: instant('connected_at').notNull().default(sql`now()`),
  lastCheckedAt: instant('last_checked_at'),
})

/**
 * Every flow exchanged with the PA, both ways: an invoice sent (out) or received (in), a lifecycle status (CDAR)
 * sent or received, an e-reporting file. An outgoing flow is written in the same transaction as what causes it
 * (the outbox): `trackingId` and `sha256` make its sending idempotent; `state` says where it is.
 */
export const eInvoiceFlows = pgTable(
  'e_invoice_flows',
  {
    organizationId: organizationId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    direction: text('direction').notNull(),
    /** XP Z12-013 FlowType: CustomerInvoice, SupplierInvoice, CustomerInvoiceLC, SupplierInvoiceLC, …Report. */
    flowType: text('flow_type').notNull(),
    /** XP Z12-013 FlowSyntax: Factur-X, CII, UBL, CDAR, FRR. */
    syntax: text('syntax').notNull(),
    profile: text('profile'),
    processingRule: text('processing_rule'),
    fileName: text('file_name').notNull(),
    /** The file in the storage (per organisation). */
    storageKey: text('storage_key'),
    sha256: text('sha256').notNull(),
    trackingId: text('tracking_id').notNull(),
    /** The PA's id, once it took the flow (out) or as it gave it (in). */
    flowId: text('flow_id'),
    /** The sales document it carries or speaks of. */
    invoiceId: bigint('invoice_id', { mode: 'number' }),
    /** The receipt a received invoice became, or that a status we send speaks of. */
    receiptId: bigint('receipt_id', { mode: 'number' }),
    /** Outgoing: queued → sent, failed after the PA refused it for good, or skipped (the customer is not in the directory: sent by e-mail, counted for e-reporting). Incoming: received → processed | failed. */
    state: text('state').notNull(),
    /** The PA's acknowledgement: Pending, Ok, Error, with its details. */
    ackStatus: text('ack_status'),
    ackDetails: jsonb('ack_details'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'e_invoice_flows_invoice_fk',
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }),
    foreignKey({
      name: 'e_invoice_flows_receipt_fk',
      columns: [t.organizationId, t.receiptId],
      foreignColumns: [receipts.organizationId, receipts.id],
    }),
    uniqueIndex('e_invoice_flows_tracking_idx').on(t.organizationId, t.trackingId),
    uniqueIndex('e_invoice_flows_flow_idx').on(t.organizationId, t.flowId),
    index('e_invoice_flows_outbox_idx').on(t.state, t.nextAttemptAt),
    index('e_invoice_flows_invoice_idx').on(t.organizationId, t.invoiceId),
    check('e_invoice_flows_direction_check', sql`${t.direction} IN ('in', 'out')`),
    check(
      'e_invoice_flows_state_check',
      sql`${t.state} IN ('queued', 'sent', 'failed', 'skipped', 'received', 'processed')`,
    ),
  ],
)

/**
 * The lifecycle statuses of a document (CDAR D22B codes 200–228): of a sales invoice (from the PA and the buyer, or
 * Encaissée sent by Carnet) or of a received invoice (the buyer's answers sent from Carnet). Written once, never
 * changed: the document's status is the last one that moved it forward (`applied`).
 */
export const eInvoiceStatuses = pgTable(
  'e_invoice_statuses',
  {
    organizationId: organizationId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    invoiceId: bigint('invoice_id', { mode: 'number' }),
    receiptId: bigint('receipt_id', { mode: 'number' }),
    flowId: bigint('flow_id', { mode: 'number' }),
    code: smallint('code').notNull(),
    /** platform, buyer or seller: who said it. */
    source: text('source').notNull(),
    reasonCode: text('reason_code'),
    message: text('message'),
    actionCode: text('action_code'),
    /** Whether it moved the document's status forward (a late or backward status is kept but not applied). */
    applied: boolean('applied').notNull(),
    occurredAt: instant('occurred_at').notNull(),
    receivedAt: instant('received_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'e_invoice_statuses_invoice_fk',
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }),
    foreignKey({
      name: 'e_invoice_statuses_receipt_fk',
      columns: [t.organizationId, t.receiptId],
      foreignColumns: [receipts.organizationId, receipts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'e_invoice_statuses_flow_fk',
      columns: [t.organizationId, t.flowId],
      foreignColumns: [eInvoiceFlows.organizationId, eInvoiceFlows.id],
    }),
    index('e_invoice_statuses_invoice_idx').on(t.organizationId, t.invoiceId, t.occurredAt),
    index('e_invoice_statuses_receipt_idx').on(t.organizationId, t.receiptId, t.occurredAt),
    check('e_invoice_statuses_subject_check', sql`num_nonnulls(${t.invoiceId}, ${t.receiptId}) = 1`),
    check('e_invoice_statuses_source_check', sql`${t.source} IN ('platform', 'buyer', 'seller')`),
  ],
)

/** The webhook deliveries already taken (signature and timestamp): the same delivery twice is a replay. */
export const eInvoicingWebhookDeliveries = pgTable(
  'e_invoicing_webhook_deliveries',
  {
    organizationId: organizationId(),
    signature: text('signature').notNull(),
    sentAt: bigint('sent_at', { mode: 'number' }).notNull(),
    receivedAt: instant('received_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.signature] })],
)

/**
 * What the directory said of a customer (its SIREN) the last time Carnet asked: whether it receives e-invoices and
 * at which address. Read when the customer is saved; the sending reads it again before a flow.
 */
export const contactEInvoicing = pgTable(
  'contact_e_invoicing',
  {
    organizationId: organizationId(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    siren: text('siren').notNull(),
    reachable: boolean('reachable').notNull(),
    address: text('address'),
    platform: text('platform'),
    checkedAt: instant('checked_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.contactId] }),
    foreignKey({
      name: 'contact_e_invoicing_contact_fk',
      columns: [t.organizationId, t.contactId],
      foreignColumns: [contacts.organizationId, contacts.id],
    }).onDelete('cascade'),
  ],
)

/**
 * Every e-reporting file (flux 10) sent for a period: what it said (the figures as sent, a summary for the page) and
 * the outgoing flow that carries it, whose acknowledgement the polling refreshes. Never changed, never deleted: a
 * period whose figures changed after a transmission gets another one, marked as a correction.
 */
export const eReportingTransmissions = pgTable(
  'e_reporting_transmissions',
  {
    organizationId: organizationId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** transactions (10.1, 10.3) or payments (10.2, 10.4). */
    kind: text('kind').notNull(),
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    /** The e_invoice_flows row that carries the file. */
    flowId: bigint('flow_id', { mode: 'number' }).notNull(),
    /** A later transmission of a period already transmitted (its figures changed). */
    isCorrection: boolean('is_correction').notNull().default(false),
    /** The period's figures as sent (domain ReportingFigures), and their fingerprint to see later changes. */
    figures: jsonb('figures').notNull(),
    figuresSha256: text('figures_sha256').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'e_reporting_transmissions_flow_fk',
      columns: [t.organizationId, t.flowId],
      foreignColumns: [eInvoiceFlows.organizationId, eInvoiceFlows.id],
    }),
    index('e_reporting_transmissions_period_idx').on(t.organizationId, t.kind, t.periodStart),
    check('e_reporting_transmissions_kind_check', sql`${t.kind} IN ('transactions', 'payments')`),
  ],
)

/** The deadlines the members were told of (once per period and kind, a few days before): the jobs loop's mark. */
export const eReportingReminders = pgTable(
  'e_reporting_reminders',
  {
    organizationId: organizationId(),
    kind: text('kind').notNull(),
    periodStart: text('period_start').notNull(),
    remindedAt: instant('reminded_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind, t.periodStart] })],
)
