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
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organizations } from './organizations'
import { invoices } from './sales'

/**
 * The schedule of a recurring invoice (spec/sales.md §3 "RecurringParams"), one row per invoice row with
 * is_recurring = true: that invoice is the model each occurrence copies. `next_occurrence` is the durable state of the
 * schedule: the job that makes an occurrence locks this row, creates the invoice and moves `next_occurrence` on in one
 * transaction, so an occurrence is made once or not at all (decision 0016).
 */
export const recurringParams = pgTable(
  'recurring_params',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    startingAt: date('starting_at', { mode: 'string' }).notNull(),
    endingAt: date('ending_at', { mode: 'string' }),
    endingType: text('ending_type').notNull(),
    occurrences: integer('occurrences'),
    recurrence: integer('recurrence').notNull(),
    unit: text('unit').notNull(),
    day: integer('day'),
    creationOption: text('creation_option').notNull(),
    emailRecipient: text('email_recipient'),
    emailCc: text('email_cc'),
    emailCci: text('email_cci'),
    emailSubject: text('email_subject'),
    emailBody: text('email_body'),
    isActive: boolean('is_active').notNull().default(true),
    /** Null once the schedule has no date left. */
    nextOccurrence: date('next_occurrence', { mode: 'string' }),
    generatedCount: integer('generated_count').notNull().default(0),
    lastOccurrenceAt: date('last_occurrence_at', { mode: 'string' }),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.invoiceId] }),
    foreignKey({
      name: 'recurring_params_invoice_fk',
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }).onDelete('cascade'),
    // The occurrence job's scan: active schedules whose next date has come, across organisations.
    index('recurring_params_due_idx').on(t.nextOccurrence).where(sql`${t.isActive}`),
    check('recurring_params_unit_check', sql`${t.unit} in ('day', 'week', 'month', 'year')`),
    check('recurring_params_ending_type_check', sql`${t.endingType} in ('date', 'occurrences')`),
    check('recurring_params_creation_option_check', sql`${t.creationOption} in ('draft', 'send')`),
    check('recurring_params_recurrence_check', sql`${t.recurrence} between 1 and 31`),
    check('recurring_params_occurrences_check', sql`${t.occurrences} is null or ${t.occurrences} between 1 and 300`),
  ],
)

/**
 * Background work stored in the database (DESIGN.md "Server"): a row per job, claimed with FOR UPDATE SKIP LOCKED and
 * a lease, so a restart loses none and two processes never run the same job at once. Handlers are idempotent: a job
 * whose process died after its work committed runs again and finds nothing left to do.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued, done or failed. */
    status: text('status').notNull().default('queued'),
    runAt: instant('run_at').notNull().default(sql`now()`),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    doneAt: instant('done_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    check('jobs_status_check', sql`${t.status} in ('queued', 'done', 'failed')`),
  ],
)
