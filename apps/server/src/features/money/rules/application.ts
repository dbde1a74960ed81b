import { messages, type RuleApplicationDto } from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import { BULK_WRITE_LINES } from '../../../db/maintenance'
import type { ruleApplications, TransactionSnapshot } from '../../../db/schema/index'
import { conflict, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { insertSplits } from '../transactions/insert-splits'
import { nameKey } from '../transactions/match-keys'
import { createApplicationRepo } from './application-repo'
import { planRules, prepareRuleRun, writeChanges } from './engine'
import { PREVIEW_SIZE } from './preview'
import { categoriesOf } from './preview-repo'
import { runnableOf, type StoredRule } from './repo'

const m = messages.rules
const CHUNK = 5000

/**
 * What applying one rule to the transactions already there would do, newest first: the SQL narrows to the rows its
 * conditions match (unlocked, waiting for a category), the engine decides each one as it does on an import.
 */
async function plan(db: DbOrTx, organizationId: number, stored: StoredRule) {
  const run = await prepareRuleRun(db, organizationId, [runnableOf(stored)])
  const compiled = run?.rules[0]?.compiled
  if (!run || !compiled) return []
  const rows = await createApplicationRepo(db).candidates(organizationId, compiled)
  return planRules(run, rows)
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
export function createRuleApplications(deps: {
  db: Db
  books: Books
  /**
   * Runs after a run or an undo that changed many lines (db/maintenance.ts analyzeAfterBulkWrite); an error there is
   * ignored: the change is in. On PGlite, without it, the undo that follows plans its reads of the books from
   * statistics that do not count the run's entries: copying the reversed lines then read all the books' lines.
   */
  afterBulkWrite?: () => Promise<void>
}) {
  const maintain = async (changed: number) => {
    if (changed >= BULK_WRITE_LINES && deps.afterBulkWrite) await deps.afterBulkWrite().catch(() => undefined)
  }
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
      const applied = await deps.db.transaction(async (tx) => {
        const changes = await plan(tx, organizationId, stored)
        const repo = createApplicationRepo(tx)
        const application = await repo.insertApplication({
          organizationId,
          ruleId: stored.rule.id,
          userId: tenant.userId,
          count: changes.length,
        })
        if (!application) throw new Error('rule application insert returned nothing')
        // Each transaction as it is before the run, read and written by the database in one statement per chunk.
        const planned = changes.map((change) => change.transaction.id)
        for (let start = 0; start < planned.length; start += CHUNK)
          await repo.keepSnapshots(organizationId, application.id, planned.slice(start, start + CHUNK))
        const ids = await writeChanges(tx, organizationId, changes)
        await deps.books.post(tx, { organizationId, transactions: ids })
        return presentApplication(application)
      })
      await maintain(applied.count)
      return applied
    },

    async undo(tenant: Tenant, applicationId: number) {
      const { organizationId } = tenant
      const undone = await deps.db.transaction(async (tx) => {
        const repo = createApplicationRepo(tx)
        const application = await repo.lockApplication(organizationId, applicationId)
        if (!application) throw notFound()
        if (application.undoneAt) throw conflict(m.alreadyUndone, 'RULE_APPLICATION_UNDONE')
        // Untouched since the run: same updated_at, still unlocked. The others keep what was done to them since.
        const rows = await repo.changes(organizationId, applicationId)
        const restorable = rows.filter((row) => row.untouched)
        await restore(tx, organizationId, restorable)
        await repo.markUndone(organizationId, applicationId)
        await deps.books.post(tx, { organizationId, transactions: restorable.map((row) => row.id) })
        // Deleted transactions are gone from the join: neither restored nor skipped.
        return { restored: restorable.length, skipped: rows.length - restorable.length }
      })
      await maintain(undone.restored)
      return undone
    },
  }
}

/** Puts transactions back as their snapshots say: the split whole, the label, the no-receipt flag. */
async function restore(
  tx: DbOrTx,
  organizationId: number,
  rows: { id: number; before: TransactionSnapshot; renamed: boolean }[],
) {
  const keys = new Map<string, string>()
  const keyOf = (name: string) => {
    if (!keys.has(name)) keys.set(name, nameKey(name).nameKey)
    return keys.get(name) as string
  }
  const repo = createApplicationRepo(tx)
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK)
    await repo.deleteSplits(
      organizationId,
      chunk.map((row) => row.id),
    )
    await insertSplits(
      tx,
      organizationId,
      chunk.flatMap((row) =>
        row.before.allocations.map((part, position) => ({ ...part, position, transactionId: row.id })),
      ),
    )
    await repo.restoreLines(
      organizationId,
      chunk.map((row) => ({
        id: row.id,
        name: row.renamed ? row.before.name : null,
        nameKey: row.renamed ? keyOf(row.before.name) : null,
        hasNoReceipt: row.before.hasNoReceipt,
        isCategorized: row.before.allocations.length > 0,
      })),
    )
  }
}

export type RuleApplications = ReturnType<typeof createRuleApplications>
