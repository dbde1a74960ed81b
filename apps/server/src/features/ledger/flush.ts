import type { Tx } from '../../db/client'
import { FROM_FIRST_YEAR } from './openings'
import { postOpenings, postSources } from './posting'
import { createLedgerRepo, type LedgerSource, type LedgerSourceKind } from './repo'

/**
 * Posts what the triggers marked (decision 0025), inside the transaction that is about to commit. An organisation's
 * sources post as a set under one savepoint (an import's thousand lines in a few statements); when the set fails, its
 * sources post one by one, each under its own savepoint, so that a source the posting cannot book (a bug, never a
 * user's error) is logged and set aside for the next start and the rebuild to retry and report, and the user's action
 * still succeeds with the rest of the books right. The openings (journal AN) the sources moved are redone last, once
 * per organisation, from the earliest fiscal year they touched.
 */
export async function flushLedger(tx: Tx): Promise<void> {
  const repo = createLedgerRepo(tx)
  const pending = await repo.takePending()
  const byOrganization = new Map<number, LedgerSource[]>()
  for (const row of pending) {
    const sources = byOrganization.get(row.organizationId) ?? []
    sources.push({ kind: row.sourceKind as LedgerSourceKind, id: row.sourceId })
    byOrganization.set(row.organizationId, sources)
  }
  for (const [organizationId, sources] of byOrganization) {
    let from: string | null
    try {
      from = await tx.transaction((savepoint) => postSources(savepoint, organizationId, sources))
    } catch {
      from = await postOneByOne(tx, organizationId, sources)
    }
    if (from === null) continue
    try {
      await tx.transaction((savepoint) => postOpenings(savepoint, organizationId, from))
    } catch (error) {
      console.error(`Ledger: the openings of organisation ${organizationId} not posted`, error)
      await repo.setAside(organizationId, { kind: 'opening', id: FROM_FIRST_YEAR })
    }
  }
}

/** The sources of a set that failed, each under its own savepoint: the one that cannot be booked is set aside. */
async function postOneByOne(tx: Tx, organizationId: number, sources: readonly LedgerSource[]) {
  const repo = createLedgerRepo(tx)
  let openingsFrom: string | null = null
  for (const source of sources) {
    try {
      const from = await tx.transaction((savepoint) => postSources(savepoint, organizationId, [source]))
      if (from !== null && (openingsFrom === null || from < openingsFrom)) openingsFrom = from
    } catch (error) {
      console.error(`Ledger: ${source.kind} ${source.id} of organisation ${organizationId} not posted`, error)
      await repo.setAside(organizationId, source)
    }
  }
  return openingsFrom
}
