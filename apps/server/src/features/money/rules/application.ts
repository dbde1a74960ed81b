import { DEFAULT_ACCOUNTING_ENTRY_IDS, messages, type RuleApplicationDto } from '@app/domain'
import { and, asc, desc, eq, inArray, not, or, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../../db/client'
import {
  ruleApplicationChanges,
  ruleApplications,
  type TransactionSnapshot,
  transactionAllocations,
  transactions,
} from '../../../db/schema/index'
import { conflict, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { insertSplits } from '../transactions/insert-splits'
import { nameKey } from '../transactions/match-keys'
import { type PlannedChange, planRules, prepareRuleRun, writeChanges } from './engine'
import { categoriesOf, PREVIEW_SIZE, ruleSql } from './preview'
import { runnableOf, type StoredRule } from './repo'

const m = messages.rules
const CHUNK = 1000

/** What a retroactive run may change: transactions still to categorise, or parked on the holding account (471000). */
const waitingForCategory = or(
  not(transactions.isCategorized),
  sql`exists (select 1 from ${transactionAllocations} a where a.organization_id = ${transactions.organizationId}
    and a.transaction_id = ${transactions.id} and a.accounting_entry_id = ${DEFAULT_ACCOUNTING_ENTRY_IDS.HOLDING})`,
)

/**
 * What applying one rule to the transactions already there would do, newest first: the SQL narrows to the rows its
 * conditions match (unlocked, waiting for a category), the engine decides each one as it does on an import.
 */
async function plan(db: DbOrTx, organizationId: number, stored: StoredRule) {
  const run = await prepareRuleRun(db, organizationId, [runnableOf(stored)])
  const compiled = run?.rules[0]?.compiled
  if (!run || !compiled) return []
  const rows = await db
    .select({
      id: transactions.id,
      name: transactions.name,
      rawName: transactions.rawName,
      counterparty: transactions.counterparty,
      amount: transactions.amount,
      journalId: transactions.journalId,
      datedAt: transactions.datedAt,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.organizationId, organizationId),
        ruleSql(compiled),
        eq(transactions.isChecked, false),
        eq(transactions.isValidated, false),
        waitingForCategory,
      ),
    )
    .orderBy(desc(transactions.datedAt), desc(transactions.id))
  return planRules(run, rows)
}

/** Each transaction as it is before the run: its split, label and no-receipt flag, for the undo. */
async function snapshots(tx: DbOrTx, organizationId: number, changes: PlannedChange[]) {
  const result = new Map<number, TransactionSnapshot>()
  for (const change of changes)
    result.set(change.transaction.id, { name: change.transaction.name, hasNoReceipt: false, allocations: [] })
  const ids = [...result.keys()]
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK)
    const [flags, parts] = await Promise.all([
      tx
        .select({ id: transactions.id, hasNoReceipt: transactions.hasNoReceipt })
        .from(transactions)
        .where(and(eq(transactions.organizationId, organizationId), inArray(transactions.id, chunk))),
      tx
        .select()
        .from(transactionAllocations)
        .where(
          and(
            eq(transactionAllocations.organizationId, organizationId),
            inArray(transactionAllocations.transactionId, chunk),
          ),
        )
        .orderBy(asc(transactionAllocations.transactionId), asc(transactionAllocations.position)),
    ])
    for (const flag of flags) (result.get(flag.id) as TransactionSnapshot).hasNoReceipt = flag.hasNoReceipt
    for (const part of parts)
      (result.get(part.transactionId) as TransactionSnapshot).allocations.push({
        name: part.name,
        amount: part.amount,
        taxAmount: part.taxAmount,
        taxManual: part.taxManual,
        taxId: part.taxId,
        accountingEntryId: part.accountingEntryId,
      })
  }
  return result
}

const presentApplication = (row: typeof ruleApplications.$inferSelect): RuleApplicationDto => ({
  id: row.id,
  ruleId: row.ruleId,
  count: row.count,
  createdAt: row.createdAt,
  undoneAt: row.undoneAt,
})

/**
 * Retroactive application of a rule (issue 14): first what it will change (count and a sample), then the run, kept
 * as one step that an undo reverses — except on the transactions someone changed since, which are left as they are.
 */
