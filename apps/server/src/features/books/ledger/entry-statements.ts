import type { PostingEntry, PostingLine } from '@app/domain'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'

/**
 * How the ledger's entries and lines are written in bulk (repo.ts insertEntries): a column per array, one statement
 * for thousands of entries.
 */
export type LedgerSourceKind = 'invoice' | 'payment' | 'transaction' | 'receipt' | 'opening'
export type LedgerSource = { kind: LedgerSourceKind; id: number }

/** An entry ready to be written: its number in its journal and fiscal year, and the source it books. */
export type NumberedEntry = {
  entry: PostingEntry
  meta: { source: LedgerSource; fiscalYearStart: string; number: number; reversesEntryId: number | null }
}

/** Entries written by one statement: a few thousand keep each statement's arrays and answer small. */
export const ENTRIES_PER_STATEMENT = 5000

/** Entries in one statement, a column per array (unnest), answering which row each became. */
export async function insertEntriesStatement(db: DbOrTx, organizationId: number, items: readonly NumberedEntry[]) {
  const column = <Value>(read: (item: NumberedEntry) => Value) => sql.param(items.map(read))
  const result = await db.execute<{ id: number; journalCode: string; fiscalYearStart: string; number: number }>(
    sql`insert into ledger_entries (organization_id, journal_code, journal_label, fiscal_year_start, number, dated_at,
        label, piece_ref, piece_date, source_kind, source_id, reverses_entry_id)
      select ${organizationId}, * from unnest(${column((item) => item.entry.journalCode)}::text[],
        ${column((item) => item.entry.journalLabel)}::text[], ${column((item) => item.meta.fiscalYearStart)}::date[],
        ${column((item) => item.meta.number)}::int[], ${column((item) => item.entry.date)}::date[],
        ${column((item) => item.entry.label)}::text[], ${column((item) => item.entry.pieceRef)}::text[],
        ${column((item) => item.entry.pieceDate)}::date[], ${column((item) => item.meta.source.kind)}::text[],
        ${column((item) => item.meta.source.id)}::bigint[], ${column((item) => item.meta.reversesEntryId)}::bigint[])
      returning id::int as "id", journal_code as "journalCode", fiscal_year_start::text as "fiscalYearStart",
        number::int as "number"`,
  )
  return result.rows
}

type LineRow = ReturnType<typeof lineRowOf>

/**
 * The lines of many entries in one statement, a column per array (unnest): one parameter a column whatever their
 * number, where a multi-row VALUES takes eighteen a line and costs as much to build as to run.
 */
export function insertLinesStatement(organizationId: number, lines: readonly LineRow[]) {
  const column = <Key extends keyof LineRow>(key: Key) => sql.param(lines.map((line) => line[key]))
  // Joined to their entries, of one organisation: Citus runs the statement on that organisation's shard. From the
  // arrays alone it would copy the rows through the coordinator, which row-level security forbids (decision 0048).
  return sql`insert into ledger_lines (organization_id, entry_id, position, dated_at, account_code, account_label,
      auxiliary_code, auxiliary_label, label, debit, credit, vat_rate, vat_base, vat_kind, vat_nature, vat_due_on,
      vat_operation, settles_piece_ref)
    select e.organization_id, v.* from unnest(${column('entryId')}::bigint[],
      ${column('position')}::int[], ${column('datedAt')}::date[], ${column('accountCode')}::text[],
      ${column('accountLabel')}::text[], ${column('auxiliaryCode')}::text[], ${column('auxiliaryLabel')}::text[],
      ${column('label')}::text[], ${column('debit')}::numeric[], ${column('credit')}::numeric[],
      ${column('vatRate')}::text[], ${column('vatBase')}::numeric[], ${column('vatKind')}::text[],
      ${column('vatNature')}::text[], ${column('vatDueOn')}::text[], ${column('vatOperation')}::text[],
      ${column('settlesPieceRef')}::text[])
      as v(entry_id, position, dated_at, account_code, account_label, auxiliary_code, auxiliary_label, label, debit,
        credit, vat_rate, vat_base, vat_kind, vat_nature, vat_due_on, vat_operation, settles_piece_ref)
    join ledger_entries e on e.organization_id = ${organizationId} and e.id = v.entry_id`
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
