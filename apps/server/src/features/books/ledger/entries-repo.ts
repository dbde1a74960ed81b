import type { PostingEntry, PostingLine } from '@app/domain'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import type { LedgerSource, LedgerSourceKind } from './repo'

/** What the posting needs of an active entry to compare it and, when it differs, to reverse it: no line. */
export type ActiveHead = { id: number; journalCode: string; date: string; bookKey: string | null }

/**
 * A change ready to be written, numbered in its journal and fiscal year: an entry the documents ask for, with the
 * source it books and its digest, or the reversal of an active entry.
 */
export type NumberedChange = { fiscalYearStart: string; number: number } & (
  | { kind: 'entry'; entry: PostingEntry; source: LedgerSource; bookKey: string }
  | { kind: 'reversal'; reverses: number }
)

/** Entries written by one statement: a few thousand keep each statement's arrays and answer small. */
const ENTRIES_PER_STATEMENT = 5000

/**
 * The entries of a set of changes in one statement, in their order, a column per array (unnest). A reversal is made by
 * the database from the entry it cancels: same journal, date and piece, "Annulation – …" on the entry and its lines,
 * debit and credit swapped, the VAT base negated (the domain's reverseEntry); its lines are written by the same
 * statement, so nothing of the reversed entries travels to the server and back. Answers the new entries' rows.
 */
async function insertChangesStatement(db: DbOrTx, organizationId: number, items: readonly NumberedChange[]) {
  const column = <Value>(read: (item: NumberedChange) => Value) => sql.param(items.map(read))
  const of = <Value>(read: (entry: PostingEntry) => Value) =>
    column((item) => (item.kind === 'entry' ? read(item.entry) : null))
  const result = await db.execute<{ id: number; journalCode: string; fiscalYearStart: string; number: number }>(
    sql`with input as (
        select * from unnest(${column((item) => (item.kind === 'reversal' ? item.reverses : null))}::bigint[],
          ${of((entry) => entry.journalCode)}::text[], ${of((entry) => entry.journalLabel)}::text[],
          ${column((item) => item.fiscalYearStart)}::date[], ${column((item) => item.number)}::int[],
          ${of((entry) => entry.date)}::date[], ${of((entry) => entry.label)}::text[],
          ${of((entry) => entry.pieceRef)}::text[], ${of((entry) => entry.pieceDate)}::date[],
          ${column((item) => (item.kind === 'entry' ? item.source.kind : null))}::text[],
          ${column((item) => (item.kind === 'entry' ? item.source.id : null))}::bigint[],
          ${column((item) => (item.kind === 'entry' ? item.bookKey : null))}::text[])
          with ordinality as i(reverses, journal_code, journal_label, fiscal_year_start, number, dated_at, label,
            piece_ref, piece_date, source_kind, source_id, book_key, position)
      ), written as (
        insert into ledger_entries (organization_id, journal_code, journal_label, fiscal_year_start, number, dated_at,
          label, piece_ref, piece_date, source_kind, source_id, reverses_entry_id, book_key)
        select ${organizationId}, coalesce(e.journal_code, i.journal_code), coalesce(e.journal_label, i.journal_label),
          i.fiscal_year_start, i.number, coalesce(e.dated_at, i.dated_at),
          case when i.reverses is null then i.label else 'Annulation – ' || e.label end,
          coalesce(e.piece_ref, i.piece_ref), coalesce(e.piece_date, i.piece_date),
          coalesce(e.source_kind, i.source_kind), coalesce(e.source_id, i.source_id), e.id, i.book_key
        from input i
        -- One index read per change (offset 0 keeps the lateral apart): a join would hash the whole ledger.
        left join lateral (select * from ledger_entries e
          where e.organization_id = ${organizationId} and e.id = i.reverses offset 0) e on true
        order by i.position
        returning id, reverses_entry_id, dated_at, label, journal_code, fiscal_year_start, number
      ), reversed_lines as (
        insert into ledger_lines (organization_id, entry_id, position, dated_at, account_code, account_label,
          auxiliary_code, auxiliary_label, label, debit, credit, vat_rate, vat_base, vat_kind, vat_nature, vat_due_on,
          vat_operation, settles_piece_ref)
        select l.organization_id, w.id, l.position, w.dated_at, l.account_code, l.account_label, l.auxiliary_code,
          l.auxiliary_label, w.label, l.credit, l.debit, l.vat_rate, -l.vat_base, l.vat_kind, l.vat_nature,
          l.vat_due_on, l.vat_operation, l.settles_piece_ref
        from written w
        cross join lateral (select * from ledger_lines l
          where l.organization_id = ${organizationId} and l.entry_id = w.reverses_entry_id offset 0) l
      )
      select id::int as "id", journal_code as "journalCode", fiscal_year_start::text as "fiscalYearStart",
        number::int as "number"
      from written where reverses_entry_id is null`,
  )
  return result.rows
}

