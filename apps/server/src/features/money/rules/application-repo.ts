import { type CompiledRule, DEFAULT_ACCOUNTING_ENTRY_IDS } from '@app/domain'
import { and, eq, not, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { arrayParam, idsParam } from '../../../db/ids'
import { jsonRows } from '../../../db/json-rows'
import {
  ruleApplications,
  type TransactionSnapshot,
  transactionAllocations,
  transactions,
} from '../../../db/schema/index'
import type { RuleTarget } from './engine'
import { ruleSql } from './preview-repo'

/** A transaction a rule's conditions match, as the engine reads it, with its date. */
type Candidate = RuleTarget & { datedAt: string }

/**
 * A transaction put back as its snapshot says (its split aside); its label and the label's key only when the run
 * changed them (`name` null otherwise).
 */
export type RestoredLine = {
  id: number
  name: string | null
  nameKey: string | null
  hasNoReceipt: boolean
  isCategorized: boolean
}

/** What a retroactive run may change: transactions still to categorise, or parked on the holding account (471000). */
const waitingForCategory = or(
  not(transactions.isCategorized),
  sql`exists (select 1 from ${transactionAllocations} a where a.organization_id = ${transactions.organizationId}
    and a.transaction_id = ${transactions.id} and a.accounting_entry_id = ${DEFAULT_ACCOUNTING_ENTRY_IDS.HOLDING})`,
)

/** The statements of a retroactive run and of its undo (application.ts). */
export function createApplicationRepo(db: DbOrTx) {
  return {
    /** The transactions a rule's conditions match, unlocked and waiting for a category, newest first. */
    candidates(organizationId: number, compiled: CompiledRule) {
      return jsonRows<Candidate>(
        db,
        sql`select ${transactions.id}, ${transactions.name}, ${transactions.rawName} as "rawName",
            ${transactions.counterparty}, ${transactions.amount}::text as amount,
            ${transactions.journalId} as "journalId", ${transactions.datedAt} as "datedAt"
          from ${transactions}
          where ${and(
            eq(transactions.organizationId, organizationId),
            ruleSql(compiled),
            eq(transactions.isChecked, false),
            eq(transactions.isValidated, false),
            waitingForCategory,
          )}
          order by ${transactions.datedAt} desc, ${transactions.id} desc`,
      )
    },

    async insertApplication(values: typeof ruleApplications.$inferInsert) {
      const [application] = await db.insert(ruleApplications).values(values).returning()
      return application
    },

    /** The application, locked for its undo. */
    async lockApplication(organizationId: number, applicationId: number) {
      const [application] = await db
        .select()
        .from(ruleApplications)
        .where(and(eq(ruleApplications.organizationId, organizationId), eq(ruleApplications.id, applicationId)))
        .for('update')
      return application
    },

    /**
     * The application's changes whose transaction still exists, with whether it is untouched since the run: same
     * updated_at, still unlocked.
     */
    changes(organizationId: number, applicationId: number) {
      return jsonRows<{ id: number; before: TransactionSnapshot; untouched: boolean; renamed: boolean }>(
        db,
        sql`select c.transaction_id as id, c.before,
            t.updated_at = c.applied_at and not t.is_checked and not t.is_validated as untouched,
            t.name is distinct from c.before->>'name' as renamed
          from rule_application_changes c
          join transactions t on t.organization_id = c.organization_id and t.id = c.transaction_id
          where c.organization_id = ${organizationId} and c.application_id = ${applicationId}`,
      )
    },

    async markUndone(organizationId: number, applicationId: number) {
      await db
        .update(ruleApplications)
        .set({ undoneAt: sql`now()` })
        .where(and(eq(ruleApplications.organizationId, organizationId), eq(ruleApplications.id, applicationId)))
    },

    /**
     * Keeps each transaction as it is before the run (its label, no-receipt flag and split, the shape of
     * TransactionSnapshot) for the undo, read and written by the database alone. The run then sets every one's
     * updated_at to now() (engine.ts writeChanges), the transaction's time: that is the applied_at the undo compares.
     */
    async keepSnapshots(organizationId: number, applicationId: number, ids: readonly number[]) {
      if (ids.length === 0) return
      await db.execute(sql`insert into rule_application_changes (organization_id, application_id, transaction_id,
          before, applied_at)
        select t.organization_id, ${applicationId}, t.id,
          jsonb_build_object('name', t.name, 'hasNoReceipt', t.has_no_receipt, 'allocations', coalesce((
            select jsonb_agg(jsonb_build_object('name', a.name, 'amount', a.amount::text,
                'taxAmount', a.tax_amount::text, 'taxManual', a.tax_manual, 'taxId', a.tax_id,
                'accountingEntryId', a.accounting_entry_id) order by a.position)
            from transaction_allocations a
            where a.organization_id = t.organization_id and a.transaction_id = t.id), '[]'::jsonb)),
          now()
        from transactions t
        where t.organization_id = ${organizationId} and t.id = any(${idsParam(ids)})`)
    },

    async deleteSplits(organizationId: number, ids: readonly number[]) {
      if (ids.length === 0) return
      await db.execute(sql`delete from transaction_allocations
        where organization_id = ${organizationId} and transaction_id = any(${idsParam(ids)})`)
    },

    /**
     * No-receipt flag and is_categorized put back, updated_at moved, and the label with its key where the run changed
     * it: one statement for the lines it renamed, one for the others. A label in the SET list queues the books' check
     * at commit (migration 0041's trigger on the label) for every line, renamed or not: 40,000 checks cost PGlite a
     * quarter of a second.
     */
    async restoreLines(organizationId: number, lines: readonly RestoredLine[]) {
      const renamed = lines.filter((line) => line.name !== null)
      const kept = lines.filter((line) => line.name === null)
      const column = (rows: readonly RestoredLine[], key: keyof RestoredLine, type: string) =>
        arrayParam(
          rows.map((line) => line[key]),
          type,
        )
      if (renamed.length > 0)
        await db.execute(sql`update transactions t
          set name = v.name, name_key = v.name_key, has_no_receipt = v.has_no_receipt,
            is_categorized = v.is_categorized, updated_at = now()
          from unnest(${column(renamed, 'id', 'bigint')}, ${column(renamed, 'name', 'text')},
            ${column(renamed, 'nameKey', 'text')}, ${column(renamed, 'hasNoReceipt', 'boolean')},
            ${column(renamed, 'isCategorized', 'boolean')}) as v(id, name, name_key, has_no_receipt, is_categorized)
          where t.organization_id = ${organizationId} and t.id = v.id`)
      if (kept.length > 0)
        await db.execute(sql`update transactions t
          set has_no_receipt = v.has_no_receipt, is_categorized = v.is_categorized, updated_at = now()
          from unnest(${column(kept, 'id', 'bigint')}, ${column(kept, 'hasNoReceipt', 'boolean')},
            ${column(kept, 'isCategorized', 'boolean')}) as v(id, has_no_receipt, is_categorized)
          where t.organization_id = ${organizationId} and t.id = v.id`)
    },
  }
}
