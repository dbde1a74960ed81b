import { createHash } from 'node:crypto'
import { type PostingEntry, toCents } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { createExpectedEntries } from './expected'
import { createOpenings, lockOpenings } from './openings'
import { type ActiveKey, createLedgerRepo, type LedgerSource, type LedgerSourceKind, type NumberedItem } from './repo'
import { createLedgerSourcesRepo } from './sources-repo'

/** An amount with at most two decimals, as stored ("-3.40") or as the domain writes it ("12.5", "1200"). */
const PLAIN_AMOUNT = /^-?(0|[1-9]\d*)(\.\d{1,2})?$/

/**
 * toCents without decimal.js for the amounts that need no rounding (all of them, stored or computed to the cent):
 * the comparison of an undo's 40,000 entries spent a second there.
 */
function cents(value: string): string {
  if (!PLAIN_AMOUNT.test(value)) return toCents(value)
  const [whole = '', fraction = ''] = value.split('.')
  const written = `${whole}.${fraction.padEnd(2, '0')}`
  return written === '-0.00' ? '0.00' : written
}

/**
 * An entry reduced to what the books say (amounts to the cent, no database ids), to compare two of them. The names of
 * journals, accounts and auxiliary accounts are left out: they name things, and renaming a bank account or a
 * category must not reverse and re-post every line it ever held; the FEC writes each code under its latest name.
 */
export function bookKey(entry: PostingEntry | null): string {
  if (!entry) return ''
  return JSON.stringify([
    entry.journalCode,
    entry.date,
    entry.label,
    entry.pieceRef,
    entry.pieceDate,
    entry.lines.map((line) => [
      line.accountCode,
      line.auxiliary?.code ?? null,
      line.label,
      cents(line.debit),
      cents(line.credit),
      line.vat
        ? [
            line.vat.ratePercent,
            cents(line.vat.base),
            line.vat.kind,
            line.vat.nature,
            line.vat.dueOn,
            line.vat.operation ?? null,
          ]
        : null,
      line.settles?.pieceRef ?? null,
    ]),
  ])
}

/** Whether the entries posted for a source say what the documents say (in the same order). */
export const sameBooks = (posted: readonly PostingEntry[], expected: readonly PostingEntry[]) =>
  posted.length === expected.length &&
  posted.every((entry, index) => bookKey(entry) === bookKey(expected[index] ?? null))

/** The digest of what an entry says (bookKey), written with it (ledger_entries.book_key) to compare it without its lines. */
export const keyOf = (entry: PostingEntry) => createHash('sha256').update(bookKey(entry)).digest('base64url')

export const reversalLabel = (entry: Pick<PostingEntry, 'label'>) => `Annulation – ${entry.label}`

/** An active entry as a posting compares it: its digest always known. */
type Active = ActiveKey & { bookKey: string }

/** A new entry of a source with its digest, or the reversal of one of its active entries. */
type ToPost = { source: LedgerSource } & ({ entry: PostingEntry; bookKey: string } | { reverses: Active })

const journalOf = (item: ToPost) => ('entry' in item ? item.entry.journalCode : item.reverses.journalCode)
const dateOf = (item: ToPost) => ('entry' in item ? item.entry.date : item.reverses.date)

/**
 * The ids of the entries a transaction wrote, as its posting goes: the openings carry what they moved forward
 * (postOpenings) instead of reading the whole year again.
 */
export type Written = number[]

/**
 * Numbers and writes entries as a set: one counter update per journal and fiscal year (its numbers reserved at once,
 * in the entries' order) and a few inserts. Returns the fiscal years it posted into; adds the entries to `written`.
 */
