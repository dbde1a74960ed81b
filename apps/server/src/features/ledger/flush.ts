import type { Tx } from '../../db/client'
import { postLedger } from './posting'
import { createLedgerRepo, type LedgerSourceKind } from './repo'

/**
 * Posts what the triggers marked (decision 0025), inside the transaction that is about to commit. Each source posts
 * under its own savepoint: a source the posting cannot book (a bug, never a user's error) is logged and set aside
 * for the next start and the rebuild to retry and report, and the user's action still succeeds with the rest of the
 * books right.
 */
export async function flushLedger(tx: Tx): Promise<void> {
  const repo = createLedgerRepo(tx)
  const pending = await repo.takePending()
  for (const row of pending) {
    const source = { kind: row.sourceKind as LedgerSourceKind, id: row.sourceId }
    try {
      await tx.transaction((savepoint) => postLedger(savepoint, row.organizationId, [source]))
    } catch (error) {
      console.error(`Ledger: ${source.kind} ${source.id} of organisation ${row.organizationId} not posted`, error)
      await repo.setAside(row.organizationId, source)
    }
  }
}
