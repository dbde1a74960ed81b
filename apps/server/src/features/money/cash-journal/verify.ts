import { type CashJournalBrokenLink, cashJournalMessages, GENESIS_SIGNATURE } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { signatureOf, signedContent } from './chain'
import { entriesAfter, organizationsWithChain } from './repo'

const BATCH = 1000

export type ChainCheck = {
  organizationId: number
  entries: number
  lastSequence: number | null
  lastSignature: string | null
  brokenLink: CashJournalBrokenLink | null
}

/**
 * Walks one organisation's chain in sequence order and stops at the first broken link: a number missing or repeated
 * (an entry deleted or inserted), a previous signature that is not the one before (the chain cut and rejoined), or a
 * signature that does not match the content as stored (an amount, a date, a kind changed in the database). Reads by
 * batches: a shop's years of takings never sit in memory at once.
 */
export async function checkChain(db: DbOrTx, organizationId: number): Promise<ChainCheck> {
  let expectedSequence = 1
  let previous = GENESIS_SIGNATURE
  let after = 0
  let entries = 0
  const broken = (
    row: { sequence: number; recordedOn: string },
    reason: CashJournalBrokenLink['reason'],
    expected: string,
    stored: string,
  ): ChainCheck => ({
    organizationId,
    entries,
    lastSequence: expectedSequence - 1 || null,
    lastSignature: previous === GENESIS_SIGNATURE ? null : previous,
    brokenLink: {
      organizationId,
      sequence: row.sequence,
      recordedOn: row.recordedOn,
      expected,
      stored,
      reason,
      message: cashJournalMessages.brokenReason[reason],
    },
  })
  for (;;) {
    const rows = await entriesAfter(db, organizationId, after, BATCH)
    for (const row of rows) {
      if (row.sequence !== expectedSequence) return broken(row, 'gap', String(expectedSequence), String(row.sequence))
      if (row.previousSignature !== previous) return broken(row, 'previous', previous, row.previousSignature)
      const expected = signatureOf(row.previousSignature, signedContent(row))
      if (expected !== row.signature) return broken(row, 'signature', expected, row.signature)
      previous = row.signature
      expectedSequence += 1
      entries += 1
    }
    if (rows.length < BATCH) break
    after = (rows[rows.length - 1] as { sequence: number }).sequence
  }
  return {
    organizationId,
    entries,
    lastSequence: entries > 0 ? expectedSequence - 1 : null,
    lastSignature: entries > 0 ? previous : null,
    brokenLink: null,
  }
}

/** Every organisation that has a chain, checked one after the other (`npm run cash:verify`). */
export async function checkAllChains(db: DbOrTx): Promise<ChainCheck[]> {
  const checks: ChainCheck[] = []
  for (const organizationId of await organizationsWithChain(db)) checks.push(await checkChain(db, organizationId))
  return checks
}
