import type { RuleCondition } from '@app/domain'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
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
import { accountingEntries } from './categories'
import { instant } from './columns'
import { transactions } from './money'
import { organizations } from './organizations'
import { conditionFunctions, conditionTargets } from './reference'

/**
 * Rules Carnet offers every organisation (spec/money.md §7 "global rules index", "global store"): reference rows,
 * seeded by a migration; adopting one copies it into the organisation's rules, where it is the organisation's own.
 */
export const globalRules = pgTable('global_rules', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  accountingEntryId: integer('accounting_entry_id')
    .notNull()
    .references(() => accountingEntries.id),
  conditions: jsonb('conditions').$type<RuleCondition[]>().notNull(),
  creditOnly: boolean('credit_only').notNull().default(false),
  debitOnly: boolean('debit_only').notNull().default(false),
  hasNoReceipt: boolean('has_no_receipt').notNull().default(false),
  position: integer('position').notNull(),
})

/**
 * An organisation's assignment rule (spec/money.md §3, §4; issue 14): conditions joined by "and", the category it
 * gives (the remainder line when it has a split template), its place in the order (position, 1 first; new rules are
 * placed by specificity, people may move them), a stop flag, and two more actions: a new label, no receipt expected.
 */
export const assignmentRules = pgTable(
  'assignment_rules',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    position: integer('position').notNull(),
    accountingEntryId: integer('accounting_entry_id')
      .notNull()
      .references(() => accountingEntries.id),
    creditOnly: boolean('credit_only').notNull().default(false),
    debitOnly: boolean('debit_only').notNull().default(false),
    stopProcessing: boolean('stop_processing').notNull().default(false),
    newName: text('new_name'),
    hasNoReceipt: boolean('has_no_receipt').notNull().default(false),
    globalRuleId: integer('global_rule_id').references(() => globalRules.id),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('assignment_rules_position_idx').on(t.organizationId, t.position),
  ],
)

export const assignmentRuleConditions = pgTable(
  'assignment_rule_conditions',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    ruleId: bigint('rule_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    conditionTargetId: integer('condition_target_id')
      .notNull()
      .references(() => conditionTargets.id),
    conditionFunctionId: integer('condition_function_id')
      .notNull()
      .references(() => conditionFunctions.id),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.ruleId, t.position] }),
    foreignKey({
      name: 'assignment_rule_conditions_rule_fk',
      columns: [t.organizationId, t.ruleId],
      foreignColumns: [assignmentRules.organizationId, assignmentRules.id],
    }).onDelete('cascade'),
  ],
)

/** The head lines of a rule's split template: a percentage or a fixed amount each; the rule's category takes the rest. */
export const assignmentRuleSplits = pgTable(
  'assignment_rule_splits',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    ruleId: bigint('rule_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    accountingEntryId: integer('accounting_entry_id')
      .notNull()
      .references(() => accountingEntries.id),
    percentage: numeric('percentage', { precision: 5, scale: 2 }),
    amount: numeric('amount', { precision: 15, scale: 2 }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.ruleId, t.position] }),
    foreignKey({
      name: 'assignment_rule_splits_rule_fk',
      columns: [t.organizationId, t.ruleId],
      foreignColumns: [assignmentRules.organizationId, assignmentRules.id],
    }).onDelete('cascade'),
    index('assignment_rule_splits_entry_idx').on(t.accountingEntryId),
    check('assignment_rule_splits_one_share', sql`(${t.percentage} is null) <> (${t.amount} is null)`),
  ],
)

/**
 * A retroactive run of a rule over the transactions already there, undone as one step: each change keeps the
 * transaction as it was (its split, label and no-receipt flag) and its updated_at after the run, so that an undo
 * leaves alone what someone changed since.
 */
export const ruleApplications = pgTable(
  'rule_applications',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The rule applied; kept as a plain value, the rule may be deleted and the run still undone. */
    ruleId: bigint('rule_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    count: integer('count').notNull(),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    undoneAt: instant('undone_at'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
)

export type TransactionSnapshot = {
  name: string
  hasNoReceipt: boolean
  allocations: {
    name: string
    amount: string
    taxAmount: string
    taxManual: boolean
    taxId: number
    accountingEntryId: number
  }[]
}

export const ruleApplicationChanges = pgTable(
  'rule_application_changes',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    applicationId: bigint('application_id', { mode: 'number' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    before: jsonb('before').$type<TransactionSnapshot>().notNull(),
    /** The transaction's updated_at right after the run: a later one means someone changed it since. */
    appliedAt: instant('applied_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.applicationId, t.transactionId] }),
    foreignKey({
      name: 'rule_application_changes_application_fk',
      columns: [t.organizationId, t.applicationId],
      foreignColumns: [ruleApplications.organizationId, ruleApplications.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'rule_application_changes_transaction_fk',
      columns: [t.organizationId, t.transactionId],
      foreignColumns: [transactions.organizationId, transactions.id],
    }).onDelete('cascade'),
  ],
)

/** Rule proposals the organisation turned down: never proposed again for this label and category. */
export const ruleProposalDeclines = pgTable(
  'rule_proposal_declines',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    accountingEntryId: integer('accounting_entry_id')
      .notNull()
      .references(() => accountingEntries.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.key, t.accountingEntryId] })],
)
