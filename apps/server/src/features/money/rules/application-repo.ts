import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'

/** Ids as one array parameter: `in (…)` binds and types one parameter per id, which costs more than the statement. */
const idsParam = (ids: readonly number[]) => sql`${sql.param([...ids])}::bigint[]`

/** A transaction put back as its snapshot says (its split aside). */
export type RestoredLine = { id: number; name: string; nameKey: string; hasNoReceipt: boolean; isCategorized: boolean }

/** The statements of a retroactive run and of its undo that go by sets of transactions (application.ts). */
export function createApplicationRepo(db: DbOrTx) {
  return {
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

    /** Label, its key, no-receipt flag and is_categorized put back in one statement, updated_at moved. */
    async restoreLines(organizationId: number, lines: readonly RestoredLine[]) {
      if (lines.length === 0) return
      const column = <Key extends keyof RestoredLine>(key: Key) => sql.param(lines.map((line) => line[key]))
      await db.execute(sql`update transactions t
        set name = v.name, name_key = v.name_key, has_no_receipt = v.has_no_receipt,
          is_categorized = v.is_categorized, updated_at = now()
        from unnest(${column('id')}::bigint[], ${column('name')}::text[], ${column('nameKey')}::text[],
          ${column('hasNoReceipt')}::boolean[], ${column('isCategorized')}::boolean[])
          as v(id, name, name_key, has_no_receipt, is_categorized)
        where t.organization_id = ${organizationId} and t.id = v.id`)
    },
  }
}