type LineRow = ReturnType<typeof lineRowOf>

/**
 * The lines of many entries in one statement, a column per array (unnest): one parameter a column whatever their
 * number, where a multi-row VALUES takes eighteen a line and costs as much to build as to run.
 */
function insertLinesStatement(lines: readonly LineRow[]) {
  const column = <Key extends keyof LineRow>(key: Key) => sql.param(lines.map((line) => line[key]))
  return sql`insert into ledger_lines (organization_id, entry_id, position, dated_at, account_code, account_label,
      auxiliary_code, auxiliary_label, label, debit, credit, vat_rate, vat_base, vat_kind, vat_nature, vat_due_on,
      vat_operation, settles_piece_ref)
    select * from unnest(${column('organizationId')}::bigint[], ${column('entryId')}::bigint[],
      ${column('position')}::int[], ${column('datedAt')}::date[], ${column('accountCode')}::text[],
      ${column('accountLabel')}::text[], ${column('auxiliaryCode')}::text[], ${column('auxiliaryLabel')}::text[],
      ${column('label')}::text[], ${column('debit')}::numeric[], ${column('credit')}::numeric[],
      ${column('vatRate')}::text[], ${column('vatBase')}::numeric[], ${column('vatKind')}::text[],
      ${column('vatNature')}::text[], ${column('vatDueOn')}::text[], ${column('vatOperation')}::text[],
      ${column('settlesPieceRef')}::text[])`
}

function lineRowOf(organizationId: number, entryId: number, date: string, line: PostingLine, position: number) {
  return {
    organizationId,
    entryId,
    position,
    datedAt: date,
    accountCode: line.accountCode,
    accountLabel: line.accountLabel,
    auxiliaryCode: line.auxiliary?.code ?? null,
    auxiliaryLabel: line.auxiliary?.label ?? null,
    label: line.label,
    debit: line.debit,
    credit: line.credit,
    vatRate: line.vat?.ratePercent ?? null,
    vatBase: line.vat?.base ?? null,
    vatKind: line.vat?.kind ?? null,
    vatNature: line.vat?.nature ?? null,
    vatDueOn: line.vat?.dueOn ?? null,
    vatOperation: line.vat?.operation ?? null,
    settlesPieceRef: line.settles?.pieceRef ?? null,
  }
}

export function createLedgerEntriesRepo(db: DbOrTx) {
  return {
    /** The active entries (neither a reversal nor reversed) of these sources, in posting order, by source. */
    async activeHeads(organizationId: number, kind: LedgerSourceKind, ids: readonly number[]) {
      const bySource = new Map<number, ActiveHead[]>()
      if (ids.length === 0) return bySource
      const { rows } = await db.execute<{
        id: string
        sourceId: string
        journalCode: string
        date: string
        bookKey: string | null
      }>(sql`select e.id::text as "id", e.source_id::text as "sourceId", e.journal_code as "journalCode",
          e.dated_at::text as "date", e.book_key as "bookKey"
        from ledger_entries e
        where e.organization_id = ${organizationId} and e.source_kind = ${kind}
          and e.source_id = any(${sql.param([...ids])}::bigint[]) and e.reverses_entry_id is null
          and not exists (select 1 from ledger_entries reversal
            where reversal.organization_id = ${organizationId} and reversal.reverses_entry_id = e.id)
        order by e.id`)
      for (const { id, sourceId, ...head } of rows) {
        const list = bySource.get(Number(sourceId))
        const active = { id: Number(id), ...head }
        if (list) list.push(active)
        else bySource.set(Number(sourceId), [active])
      }
      return bySource
    },

    /**
     * Writes numbered changes in their order, entries and reversals alike (the ids follow the numbers), with their
     * lines: a few statements per thousands of changes, the set-based posting of an import or a bulk action.
     */
    async insertChanges(organizationId: number, items: readonly NumberedChange[]) {
      for (let start = 0; start < items.length; start += ENTRIES_PER_STATEMENT) {
        const chunk = items.slice(start, start + ENTRIES_PER_STATEMENT)
        const rows = await insertChangesStatement(db, organizationId, chunk)
        // A journal's number in a fiscal year is unique: it says which row each entry became, whatever the order.
        const idOf = new Map(rows.map((row) => [`${row.journalCode}|${row.fiscalYearStart}|${row.number}`, row.id]))
        const lines = chunk.flatMap((item) => {
          if (item.kind === 'reversal') return []
          const { entry } = item
          const entryId = idOf.get(`${entry.journalCode}|${item.fiscalYearStart}|${item.number}`)
          if (entryId === undefined) throw new Error('The ledger entry was not inserted')
          return entry.lines.map((line, position) => lineRowOf(organizationId, entryId, entry.date, line, position))
        })
        if (lines.length > 0) await db.execute(insertLinesStatement(lines))
      }
    },
  }
}