export function createRuleApplications(deps: { db: Db; books: Books }) {
  return {
    async plan(tenant: Tenant, stored: StoredRule) {
      const changes = await plan(deps.db, tenant.organizationId, stored)
      const sample = changes.slice(0, PREVIEW_SIZE).map((change) => change.transaction)
      const categories = await categoriesOf(
        deps.db,
        tenant.organizationId,
        sample.map((row) => row.id),
      )
      return {
        count: changes.length,
        sample: sample.map(({ counterparty: _counterparty, ...row }) => ({
          ...row,
          categories: categories.get(row.id) ?? [],
        })),
      }
    },

    async apply(tenant: Tenant, stored: StoredRule): Promise<RuleApplicationDto> {
      if (!stored.rule.isActive) throw conflict(m.inactiveNoApply, 'RULE_INACTIVE')
      const { organizationId } = tenant
      return deps.db.transaction(async (tx) => {
        const changes = await plan(tx, organizationId, stored)
        const before = await snapshots(tx, organizationId, changes)
        const ids = await writeChanges(tx, organizationId, changes)
        const [application] = await tx
          .insert(ruleApplications)
          .values({ organizationId, ruleId: stored.rule.id, userId: tenant.userId, count: ids.length })
          .returning()
        if (!application) throw new Error('rule application insert returned nothing')
        // Each snapshot with the transaction's updated_at after the run, in one statement per chunk.
        for (let start = 0; start < ids.length; start += CHUNK) {
          const snapshots = ids.slice(start, start + CHUNK).map((id) => ({ id, before: before.get(id) }))
          await tx.execute(sql`insert into ${ruleApplicationChanges} (organization_id, application_id, transaction_id,
              before, applied_at)
            select t.organization_id, ${application.id}, t.id, v.before, t.updated_at
            from jsonb_to_recordset(${JSON.stringify(snapshots)}::jsonb) as v(id bigint, before jsonb)
            join ${transactions} t on t.organization_id = ${organizationId} and t.id = v.id`)
        }
        await deps.books.post(tx, { organizationId, transactions: ids })
        return presentApplication(application)
      })
    },

    async undo(tenant: Tenant, applicationId: number) {
      const { organizationId } = tenant
      return deps.db.transaction(async (tx) => {
        const [application] = await tx
          .select()
          .from(ruleApplications)
          .where(and(eq(ruleApplications.organizationId, organizationId), eq(ruleApplications.id, applicationId)))
          .for('update')
        if (!application) throw notFound()
        if (application.undoneAt) throw conflict(m.alreadyUndone, 'RULE_APPLICATION_UNDONE')
        // Untouched since the run: same updated_at, still unlocked. The others keep what was done to them since.
        const rows = await tx
          .select({
            id: ruleApplicationChanges.transactionId,
            before: ruleApplicationChanges.before,
            untouched: sql<boolean>`${transactions.updatedAt} = ${ruleApplicationChanges.appliedAt}
              and not ${transactions.isChecked} and not ${transactions.isValidated}`,
          })
          .from(ruleApplicationChanges)
          .innerJoin(
            transactions,
            and(
              eq(transactions.organizationId, ruleApplicationChanges.organizationId),
              eq(transactions.id, ruleApplicationChanges.transactionId),
            ),
          )
          .where(
            and(
              eq(ruleApplicationChanges.organizationId, organizationId),
              eq(ruleApplicationChanges.applicationId, applicationId),
            ),
          )
        const restorable = rows.filter((row) => row.untouched)
        await restore(tx, organizationId, restorable)
        await tx
          .update(ruleApplications)
          .set({ undoneAt: sql`now()` })
          .where(and(eq(ruleApplications.organizationId, organizationId), eq(ruleApplications.id, applicationId)))
        await deps.books.post(tx, { organizationId, transactions: restorable.map((row) => row.id) })
        // Deleted transactions are gone from the join: neither restored nor skipped.
        return { restored: restorable.length, skipped: rows.length - restorable.length }
      })
    },
  }
}

/** Puts transactions back as their snapshots say: the split whole, the label, the no-receipt flag. */
async function restore(tx: DbOrTx, organizationId: number, rows: { id: number; before: TransactionSnapshot }[]) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK)
    const ids = chunk.map((row) => row.id)
    await tx
      .delete(transactionAllocations)
      .where(
        and(
          eq(transactionAllocations.organizationId, organizationId),
          inArray(transactionAllocations.transactionId, ids),
        ),
      )
    await insertSplits(
      tx,
      organizationId,
      chunk.flatMap((row) =>
        row.before.allocations.map((part, position) => ({ ...part, position, transactionId: row.id })),
      ),
    )
    const groups = new Map<string, { name: string; hasNoReceipt: boolean; isCategorized: boolean; ids: number[] }>()
    for (const row of chunk) {
      const isCategorized = row.before.allocations.length > 0
      const key = JSON.stringify([row.before.name, row.before.hasNoReceipt, isCategorized])
      const group = groups.get(key) ?? {
        name: row.before.name,
        hasNoReceipt: row.before.hasNoReceipt,
        isCategorized,
        ids: [],
      }
      group.ids.push(row.id)
      groups.set(key, group)
    }
    for (const group of groups.values())
      await tx
        .update(transactions)
        .set({
          name: group.name,
          ...nameKey(group.name),
          hasNoReceipt: group.hasNoReceipt,
          isCategorized: group.isCategorized,
          updatedAt: sql`now()`,
        })
        .where(and(eq(transactions.organizationId, organizationId), inArray(transactions.id, group.ids)))
  }
}

export type RuleApplications = ReturnType<typeof createRuleApplications>
