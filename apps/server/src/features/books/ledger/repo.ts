import type { PostingEntry, PostingLine, VatDueOn, VatKind, VatNature, VatOperation } from '@app/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { idsParam } from '../../../db/ids'
import { jsonRows } from '../../../db/json-rows'
import { ledgerCounters, ledgerEntries, ledgerLines, ledgerPending } from '../../../db/schema/index'
import {
  ENTRIES_PER_STATEMENT,
  type EntryHeader,
  insertEntriesStatement,
  insertLinesStatement,
  insertReversalLinesStatement,
  type LedgerSource,
  type LedgerSourceKind,
  type LineRow,
  lineRowOf,
  type NumberedItem,
} from './entry-statements'
import { FROM_FIRST_YEAR } from './openings'

export type { LedgerSource, LedgerSourceKind, NumberedEntry, NumberedItem, NumberedReversal } from './entry-statements'
/** What a posting compares of an active entry, its digest (null when posted before digests), and what its reversal copies. */
export type ActiveKey = EntryHeader & { id: number; bookKey: string | null }
/** Where a pass over the deferred sources stopped (ledger_pending's key). */
export type DeferredKey = { organizationId: number; sourceKind: string; sourceId: number }

/** An entry as posted: the domain's shape, plus what the database gave it. */
export type PostedEntry = PostingEntry & { id: number; fiscalYearStart: string; number: number }

/** What a line says in the books, as activeEntries reads it. */
type StoredLine = Pick<
  typeof ledgerLines.$inferSelect,
  | 'accountCode'
  | 'accountLabel'
  | 'auxiliaryCode'
  | 'auxiliaryLabel'
  | 'label'
  | 'debit'
  | 'credit'
  | 'vatRate'
  | 'vatBase'
  | 'vatKind'
  | 'vatNature'
  | 'vatDueOn'
  | 'vatOperation'
  | 'settlesPieceRef'
>

export function lineOf(row: StoredLine): PostingLine {
  return {
    accountCode: row.accountCode,
    accountLabel: row.accountLabel,
    auxiliary: row.auxiliaryCode ? { code: row.auxiliaryCode, label: row.auxiliaryLabel ?? '' } : null,
    label: row.label,
    debit: row.debit,
    credit: row.credit,
    vat:
      row.vatKind && row.vatRate && row.vatBase !== null
        ? {
            ratePercent: row.vatRate,
            base: row.vatBase,
            kind: row.vatKind as VatKind,
            nature: row.vatNature as VatNature,
            dueOn: row.vatDueOn as VatDueOn,
            ...(row.vatOperation ? { operation: row.vatOperation as VatOperation } : {}),
          }
        : null,
    settles: row.settlesPieceRef ? { pieceRef: row.settlesPieceRef } : null,
  }
}

// Taken by every posting: its SQL built once (db/compiled.ts).
const reserveNumbers = compiled('ledger_counter_take', (db) =>
  db
    .insert(ledgerCounters)
    .values({
      organizationId: sql.placeholder('organizationId'),
      journalCode: sql.placeholder('journalCode'),
      fiscalYearStart: sql.placeholder('fiscalYearStart'),
      lastNumber: sql.placeholder('count'),
    })
    .onConflictDoUpdate({
      target: [ledgerCounters.organizationId, ledgerCounters.journalCode, ledgerCounters.fiscalYearStart],
      set: { lastNumber: sql`${ledgerCounters.lastNumber} + ${sql.placeholder('count')}` },
    })
    .returning({ number: ledgerCounters.lastNumber }),
)

