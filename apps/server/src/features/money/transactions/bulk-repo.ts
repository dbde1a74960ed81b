import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { idsParam, inIds } from '../../../db/ids'
import { transactions } from '../../../db/schema/index'
import { insertSplits, type SplitRow } from './insert-splits'

export type BulkSelected = {
  id: number
  name: string
  amount: string
  isChecked: boolean
  isValidated: boolean
  /** Its split's parts. */
  parts: number
  /** Invoices it pays and receipts attached to it. */
  documents: number
}

/** The grouped actions' statements: a few for the whole selection, never one per transaction. */
export function createBulkRepo(db: DbOrTx) {
  return {
    /**
     * The selection with what the actions check, under row locks: it is about to change. Each subquery names the
     * organisation itself: Citus locks rows only in a query it can send whole to one shard (decision 0047).
     */
    async selection(organizationId: number, ids: readonly number[]): Promise<BulkSelected[]> {
      const { rows } = await db.execute<{
        id: number | string
        name: string
        amount: string
        is_checked: boolean
        is_validated: boolean
        parts: number
        documents: number
      }>(sql`select t.id, t.name, t.amount::text as amount, t.is_checked, t.is_validated,
          (select count(*)::int from transaction_allocations a
            where a.organization_id = ${organizationId} and a.transaction_id = t.id) as parts,
          (select count(*)::int from transaction_invoices i
            where i.organization_id = ${organizationId} and i.transaction_id = t.id)
          + (select count(*)::int from receipt_transactions r
            where r.organization_id = ${organizationId} and r.transaction_id = t.id) as documents
        from transactions t
        where t.organization_id = ${organizationId} and t.id = any(${idsParam(ids)})
        for update of t`)
      return rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        amount: row.amount,
        isChecked: row.is_checked,
        isValidated: row.is_validated,
        parts: Number(row.parts),
        documents: Number(row.documents),
      }))
    },

    /** What a category's parts are made from, read before the transaction that writes them (no lock, no count). */
    async labelsAndAmounts(organizationId: number, ids: readonly number[]) {
      const { rows } = await db.execute<{ id: number | string; name: string; amount: string }>(sql`
        select id, name, amount::text as amount from transactions
        where organization_id = ${organizationId} and id = any(${idsParam(ids)})`)
      return rows.map((row) => ({ id: Number(row.id), name: row.name, amount: row.amount }))
    },

    /** The categories of each transaction's split, in the split's order. */
    async categoriesOf(organizationId: number, ids: readonly number[]) {
      const { rows } = await db.execute<{ transaction_id: number | string; accounting_entry_id: number }>(sql`
        select transaction_id, accounting_entry_id from transaction_allocations
        where organization_id = ${organizationId} and transaction_id = any(${idsParam(ids)})
        order by transaction_id, position`)
      const byTransaction = new Map<number, number[]>()
      for (const row of rows) {
        const id = Number(row.transaction_id)
        const list = byTransaction.get(id)
        if (list) list.push(row.accounting_entry_id)
        else byTransaction.set(id, [row.accounting_entry_id])
      }
      return byTransaction
    },

    /**
     * The splits of these transactions replaced whole by `parts` (none: no split left), is_categorized kept as the
     * transactions repo keeps it, and updated_at moved with the split as there: a rule application's undo leaves
     * alone what was recategorised since.
     */
    async replaceSplits(organizationId: number, ids: readonly number[], parts: readonly SplitRow[]) {
      if (ids.length === 0) return
      await db.execute(sql`delete from transaction_allocations
        where organization_id = ${organizationId} and transaction_id = any(${idsParam(ids)})`)
      await insertSplits(db, organizationId, parts)
      await db.execute(sql`update transactions t set updated_at = now(),
          is_categorized = exists (select 1 from transaction_allocations a
            where a.organization_id = ${organizationId} and a.transaction_id = t.id)
        where t.organization_id = ${organizationId} and t.id = any(${idsParam(ids)})`)
    },

    /** Validated, and so no longer merely checked. */
    async markValidated(organizationId: number, ids: number[]) {
      await db
        .update(transactions)
        .set({ isValidated: true, isChecked: false, updatedAt: sql`now()` })
        .where(and(eq(transactions.organizationId, organizationId), inIds(transactions.id, ids)))
    },

    async markNoReceipt(organizationId: number, ids: number[]) {
      await db
        .update(transactions)
        .set({ hasNoReceipt: true, updatedAt: sql`now()` })
        .where(and(eq(transactions.organizationId, organizationId), inIds(transactions.id, ids)))
    },
  }
}