async function writeEntries(
  tx: DbOrTx,
  organizationId: number,
  items: readonly ToPost[],
  fiscalYearOf: (date: string) => string,
  written: Written,
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
  const numbered: NumberedItem[] = items.map((item, index) => {
    const fiscalYearStart = years[index] as string
    const key = `${journalOf(item)}|${fiscalYearStart}`
    const number = next.get(key) as number
    next.set(key, number + 1)
    if ('entry' in item)
      return { entry: item.entry, meta: { source: item.source, fiscalYearStart, number, bookKey: item.bookKey } }
    // Its header as reverseEntry makes it (same date, journal and piece); its lines are copied by the database.
    const { id, bookKey: _key, ...header } = item.reverses
    return {
      header: { ...header, label: reversalLabel(header) },
      meta: { source: item.source, fiscalYearStart, number, reversesEntryId: id },
    }
  })
  written.push(...(await repo.insertEntries(organizationId, numbered)))
  return years
}

/**
 * What a source's books need: nothing when its active entries say what the documents say (their digests, in order),
 * else their reversal (same date, debit and credit swapped: the domain's reverseEntry) and the entries the documents
 * ask for.
 */
function changesOf(source: LedgerSource, active: readonly Active[], expected: readonly PostingEntry[]): ToPost[] {
  // Each digest worked out once: compared here, written with its entry when they differ.
  const keys = expected.map(keyOf)
  const same = active.length === expected.length && active.every((entry, index) => entry.bookKey === keys[index])
  if (same) return []
  return [
    ...active.map((reverses) => ({ reverses, source })),
    ...expected.map((entry, index) => ({ entry, bookKey: keys[index] as string, source })),
  ]
}

/**
 * How a posting knows what the books say: the digests kept with the entries, or their lines as stored (the repair of
 * what the ledger's check found, where the lines may no longer say what their digest says).
 */
export type Comparison = { fromLines?: boolean }

/**
 * The active entries of sources with their digests: stored, or worked out from their lines for the entries posted
 * before the digests were kept (migration 0043) and when the comparison asks for the lines.
 */
async function activeOf(
  tx: DbOrTx,
  organizationId: number,
  kind: LedgerSourceKind,
  ids: readonly number[],
  comparison: Comparison,
) {
  const repo = createLedgerRepo(tx)
  const keys = await repo.activeKeys(organizationId, kind, ids)
  const older = [...keys].filter(
    ([, entries]) => comparison.fromLines || entries.some((entry) => entry.bookKey === null),
  )
  const computed = new Map<number, string>()
  if (older.length > 0)
    for (const entries of (
      await repo.activeEntries(
        organizationId,
        kind,
        older.map(([id]) => id),
      )
    ).values())
      for (const entry of entries) computed.set(entry.id, keyOf(entry))
  const active = new Map<number, Active[]>()
  for (const [sourceId, entries] of keys)
    active.set(
      sourceId,
      entries.map((entry) => ({ ...entry, bookKey: computed.get(entry.id) ?? (entry.bookKey as string) })),
    )
  return active
}

