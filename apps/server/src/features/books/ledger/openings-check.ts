import type { PostingEntry } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { type PreviousOpening, readOpenings } from './openings'
import { sameBooks } from './posting'
import { createLedgerRepo, type LedgerSource } from './repo'

/** A source whose entries in the books differ from what its documents say (read by check.ts and here). */
export type LedgerDifference = {
  source: LedgerSource
  /** What the documents say today (empty: nothing to post). */
  expected: PostingEntry[]
  /** The source's active entries in the books. */
  posted: PostingEntry[]
}

/**
 * The openings' part of the proof: each fiscal year's opening rebuilt in year order, every year from the one before it
 * as it should be (its lines with the rebuilt opening instead of the posted one), and compared with what was posted.
 * An opening posted for a year the books no longer span should be reversed. Returns the differences and how many
 * openings were compared.
 */
export async function openingDifferences(db: DbOrTx, organizationId: number) {
  const { openings, years } = await readOpenings(db, organizationId)
  const ids = years.map(openings.sourceIdOf)
  const stale = (await openings.activeSourceIds()).filter((id) => !ids.includes(id))
  const active = await createLedgerRepo(db).activeEntries(organizationId, 'opening', [...ids, ...stale])

  const differences: LedgerDifference[] = []
  let previous: PreviousOpening | undefined
  for (const [index, year] of years.entries()) {
    const source = { kind: 'opening' as const, id: openings.sourceIdOf(year) }
    const expected = await openings.expected(years, index, previous)
    const posted = active.get(source.id) ?? []
    if (!sameBooks(posted, expected)) differences.push({ source, expected, posted })
    previous = { posted, expected }
  }
  for (const id of stale)
    differences.push({ source: { kind: 'opening', id }, expected: [], posted: active.get(id) ?? [] })
  return { differences, sources: years.length + stale.length }
}
