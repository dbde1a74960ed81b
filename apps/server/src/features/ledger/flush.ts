import type { Tx } from '../../db/client'
import { FROM_FIRST_YEAR } from './openings'
import { postOpenings, postSources } from './posting'
import { createLedgerRepo, type LedgerSourceKind } from './repo'

/**
 * Posts what the triggers marked (decision 0025), inside the transaction that is about to commit. Each source posts
 * under its own savepoint: a source the posting cannot book (a bug, never a user's error) is logged and set aside
 * for the next start and the rebuild to retry and report, and the user's action still succeeds with the rest of the
 * books right. The openings (journal AN) the sources moved are redone last, once per organisation, from the earliest
 * fiscal year they touched.
 */
export async function flushLedger(tx: Tx): Promise<void> {
  const repo = createLedgerRepo(tx)
  const pending = await repo.takePending()
  // Per organisation, the first fiscal year whose opening its sources moved: the openings are redone once, at the end.
  const openingsFrom = new Map<number, string>()
  for (const row of pending) {
    const source = { kind: row.sourceKind as LedgerSourceKind, id: row.sourceId }
    try {
      const from = await tx.transaction((savepoint) => postSources(savepoint, row.organizationId, [source]))
      const known = openingsFrom.get(row.organizationId)
      if (from !== null && (known === undefined || from < known)) openingsFrom.set(row.organizationId, from)
    } catch (error) {
      console.error(`Ledger: ${source.kind} ${source.id} of organisation ${row.organizationId} not posted`, error)
      await repo.setAside(row.organizationId, source)
    }
  }
  for (const [organizationId, from] of openingsFrom) {
    try {
      await tx.transaction((savepoint) => postOpenings(savepoint, organizationId, from))
    } catch (error) {
      console.error(`Ledger: the openings of organisation ${organizationId} not posted`, error)
      await repo.setAside(organizationId, { kind: 'opening', id: FROM_FIRST_YEAR })
    }
  }
}
