import type { PostingEntry, PostingLine } from '@app/domain'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { arrayParam, idsParam } from '../../../db/ids'
import { writtenRows } from '../../../db/json-rows'

/**
 * How the ledger's entries and lines are written in bulk (repo.ts insertEntries): a column per array, one statement
 * for thousands of entries.
 */
export type LedgerSourceKind = 'invoice' | 'payment' | 'transaction' | 'receipt' | 'opening'
export type LedgerSource = { kind: LedgerSourceKind; id: number }

/**
 * An entry ready to be written: its number in its journal and fiscal year, the source it books, and the digest of what
 * it says (posting.ts keyOf).
 */
export type NumberedEntry = {
  entry: PostingEntry
  meta: { source: LedgerSource; fiscalYearStart: string; number: number; bookKey: string }
}

/** What an entry says besides its lines. */
export type EntryHeader = Omit<PostingEntry, 'lines'>

/**
 * The reversal of a posted entry, numbered: its header as the domain's reverseEntry makes it; its lines are copied by
 * the database from the entry it cancels (insertReversalLinesStatement).
 */
export type NumberedReversal = {
  header: EntryHeader
  meta: { source: LedgerSource; fiscalYearStart: string; number: number; reversesEntryId: number }
}

export type NumberedItem = NumberedEntry | NumberedReversal

/** Entries written by one statement: a few thousand keep each statement's arrays and answer small. */
export const ENTRIES_PER_STATEMENT = 5000

const headerOf = (item: NumberedItem): EntryHeader => ('entry' in item ? item.entry : item.header)

/**
 * Entries and reversals in one statement, a column per array (unnest), in the order given (the ids follow the
 * numbers, as the books read them), answering which row each became.
 */
export async function insertEntriesStatement(db: DbOrTx, organizationId: number, items: readonly NumberedItem[]) {
  const column = (read: (item: NumberedItem) => string | number | null, type: string) =>
    arrayParam(items.map(read), type)
  return writtenRows<{ id: number; journalCode: string; fiscalYearStart: string; number: number }>(
    db,
    sql`insert into ledger_entries (organization_id, journal_code, journal_label, fiscal_year_start, number, dated_at,
        label, piece_ref, piece_date, source_kind, source_id, reverses_entry_id, book_key)
      select ${organizationId}, * from unnest(${column((item) => headerOf(item).journalCode, 'text')},
        ${column((item) => headerOf(item).journalLabel, 'text')}, ${column((item) => item.meta.fiscalYearStart, 'date')},
        ${column((item) => item.meta.number, 'int')}, ${column((item) => headerOf(item).date, 'date')},
        ${column((item) => headerOf(item).label, 'text')}, ${column((item) => headerOf(item).pieceRef, 'text')},
        ${column((item) => headerOf(item).pieceDate, 'date')}, ${column((item) => item.meta.source.kind, 'text')},
        ${column((item) => item.meta.source.id, 'bigint')},
        ${column((item) => ('reversesEntryId' in item.meta ? item.meta.reversesEntryId : null), 'bigint')},
        ${column((item) => ('bookKey' in item.meta ? item.meta.bookKey : null), 'text')})
      returning id::int as "id", journal_code as "journalCode", fiscal_year_start::text as "fiscalYearStart",
        number::int as "number"`,
  )
}

export type LineRow = ReturnType<typeof lineRowOf>

/**
 * The lines of many entries in one statement, a column per array (unnest): one parameter a column whatever their
 * number, where a multi-row VALUES takes eighteen a line and costs as much to build as to run.
 */
export function insertLinesStatement(organizationId: number, lines: readonly LineRow[]) {
  const column = (key: keyof LineRow, type: string) =>
    arrayParam(
      lines.map((line) => line[key]),
      type,
    )
  // Joined to their entries, of one organisation: Citus runs the statement on that organisation's shard. From the
  // arrays alone it would copy the rows through the coordinator, which row-level security forbids (decision 0048).
  // The range of their ids has the join read only those entries, whatever the statistics say: planned from fresh
  // ones, an equality alone hashed all the organisation's entries for each batch (5,000 lines among 32,000 entries:
  // 22 ms, 9 ms with the range, and it grows with the books).
  const { first, last } = idRange(lines.map((line) => line.entryId))
  return sql`insert into ledger_lines (organization_id, entry_id, position, dated_at, account_code, account_label,
      auxiliary_code, auxiliary_label, label, debit, credit, vat_rate, vat_base, vat_kind, vat_nature, vat_due_on,
      vat_operation, settles_piece_ref)
    select e.organization_id, v.* from unnest(${column('entryId', 'bigint')},
      ${column('position', 'int')}, ${column('datedAt', 'date')}, ${column('accountCode', 'text')},
      ${column('accountLabel', 'text')}, ${column('auxiliaryCode', 'text')}, ${column('auxiliaryLabel', 'text')},
      ${column('label', 'text')}, ${column('debit', 'numeric')}, ${column('credit', 'numeric')},
      ${column('vatRate', 'text')}, ${column('vatBase', 'numeric')}, ${column('vatKind', 'text')},
      ${column('vatNature', 'text')}, ${column('vatDueOn', 'text')}, ${column('vatOperation', 'text')},
      ${column('settlesPieceRef', 'text')})
      as v(entry_id, position, dated_at, account_code, account_label, auxiliary_code, auxiliary_label, label, debit,
        credit, vat_rate, vat_base, vat_kind, vat_nature, vat_due_on, vat_operation, settles_piece_ref)
    join ledger_entries e on e.organization_id = ${organizationId} and e.id = v.entry_id
      and e.id between ${first} and ${last}`
}

export function lineRowOf(organizationId: number, entryId: number, date: string, line: PostingLine, position: number) {
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

/**
 * The lines of reversals just written (insertEntriesStatement), copied by the database from the lines of the entries
 * they cancel as the domain's reverseEntry makes them: debit and credit swapped, the VAT base negated, every label the
 * reversal's. An undo of 40,000 entries reads none of their lines back.
 */
export function insertReversalLinesStatement(organizationId: number, reversalIds: readonly number[]) {
  // The range, as for the lines above: from stale statistics, the list alone was read through the date index, 100,000
  // entries for 500 reversals.
  const { first, last } = idRange(reversalIds)
  return sql`insert into ledger_lines (organization_id, entry_id, position, dated_at, account_code, account_label,
      auxiliary_code, auxiliary_label, label, debit, credit, vat_rate, vat_base, vat_kind, vat_nature, vat_due_on,
      vat_operation, settles_piece_ref)
    select r.organization_id, r.id, l.position, l.dated_at, l.account_code, l.account_label, l.auxiliary_code,
      l.auxiliary_label, r.label, l.credit, l.debit, l.vat_rate, -l.vat_base, l.vat_kind, l.vat_nature, l.vat_due_on,
      l.vat_operation, l.settles_piece_ref
    from ledger_entries r
    join ledger_lines l on l.organization_id = r.organization_id and l.entry_id = r.reverses_entry_id
    where r.organization_id = ${organizationId} and r.id = any(${idsParam(reversalIds)})
      and r.id between ${first} and ${last}`
}

/** The smallest and greatest of ids (0 and -1, matching nothing, for none). */
function idRange(ids: readonly number[]) {
  let first = Number.POSITIVE_INFINITY
  let last = Number.NEGATIVE_INFINITY
  for (const id of ids) {
    if (id < first) first = id
    if (id > last) last = id
  }
  return ids.length === 0 ? { first: 0, last: -1 } : { first, last }
}
