import type { PostingEntry } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { type ActiveHead, createLedgerEntriesRepo, type NumberedChange } from './entries-repo'
import { createExpectedEntries } from './expected'
import { fingerprintOf, sameBooks } from './fingerprint'
import { createOpenings } from './openings'
import { createLedgerRepo, type LedgerSource, type LedgerSourceKind, type PostedEntry } from './repo'
import { createLedgerSourcesRepo } from './sources-repo'

/** A change to write: an entry the documents ask for (with its digest), or the reversal of an active one. */
type ToPost =
  | { kind: 'entry'; entry: PostingEntry; bookKey: string; source: LedgerSource }
  | { kind: 'reversal'; head: ActiveHead }

const journalOf = (item: ToPost) => (item.kind === 'entry' ? item.entry.journalCode : item.head.journalCode)
const dateOf = (item: ToPost) => (item.kind === 'entry' ? item.entry.date : item.head.date)

/**
 * Numbers and writes changes as a set: one counter update per journal and fiscal year (its numbers reserved at once,
 * in the changes' order) and a few inserts, the reversals made by the database from the entries they cancel. Returns
 * the fiscal years it posted into.
 */
async function writeChanges(
  tx: DbOrTx,
  organizationId: number,
  items: readonly ToPost[],
  fiscalYearOf: (date: string) => string,
): Promise<string[]> {
  if (items.length === 0) return []
  const repo = createLedgerRepo(tx)
  const years = items.map((item) => fiscalYearOf(dateOf(item)))
  const counts = new Map<string, number>()
  items.forEach((item, index) => {
    const key = `${journalOf(item)}|${years[index]}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  })
  const next = new Map<string, number>()
  for (const [key, count] of counts) {
    const [journalCode = '', fiscalYearStart = ''] = key.split('|')
    next.set(key, await repo.takeNumbers(organizationId, journalCode, fiscalYearStart, count))
  }
  const numbered: NumberedChange[] = items.map((item, index) => {
    const fiscalYearStart = years[index] as string
    const key = `${journalOf(item)}|${fiscalYearStart}`
    const number = next.get(key) as number
    next.set(key, number + 1)
    return item.kind === 'reversal'
      ? { kind: 'reversal', reverses: item.head.id, fiscalYearStart, number }
      : { ...item, fiscalYearStart, number }
  })
  await createLedgerEntriesRepo(tx).insertChanges(organizationId, numbered)
  return years
}

/**
 * What a source's books need: nothing when its active entries say what the documents say, else their reversal (same
 * date, debit and credit swapped) and the entries the documents ask for. The digests say it; an entry posted before
 * them has none, and its source is compared line by line (`posted`, read for those only).
 */
function changesOf(
  source: LedgerSource,
  active: readonly ActiveHead[],
  expected: readonly PostingEntry[],
  posted: readonly PostedEntry[] | undefined,
): ToPost[] {
  const keys = expected.map(fingerprintOf)
  const same = posted
    ? sameBooks(posted, expected)
    : active.length === keys.length && active.every((head, index) => head.bookKey === keys[index])
  if (same) return []
  return [
    ...active.map((head) => ({ kind: 'reversal' as const, head })),
    ...expected.map((entry, index) => ({ kind: 'entry' as const, entry, bookKey: keys[index] as string, source })),
  ]
}

/**
 * How sources are compared with their documents: by their entries' digests, or line by line as the proof does — the
 * repair's way, since a line changed past the posting keeps the digest of what it said before.
 */
export type Comparison = 'digests' | 'lines'

/** The active entries of sources of one kind, and the entries whole of those compared line by line. */
async function activeOf(
  tx: DbOrTx,
  organizationId: number,
  kind: LedgerSourceKind,
  ids: readonly number[],
  comparison: Comparison,
) {
  const heads = await createLedgerEntriesRepo(tx).activeHeads(organizationId, kind, ids)
  const byLines =
    comparison === 'lines'
      ? [...heads.keys()]
      : [...heads].filter(([, list]) => list.some((head) => head.bookKey === null)).map(([id]) => id)
  const whole = await createLedgerRepo(tx).activeEntries(organizationId, kind, byLines)
  return { heads, whole }
}

/** Compares one source's active entries with what it should have and posts the difference (the openings' way). */
function createPoster(
  tx: DbOrTx,
  organizationId: number,
  fiscalYearOf: (date: string) => string,
  comparison: Comparison,
) {
  return async (source: LedgerSource, expected: readonly PostingEntry[]): Promise<string[]> => {
    const { heads, whole } = await activeOf(tx, organizationId, source.kind, [source.id], comparison)
    const changes = changesOf(source, heads.get(source.id) ?? [], expected, whole.get(source.id))
    return writeChanges(tx, organizationId, changes, fiscalYearOf)
  }
}

/** Sources are posted by sets of this many: their documents and active entries are read in a few queries each. */
const SOURCES_PER_SET = 2000

const earlier = (a: string | null, b: string) => (a === null || b < a ? b : a)

/**
 * Brings the books of some sources up to date, inside the caller's transaction (decision 0024): for each, what the
 * documents say now is compared with its active entries and, when they differ, reversed and posted again. An
 * unchanged source posts nothing, so calling this after any change is safe and cheap. Returns the first fiscal year
 * whose opening may have changed ('' for the first year of the books), or null: an entry in a year changes the
 * balances the next year opens on, and an opening source asks for all of them.
 */
export async function postSources(
  tx: DbOrTx,
  organizationId: number,
  sources: readonly LedgerSource[],
  comparison: Comparison = 'digests',
) {
  if (sources.length === 0) return null
  const sourcesRepo = createLedgerSourcesRepo(tx)
  const organization = await sourcesRepo.organization(organizationId)
  const openings = createOpenings(tx, organizationId, organization?.fiscalYearStartedAt)

  let openingsFrom: string | null = null
  const unique = new Map<string, LedgerSource>()
  for (const source of sources) {
    // An opening (the journals' trigger, a repair) redoes them all: the first year's may have moved, or be left.
    if (source.kind === 'opening') openingsFrom = ''
    else unique.set(`${source.kind}:${source.id}`, source)
  }
  const all = [...unique.values()]
  for (let start = 0; start < all.length; start += SOURCES_PER_SET) {
    const set = all.slice(start, start + SOURCES_PER_SET)
    const idsOf = (kind: LedgerSourceKind) => set.filter((source) => source.kind === kind).map((source) => source.id)
    const transactionIds = idsOf('transaction')
    const expectedOf = createExpectedEntries(sourcesRepo, organizationId, {
      ...(transactionIds.length > 0
        ? { transactions: await sourcesRepo.transactions(organizationId, transactionIds) }
        : {}),
    })
    const active = new Map<LedgerSourceKind, Awaited<ReturnType<typeof activeOf>>>()
    for (const kind of new Set(set.map((source) => source.kind)))
      active.set(kind, await activeOf(tx, organizationId, kind, idsOf(kind), comparison))
    const changes: ToPost[] = []
    for (const source of set) {
      const { heads, whole } = active.get(source.kind) ?? { heads: new Map(), whole: new Map() }
      changes.push(...changesOf(source, heads.get(source.id) ?? [], await expectedOf(source), whole.get(source.id)))
    }
    for (const year of await writeChanges(tx, organizationId, changes, openings.fiscalYearOf))
      openingsFrom = earlier(openingsFrom, openings.nextYear(year))
  }
  return openingsFrom
}

/**
 * Brings the openings (journal AN) up to date from the fiscal year `from` on, year after year, each from the ledger as
 * the year before it now stands; years never worked out yet (the books reaching a new year, or an earlier first year)
 * are done whatever `from` says, and an opening left outside the books' years is reversed. The usual comparison
 * applies: an opening the change did not move posts nothing. Each year costs one aggregate over the year before it;
 * a posting into the latest year, the common case, costs a few index reads. The lock is held until the commit, so that
 * a transaction redoing the openings reads every posting committed before it.
 */
export async function postOpenings(
  tx: DbOrTx,
  organizationId: number,
  from: string,
  comparison: Comparison = 'digests',
): Promise<void> {
  const organization = await createLedgerSourcesRepo(tx).organization(organizationId)
  // A deleted organisation's journals mark it as they go: it has no books left to open.
  if (!organization) return
  const openings = createOpenings(tx, organizationId, organization.fiscalYearStartedAt)
  await openings.lock()
  if (await openings.heldBack()) return
  const years = await openings.years()
  const computed = await openings.computedYears()
  const uncomputed = years.find((year) => !computed.has(year))
  if (uncomputed === undefined && from > (years.at(-1) ?? '')) return

  const bringUpToDate = createPoster(tx, organizationId, openings.fiscalYearOf, comparison)
  // The books' years only grow, but the current year stands for them until the first entry: its opening may be left.
  const ids = new Set(years.map(openings.sourceIdOf))
  for (const id of await openings.activeSourceIds()) if (!ids.has(id)) await bringUpToDate({ kind: 'opening', id }, [])
  const start = uncomputed === undefined ? from : earlier(from, uncomputed)
  for (const [index, year] of years.entries()) {
    if (year < start) continue
    await bringUpToDate({ kind: 'opening', id: openings.sourceIdOf(year) }, await openings.expected(years, index))
    if (!computed.has(year)) await openings.markComputed(year)
  }
}

/** Posts the sources (postSources), then the openings their entries moved (postOpenings). */
export async function postLedger(
  tx: DbOrTx,
  organizationId: number,
  sources: readonly LedgerSource[],
  comparison: Comparison = 'digests',
): Promise<void> {
  const from = await postSources(tx, organizationId, sources, comparison)
  if (from !== null) await postOpenings(tx, organizationId, from, comparison)
}
