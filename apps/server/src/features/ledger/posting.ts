import { currentFiscalYearStart, type PostingEntry, reverseEntry, toCents } from '@app/domain'
import type { DbOrTx } from '../../db/client'
import { createExpectedEntries } from './expected'
import { createLedgerRepo, type LedgerSource, type PostedEntry } from './repo'
import { createLedgerSourcesRepo } from './sources-repo'

/** An entry reduced to what the books say (amounts to the cent, no database ids), to compare two of them. */
export function bookKey(entry: PostingEntry | null): string {
  if (!entry) return ''
  return JSON.stringify([
    entry.journalCode,
    entry.journalLabel,
    entry.date,
    entry.label,
    entry.pieceRef,
    entry.pieceDate,
    entry.lines.map((line) => [
      line.accountCode,
      line.accountLabel,
      line.auxiliary?.code ?? null,
      line.auxiliary?.label ?? null,
      line.label,
      toCents(line.debit),
      toCents(line.credit),
      line.vat ? [line.vat.ratePercent, toCents(line.vat.base), line.vat.kind, line.vat.nature, line.vat.dueOn] : null,
      line.settles?.pieceRef ?? null,
    ]),
  ])
}

/** Whether the entries posted for a source say what the documents say (in the same order). */
export const sameBooks = (posted: readonly PostingEntry[], expected: readonly PostingEntry[]) =>
  posted.length === expected.length &&
  posted.every((entry, index) => bookKey(entry) === bookKey(expected[index] ?? null))

export const reversalLabel = (entry: PostingEntry) => `Annulation – ${entry.label}`

/**
 * Brings the books of some sources up to date, inside the caller's transaction (decision 0024): for each, what the
 * documents say now is compared with its active entries; when they differ, the active entries are reversed (same
 * date, debit and credit swapped) and the new ones posted, each with the next number of its journal and fiscal year. An
 * unchanged source posts nothing, so calling this after any change is safe and cheap.
 */
export async function postLedger(tx: DbOrTx, organizationId: number, sources: readonly LedgerSource[]): Promise<void> {
  if (sources.length === 0) return
  const repo = createLedgerRepo(tx)
  const sourcesRepo = createLedgerSourcesRepo(tx)
  const organization = await sourcesRepo.organization(organizationId)
  const expectedOf = createExpectedEntries(sourcesRepo, organizationId)
  const fiscalYearOf = (date: string) => currentFiscalYearStart(date, organization?.fiscalYearStartedAt)

  const post = async (entry: PostingEntry, source: LedgerSource, reversesEntryId: number | null) => {
    const fiscalYearStart = fiscalYearOf(entry.date)
    const number = await repo.takeNumber(organizationId, entry.journalCode, fiscalYearStart)
    await repo.insertEntry(organizationId, entry, { source, fiscalYearStart, number, reversesEntryId })
  }

  const seen = new Set<string>()
  for (const source of sources) {
    const key = `${source.kind}:${source.id}`
    if (seen.has(key)) continue
    seen.add(key)
    const expected = await expectedOf(source)
    const active: PostedEntry[] =
      (await repo.activeEntries(organizationId, source.kind, [source.id])).get(source.id) ?? []
    if (sameBooks(active, expected)) continue
    for (const entry of active) await post(reverseEntry(entry, entry.date, reversalLabel(entry)), source, entry.id)
    for (const entry of expected) await post(entry, source, null)
  }
}
