import { createHash } from 'node:crypto'
import { type CashJournalKind, GENESIS_SIGNATURE, signedText, TAX_REGIME_IDS, todayInParis } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { chainHead, findConcernFields, insertEntry, lockChain, type StoredEntry } from './repo'

export type { StoredEntry } from './repo'

/** What an entry's signature covers: every column but the id (a storage detail) and the signatures themselves. */
export const signedContent = (entry: Omit<StoredEntry, 'id' | 'signature' | 'previousSignature'>) => ({
  organizationId: entry.organizationId,
  sequence: entry.sequence,
  kind: entry.kind,
  recordedAt: entry.recordedAt,
  recordedOn: entry.recordedOn,
  transactionId: entry.transactionId,
  closingKey: entry.closingKey,
  data: entry.data,
})

export const signatureOf = (previousSignature: string, content: unknown) =>
  createHash('sha256').update(signedText(previousSignature, content), 'utf8').digest('hex')

export type Concern = { concerned: true } | { concerned: false; reason: 'FRANCHISE' | 'NO_CASH_SALES' }

/**
 * Whether the law asks this organisation for an unalterable journal: it charges VAT (not the franchise en base) and
 * sells over the counter to individuals (canSellCash, « Fais-tu des ventes au comptant ? »).
 */
export async function concernOf(db: DbOrTx, organizationId: number): Promise<Concern> {
  const row = await findConcernFields(db, organizationId)
  if (!row || row.taxRegimeId === TAX_REGIME_IDS.FREE) return { concerned: false, reason: 'FRANCHISE' }
  if (!row.canSellCash) return { concerned: false, reason: 'NO_CASH_SALES' }
  return { concerned: true }
}

/**
 * Appends one link to the organisation's chain, inside the caller's database transaction. The organisation's row is
 * locked first (as the journals made on first use lock it): two sales written at once wait for each other, so the
 * sequence has no gap and no two entries name the same previous signature.
 */
export async function appendEntry(
  tx: DbOrTx,
  entry: {
    organizationId: number
    kind: CashJournalKind
    transactionId?: number | null
    closingKey?: string | null
    data: Record<string, unknown>
    now: Date
  },
): Promise<StoredEntry> {
  await lockChain(tx, entry.organizationId)
  const head = await chainHead(tx, entry.organizationId)
  const content = {
    organizationId: entry.organizationId,
    sequence: (head?.sequence ?? 0) + 1,
    kind: entry.kind,
    recordedAt: entry.now.toISOString(),
    recordedOn: todayInParis(entry.now),
    transactionId: entry.transactionId ?? null,
    closingKey: entry.closingKey ?? null,
    data: entry.data,
  }
  const previousSignature = head?.signature ?? GENESIS_SIGNATURE
  return insertEntry(tx, {
    ...content,
    previousSignature,
    signature: signatureOf(previousSignature, signedContent(content)),
  })
}

/** An entry as the API and the archive show it: everything signed, with both signatures. */
export const presentEntry = (entry: StoredEntry) => ({
  sequence: entry.sequence,
  kind: entry.kind as CashJournalKind,
  recordedAt: entry.recordedAt,
  recordedOn: entry.recordedOn,
  transactionId: entry.transactionId,
  closingKey: entry.closingKey,
  data: entry.data,
  previousSignature: entry.previousSignature,
  signature: entry.signature,
})
