import { add, entryTotals, isZero, type PostingEntry } from '@app/domain'
import type { Db } from '../../../db/client'
import { createExpectedEntries } from './expected'
import { type LedgerDifference, openingDifferences } from './openings-check'
import { postLedger, sameBooks } from './posting'
import { createLedgerRepo, type LedgerSourceKind } from './repo'
import { createLedgerSourcesRepo } from './sources-repo'

export type { LedgerDifference }

export type LedgerCheck = {
  sources: number
  entries: number
  differences: LedgerDifference[]
  /** "VT 2026-01-01: 3 after 1", "BQ1 2026-01-01 n° 4 does not balance (…)". */
  faults: string[]
}

const KINDS = ['invoice', 'payment', 'transaction', 'receipt'] as const satisfies readonly LedgerSourceKind[]

/**
 * The proof of decision 0024: rebuilds, from the documents alone, the entry each source should have, and compares it
 * with the active entry posted at the time; checks that every entry balances, that numbers run 1, 2, 3… per journal
 * and fiscal year, and that every line has its entry. An empty `differences` and `faults` means the books are what the
 * documents say.
 */
export async function checkLedger(db: Db, organizationId: number): Promise<LedgerCheck> {
  const sourcesRepo = createLedgerSourcesRepo(db)
  const repo = createLedgerRepo(db)
  const expectedOf = createExpectedEntries(sourcesRepo, organizationId)
  const documents = await sourcesRepo.sourceIds(organizationId)
  const booked = await repo.postedSources(organizationId)

  const differences: LedgerDifference[] = []
  let sources = 0
  for (const kind of KINDS) {
    const ids = [...new Set([...documents[kind], ...(booked.get(kind) ?? [])])]
    const active = await repo.activeEntries(organizationId, kind, ids)
    for (const id of ids) {
      sources += 1
      const expected = await expectedOf({ kind, id })
      const posted = active.get(id) ?? []
      if (!sameBooks(posted, expected)) differences.push({ source: { kind, id }, expected, posted })
    }
  }
  // The openings (journal AN) after the documents, in year order, each from the year before it rebuilt.
  const openings = await openingDifferences(db, organizationId)
  sources += openings.sources
  differences.push(...openings.differences)

  const faults: string[] = []
  const numbering = await repo.numbering(organizationId)
  for (const { journalCode, fiscalYearStart, numbers } of numbering) {
    numbers.forEach((number, index) => {
      if (number !== index + 1)
        faults.push(`${journalCode} ${fiscalYearStart}: n° ${number} where ${index + 1} was due`)
    })
  }
  for (const entry of await repo.unbalancedEntries(organizationId))
    faults.push(`${entry.journalCode} ${entry.fiscalYearStart} n° ${entry.number} does not balance (${entry.gap})`)
  for (const orphan of await repo.linesWithoutEntry(organizationId))
    faults.push(`${orphan.lines} line(s) of entry ${orphan.entryId}, which is not in the books`)
  const entries = numbering.reduce((total, journal) => total + journal.numbers.length, 0)
  return { sources, entries, differences, faults }
}

/** Posts what the check found missing or different (reversal and new entry, as any correction), in one transaction. */
export async function repairLedger(db: Db, organizationId: number, differences: readonly LedgerDifference[]) {
  await db.transaction((tx) =>
    postLedger(
      tx,
      organizationId,
      differences.map((difference) => difference.source),
      // What the check read is the lines as stored: their digests may say otherwise (a line changed past the app).
      { fromLines: true },
    ),
  )
}

/** Σ debit − Σ credit of entries, for a quick look at a check. */
export const gapOf = (entries: readonly PostingEntry[]) =>
  entries.reduce((total, entry) => add(total, entryTotals(entry).gap), '0')
export const allBalanced = (entries: readonly PostingEntry[]) => isZero(gapOf(entries))
