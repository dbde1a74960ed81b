import { amountToCents, type PreparedTransaction } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { recordBigTransactions } from '../../platform/activities/money'
import { insertSplits, type SplitRow } from '../transactions/insert-splits'
import { matchKeys, nameKey } from '../transactions/match-keys'
import type { AllocationValues, TransactionValues } from '../transactions/writes'
import { decide, type RuleRun } from './engine'
import { createNewLinesRepo, type NewLine } from './new-lines-repo'

const BATCH = 1000

const preparedOf = (row: TransactionValues, keys: ReturnType<typeof matchKeys>): PreparedTransaction => ({
  name: keys.nameKey,
  rawName: keys.rawNameKey,
  counterparty: keys.counterpartyKey,
  cents: amountToCents(row.amount) ?? 0,
  journalId: row.journalId,
})

/**
 * Writes new bank lines (a statement import, a bank sync) with the organisation's rules decided before the insert:
 * each row goes in with its new label, its no-receipt flag and is_categorized already set, and its split right after,
 * which spares an update of every categorised row (and of its trigram indexes). Rows and splits travel as one JSON
 * parameter per batch rather than one parameter per column and row (measured on PGlite, 10,000 lines: 2.3 s → 1.7 s
 * without rules). A line already there (same dedupe key, another import meanwhile) is skipped by the unique index.
 * Returns the ids written and how many the rules categorised.
 */
export async function insertBankLines(
  tx: DbOrTx,
  organizationId: number,
  rows: TransactionValues[],
  run: RuleRun | null,
): Promise<{ ids: number[]; categorized: number }> {
  const ids: number[] = []
  let categorized = 0
  for (let start = 0; start < rows.length; start += BATCH) {
    const partsByKey = new Map<string, AllocationValues[]>()
    const values = rows.slice(start, start + BATCH).map((row): NewLine => {
      const keys = matchKeys(row)
      // The folded labels are the engine's input too: folded once.
      const decided =
        run && row.dedupeKey
          ? decide(run, { ...row, counterparty: row.counterparty ?? null }, preparedOf(row, keys))
          : null
      if (!decided) return { ...row, ...keys, organizationId }
      partsByKey.set(row.dedupeKey as string, decided.parts)
      const name = decided.outcome.newName ?? row.name
      return {
        ...row,
        ...keys,
        ...(name === row.name ? {} : nameKey(name)),
        name,
        hasNoReceipt: row.hasNoReceipt || decided.outcome.hasNoReceipt,
        isCategorized: true,
        organizationId,
      }
    })
    // One JSON parameter for the batch, as for the splits below: 10,000 lines were 160,000 bound parameters.
    const inserted = (await createNewLinesRepo(tx).insert(values)).map((row) => ({
      id: Number(row.id),
      dedupeKey: row.dedupe_key,
      amount: String(row.amount),
    }))
    // The big ones are marked in their history by the platform (issue 31), in the same transaction.
    await recordBigTransactions(tx, organizationId, inserted, new Date().toISOString())
    const parts: SplitRow[] = []
    for (const row of inserted) {
      ids.push(row.id)
      const split = row.dedupeKey ? partsByKey.get(row.dedupeKey) : undefined
      if (!split) continue
      categorized++
      for (const part of split) parts.push({ ...part, transactionId: row.id })
    }
    await insertSplits(tx, organizationId, parts)
  }
  return { ids, categorized }
}