/** Compares one source's active entries with what it should have and posts the difference (the openings' way). */
function createPoster(
  tx: DbOrTx,
  organizationId: number,
  fiscalYearOf: (date: string) => string,
  comparison: Comparison,
  written: Written,
) {
  return async (source: LedgerSource, expected: readonly PostingEntry[]): Promise<string[]> => {
    const active = (await activeOf(tx, organizationId, source.kind, [source.id], comparison)).get(source.id) ?? []
    return writeEntries(tx, organizationId, changesOf(source, active, expected), fiscalYearOf, written)
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
  comparison: Comparison = {},
  written: Written = [],
) {
  if (sources.length === 0) return null
  const sourcesRepo = createLedgerSourcesRepo(tx)
  const organization = await sourcesRepo.organization(organizationId)
  const openings = createOpenings(tx, organizationId, organization?.fiscalYearStartedAt)

  let openingsFrom: string | null = null
  const unique = new Map<string, LedgerSource>()
  for (const source of sources) {
    // An opening (a journal's starting value, a repair) redoes them all: the first year's may have moved, or be left.
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
    const active = new Map<LedgerSourceKind, Map<number, Active[]>>()
    for (const kind of new Set(set.map((source) => source.kind)))
      active.set(kind, await activeOf(tx, organizationId, kind, idsOf(kind), comparison))
    const changes: ToPost[] = []
    for (const source of set)
      changes.push(...changesOf(source, active.get(source.kind)?.get(source.id) ?? [], await expectedOf(source)))
    for (const year of await writeEntries(tx, organizationId, changes, openings.fiscalYearOf, written))
      openingsFrom = earlier(openingsFrom, openings.nextYear(year))
  }
  return openingsFrom
}

/**
 * Beyond this many entries written, an opening reads the year before it in one aggregate rather than those entries'
 * lines one by one (an import or a retroactive rule in an earlier year).
 */
const CARRIED_ENTRIES_MAX = 5000

/**
 * Brings the openings (journal AN) up to date from the fiscal year `from` on, year after year, each from the ledger as
 * the year before it now stands; years never worked out yet (the books reaching a new year, or an earlier first year)
 * are done whatever `from` says, and an opening left outside the books' years is reversed. The usual comparison
 * applies: an opening the change did not move posts nothing. Each year costs one aggregate over the year before it,
 * or, given the entries this transaction `written` (when every opening was up to date with what committed before it),
 * a read of their lines carried onto the opening posted; a posting into the latest year, the common case, costs a
 * few index reads. The lock is held until the commit, so that a transaction redoing the openings reads every posting
 * committed before it.
 */
export async function postOpenings(
  tx: DbOrTx,
  organizationId: number,
  from: string,
  comparison: Comparison = {},
  written?: Written,
): Promise<void> {
  const locked = await lockOpenings(tx, organizationId)
  if (!locked || locked.heldBack) return
  const { openings, years, computed } = locked
  const uncomputed = years.find((year) => !computed.has(year))
  if (uncomputed === undefined && from > (years.at(-1) ?? '')) return

  const ownWrites: Written = written ?? []
  const bringUpToDate = createPoster(tx, organizationId, openings.fiscalYearOf, comparison, ownWrites)
  // The books' years only grow, but the current year stands for them until the first entry: its opening may be left.
  const ids = new Set(years.map(openings.sourceIdOf))
  for (const id of await openings.activeSourceIds()) if (!ids.has(id)) await bringUpToDate({ kind: 'opening', id }, [])
  // Carried forward only when what is posted holds everything else: no year new to the books, no opening asked for
  // again (a starting value, the backfill's release: '' as `from`), no repair reading the lines.
  const carry =
    written !== undefined &&
    written.length <= CARRIED_ENTRIES_MAX &&
    uncomputed === undefined &&
    from !== '' &&
    !comparison.fromLines
  const postedOf = async (sourceId: number) =>
    (await createLedgerRepo(tx).activeEntries(organizationId, 'opening', [sourceId])).get(sourceId) ?? []
  const start = uncomputed === undefined ? from : earlier(from, uncomputed)
  for (const [index, year] of years.entries()) {
    if (year < start) continue
    const source = { kind: 'opening' as const, id: openings.sourceIdOf(year) }
    const carried = carry && index > 0 ? await openings.carriedForward(years, index, ownWrites, postedOf) : null
    if (carried === 'unchanged') continue
    if (carried !== null) {
      await bringUpToDate(source, carried)
      continue
    }
    await bringUpToDate(source, await openings.expected(years, index))
    if (!computed.has(year)) await openings.markComputed(year)
  }
}

/** Posts the sources (postSources), then the openings their entries moved (postOpenings). */
export async function postLedger(
  tx: DbOrTx,
  organizationId: number,
  sources: readonly LedgerSource[],
  comparison: Comparison = {},
): Promise<void> {
  const from = await postSources(tx, organizationId, sources, comparison)
  if (from !== null) await postOpenings(tx, organizationId, from, comparison)
}