export function createLedgerRepo(db: DbOrTx) {
  return {
    /**
     * The active entries of these sources, with their lines in order: two statements whatever their number (the ids
     * as one array parameter), the lines grouped by entry in one pass. Read by the ledger's check and its repair, and
     * for the entries posted before their digest was kept; a posting otherwise reads activeKeys.
     */
    async activeEntries(organizationId: number, kind: LedgerSourceKind, ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, PostedEntry[]>()
      // Active: neither a reversal nor reversed, what each source stands for in the books today. Only the columns the
      // comparison reads, named as the domain's entry.
      const { rows: entries } = await db.execute<{
        id: string
        sourceId: string
        fiscalYearStart: string
        number: number
        journalCode: string
        journalLabel: string
        date: string
        label: string
        pieceRef: string
        pieceDate: string
      }>(sql`select e.id::text as "id", e.source_id::text as "sourceId",
          e.fiscal_year_start::text as "fiscalYearStart", e.number, e.journal_code as "journalCode",
          e.journal_label as "journalLabel", e.dated_at::text as "date", e.label, e.piece_ref as "pieceRef",
          e.piece_date::text as "pieceDate"
        from ledger_entries e
        where e.organization_id = ${organizationId} and e.source_kind = ${kind}
          and e.source_id = any(${idsParam(ids)}) and e.reverses_entry_id is null
          and not exists (select 1 from ledger_entries reversal
            where reversal.organization_id = ${organizationId} and reversal.reverses_entry_id = e.id)
        order by e.id`)
      const { rows: lines } =
        entries.length === 0
          ? { rows: [] }
          : await db.execute<StoredLine & { entryId: string }>(sql`select entry_id::text as "entryId",
                account_code as "accountCode", account_label as "accountLabel", auxiliary_code as "auxiliaryCode",
                auxiliary_label as "auxiliaryLabel", label, debit::text as debit, credit::text as credit,
                vat_rate as "vatRate", vat_base::text as "vatBase", vat_kind as "vatKind", vat_nature as "vatNature",
                vat_due_on as "vatDueOn", vat_operation as "vatOperation", settles_piece_ref as "settlesPieceRef"
              from ledger_lines
              where organization_id = ${organizationId}
                and entry_id = any(${idsParam(entries.map((entry) => Number(entry.id)))})
              order by entry_id, position`)
      const linesOf = new Map<string, PostingLine[]>()
      for (const line of lines) {
        const list = linesOf.get(line.entryId)
        if (list) list.push(lineOf(line))
        else linesOf.set(line.entryId, [lineOf(line)])
      }
      const bySource = new Map<number, PostedEntry[]>()
      for (const { id, sourceId, number, ...entry } of entries) {
        const posted: PostedEntry = { ...entry, id: Number(id), number: Number(number), lines: linesOf.get(id) ?? [] }
        const list = bySource.get(Number(sourceId))
        if (list) list.push(posted)
        else bySource.set(Number(sourceId), [posted])
      }
      return bySource
    },

    /**
     * The active entries of these sources as a posting compares them: their digests, not their lines (activeEntries
     * reads those, for the entries posted before digests and for the ledger's check). One statement, ordered by id.
     */
    async activeKeys(organizationId: number, kind: LedgerSourceKind, ids: readonly number[]) {
      const bySource = new Map<number, ActiveKey[]>()
      if (ids.length === 0) return bySource
      const rows = await jsonRows<ActiveKey & { sourceId: number }>(
        db,
        sql`select e.id, e.source_id as "sourceId", e.journal_code as "journalCode",
          e.journal_label as "journalLabel", e.dated_at as "date", e.label, e.piece_ref as "pieceRef",
          e.piece_date as "pieceDate", e.book_key as "bookKey"
        from ledger_entries e
        where e.organization_id = ${organizationId} and e.source_kind = ${kind}
          and e.source_id = any(${idsParam(ids)}) and e.reverses_entry_id is null
          and not exists (select 1 from ledger_entries reversal
            where reversal.organization_id = ${organizationId} and reversal.reverses_entry_id = e.id)
        order by e.id`,
      )
      for (const { sourceId, ...key } of rows) {
        const list = bySource.get(sourceId)
        if (list) list.push(key)
        else bySource.set(sourceId, [key])
      }
      return bySource
    },

    /**
     * The next number of a journal in a fiscal year. The counter row is locked until the transaction ends (decision
     * 0003's way): two events posting to one journal queue here and never share a number nor leave a gap.
     */
    async takeNumber(organizationId: number, journalCode: string, fiscalYearStart: string) {
      const [row] = await reserveNumbers(db, { organizationId, journalCode, fiscalYearStart, count: 1 })
      if (!row) throw new Error('The ledger counter returned nothing')
      return row.number
    },

    /** The sources that have entries in the books, by kind (the rebuild compares them even when their document is gone). */
    async postedSources(organizationId: number) {
      const rows = await db
        .selectDistinct({ kind: ledgerEntries.sourceKind, id: ledgerEntries.sourceId })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.organizationId, organizationId))
      const byKind = new Map<string, number[]>()
      for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row.id])
      return byKind
    },

    /** The numbers given in each journal and fiscal year, in order. */
    async numbering(organizationId: number) {
      const rows = await db
        .select({
          journalCode: ledgerEntries.journalCode,
          fiscalYearStart: ledgerEntries.fiscalYearStart,
          number: ledgerEntries.number,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.organizationId, organizationId))
        .orderBy(asc(ledgerEntries.journalCode), asc(ledgerEntries.fiscalYearStart), asc(ledgerEntries.number))
      const journals = new Map<string, { journalCode: string; fiscalYearStart: string; numbers: number[] }>()
      for (const row of rows) {
        const key = `${row.journalCode} ${row.fiscalYearStart}`
        const journal = journals.get(key) ?? {
          journalCode: row.journalCode,
          fiscalYearStart: row.fiscalYearStart,
          numbers: [],
        }
        journal.numbers.push(row.number)
        journals.set(key, journal)
      }
      return [...journals.values()]
    },

    /** Entries whose debits and credits differ, computed by the database from the lines as stored. */
    async unbalancedEntries(organizationId: number) {
      return db
        .select({
          journalCode: ledgerEntries.journalCode,
          fiscalYearStart: ledgerEntries.fiscalYearStart,
          number: ledgerEntries.number,
          gap: sql<string>`sum(${ledgerLines.debit}) - sum(${ledgerLines.credit})`,
        })
        .from(ledgerEntries)
        .innerJoin(
          ledgerLines,
          and(eq(ledgerLines.organizationId, ledgerEntries.organizationId), eq(ledgerLines.entryId, ledgerEntries.id)),
        )
        .where(eq(ledgerEntries.organizationId, organizationId))
        .groupBy(ledgerEntries.journalCode, ledgerEntries.fiscalYearStart, ledgerEntries.number)
        .having(sql`sum(${ledgerLines.debit}) <> sum(${ledgerLines.credit})`)
    },

    /** Lines whose entry is not in the books: no key holds them to it (migration 0045); the posting and this do. */
    async linesWithoutEntry(organizationId: number) {
      const { rows } = await db.execute<{ entryId: string; lines: number }>(sql`select l.entry_id::text as "entryId",
          count(*)::int as lines
        from ledger_lines l
        where l.organization_id = ${organizationId} and not exists (select 1 from ledger_entries e
          where e.organization_id = ${organizationId} and e.id = l.entry_id)
        group by l.entry_id order by l.entry_id`)
      return rows
    },

    /** The sources the start-up backfill released in this transaction (releaseDeferred), taken in one statement. */
    async takePending() {
      return db.delete(ledgerPending).where(eq(ledgerPending.deferred, false)).returning()
    },

    /**
     * Hands a batch of what the migrations marked to the transaction's flush, in key order after `after`: a source the
     * flush sets aside again (it cannot be posted) is behind the cursor, so a start goes through the list once instead
     * of retrying it forever. The documents go first, and their organisations' openings are held back (a deferred
     * opening mark) until the openings' own pass: each batch would otherwise redo the à-nouveaux of every year after
     * the ones it posts into, and number a reversal each time. Returns how many it released and the last key (null: nothing left).
     */
    async releaseDeferred(
      limit: number,
      phase: 'documents' | 'openings',
      after: DeferredKey | null = null,
    ): Promise<{ released: number; last: DeferredKey | null }> {
      const kinds = phase === 'openings' ? sql`source_kind = 'opening'` : sql`source_kind <> 'opening'`
      const past = after
        ? sql`and (organization_id, source_kind, source_id) > (${after.organizationId}, ${after.sourceKind}, ${after.sourceId})`
        : sql``
      const released = await db.execute<{ organizationId: string; sourceKind: string; sourceId: string }>(sql`
        update ledger_pending set deferred = false
        where (organization_id, source_kind, source_id) in (select organization_id, source_kind, source_id
          from ledger_pending where deferred and ${kinds} ${past}
          order by organization_id, source_kind, source_id limit ${limit})
        returning organization_id::text as "organizationId", source_kind as "sourceKind", source_id::text as "sourceId"`)
      const keys = released.rows
        .map((row) => ({
          organizationId: Number(row.organizationId),
          sourceKind: row.sourceKind,
          sourceId: Number(row.sourceId),
        }))
        .sort(
          (a, b) =>
            a.organizationId - b.organizationId ||
            (a.sourceKind < b.sourceKind ? -1 : a.sourceKind > b.sourceKind ? 1 : a.sourceId - b.sourceId),
        )
      const organizations = [...new Set(keys.map((key) => key.organizationId))]
      if (phase === 'documents' && organizations.length > 0)
        await db
          .insert(ledgerPending)
          .values(
            organizations.map((organizationId) => ({
              organizationId,
              sourceKind: 'opening',
              sourceId: FROM_FIRST_YEAR,
              deferred: true,
            })),
          )
          .onConflictDoUpdate({
            target: [ledgerPending.organizationId, ledgerPending.sourceKind, ledgerPending.sourceId],
            set: { deferred: true },
          })
      return { released: keys.length, last: keys.at(-1) ?? null }
    },

    /** Puts a source that could not be posted aside: the next start and `npm run ledger` retry it, not every request. */
    async setAside(organizationId: number, source: LedgerSource) {
      await db
        .insert(ledgerPending)
        .values({ organizationId, sourceKind: source.kind, sourceId: source.id, deferred: true })
        .onConflictDoUpdate({
          target: [ledgerPending.organizationId, ledgerPending.sourceKind, ledgerPending.sourceId],
          set: { deferred: true },
        })
    },

    /**
     * Reserves `count` numbers of a journal in a fiscal year at once and answers the first: the counter row is locked
     * until the transaction ends, as for one number (takeNumber), so a set of entries is numbered without a gap.
     */
    async takeNumbers(organizationId: number, journalCode: string, fiscalYearStart: string, count: number) {
      const [row] = await reserveNumbers(db, { organizationId, journalCode, fiscalYearStart, count })
      if (!row) throw new Error('The ledger counter returned nothing')
      return row.number - count + 1
    },

    /**
     * Writes numbered entries and reversals, and their lines, in a few statements (entries, then lines, by chunks):
     * the set-based posting of an import or a bulk action. Returns the ids of the entries written.
     */
    async insertEntries(organizationId: number, items: readonly NumberedItem[]) {
      const ids: number[] = []
      for (let start = 0; start < items.length; start += ENTRIES_PER_STATEMENT) {
        const chunk = items.slice(start, start + ENTRIES_PER_STATEMENT)
        const rows = await insertEntriesStatement(db, organizationId, chunk)
        // A journal's number in a fiscal year is unique: it says which row each entry became, whatever the order.
        const idOf = new Map(rows.map((row) => [`${row.journalCode}|${row.fiscalYearStart}|${row.number}`, row.id]))
        const lines: LineRow[] = []
        const reversals: number[] = []
        for (const item of chunk) {
          const header = 'entry' in item ? item.entry : item.header
          const entryId = idOf.get(`${header.journalCode}|${item.meta.fiscalYearStart}|${item.meta.number}`)
          if (entryId === undefined) throw new Error('The ledger entry was not inserted')
          ids.push(Number(entryId))
          if (!('entry' in item)) reversals.push(entryId)
          else
            item.entry.lines.forEach((line, position) => {
              lines.push(lineRowOf(organizationId, entryId, header.date, line, position))
            })
        }
        if (lines.length > 0) await db.execute(insertLinesStatement(organizationId, lines))
        if (reversals.length > 0) await db.execute(insertReversalLinesStatement(organizationId, reversals))
      }
      return ids
    },
  }
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>
