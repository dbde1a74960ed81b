import { and, asc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { ledgerEntries, ledgerLines, organizations } from '../../db/schema/index'

/**
 * A text field of the FEC as the domain's fecRow writes it (ledger/fec/format.ts): a tab, CR or LF would shift the
 * columns or cut the row, so each becomes a space, and the spaces around go. Written by the database: a year's file
 * is a million rows, and decoding fifteen columns a row was most of its time on the embedded engine.
 */
const fecText = (column: SQL) => sql`btrim(translate(coalesce(${column}, ''), E'\t\r\n', '   '))`

/** The accounts whose lines are lettered: customers and suppliers (decision 0024). */
const LETTERED_ACCOUNTS = ['411', '401']

export type FecCursor = { journalCode: string; number: number }
/**
 * A line of the FEC as the database writes it: its first 13 columns (JournalCode to Credit) already in the file's
 * notation, the key of the piece it may be lettered with, and its ValidDate; the journal and number are the cursor.
 */
export type FecPageLine = {
  journalCode: string
  number: number
  head: string
  letteringKey: string | null
  validDate: string
}

/** Where a page of the accounting CSV stopped: its order is date, journal, number, then entry and line. */
export type PeriodCursor = { datedAt: string; journalCode: string; number: number; entryId: number; position: number }

export function createExportRepo(db: DbOrTx) {
  return {
    async organization(organizationId: number) {
      const [row] = await db
        .select({
          name: organizations.name,
          siren: organizations.registrySiren,
          fiscalYearStartedAt: organizations.fiscalYearStartedAt,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      return row ?? null
    },

    /**
     * The customer and supplier pieces settled within the fiscal year: a piece's own 411 / 401 line and the lines that
     * settle it (same auxiliary account) add up to nothing. The lettering date is the last of their dates. Within the
     * year only: a payment of a piece of an earlier year meets the customer's à-nouveaux (a balance, not the piece) and
     * stays unlettered in both files (decision 0024 "AN").
     */
    async letteredPieces(organizationId: number, fiscalYearStart: string) {
      const piece = sql<string>`coalesce(${ledgerLines.settlesPieceRef}, ${ledgerEntries.pieceRef})`
      return db
        .select({
          auxiliaryCode: ledgerLines.auxiliaryCode,
          pieceRef: piece,
          letteredAt: sql<string>`max(${ledgerLines.datedAt})::text`,
        })
        .from(ledgerLines)
        .innerJoin(
          ledgerEntries,
          and(eq(ledgerEntries.organizationId, ledgerLines.organizationId), eq(ledgerEntries.id, ledgerLines.entryId)),
        )
        .where(
          and(
            eq(ledgerLines.organizationId, organizationId),
            eq(ledgerEntries.fiscalYearStart, fiscalYearStart),
            inArray(ledgerLines.accountCode, LETTERED_ACCOUNTS),
            isNotNull(ledgerLines.auxiliaryCode),
          ),
        )
        .groupBy(ledgerLines.auxiliaryCode, piece)
        .having(
          and(
            sql`sum(${ledgerLines.debit} - ${ledgerLines.credit}) = 0`,
            sql`bool_or(${ledgerLines.settlesPieceRef} is not null)`,
            sql`bool_or(${ledgerLines.settlesPieceRef} is null)`,
          ),
        )
        .orderBy(sql`max(${ledgerLines.datedAt})`, ledgerLines.auxiliaryCode, piece)
    },

    /**
     * The lines of a page of the fiscal year's entries in the FEC's order (journal, number, line), after `cursor`: the
     * entries are a range of the numbering's unique index, their lines a range of the lines' primary key, so each page
     * costs the same whatever the year holds. AN sorts before every other journal code (BQ, CAI, CC, ES, EX, HA, OD,
     * VT), so the à-nouveaux open the file as the FEC wants.
     */
    async fecPage(organizationId: number, fiscalYearStart: string, cursor: FecCursor | null, entries: number) {
      const after = cursor ? sql`and (journal_code, number) > (${cursor.journalCode}, ${cursor.number})` : sql``
      const result = await db.execute<FecPageLine>(sql`
        select e.journal_code as "journalCode", e.number,
               concat_ws(E'\t', ${fecText(sql`e.journal_code`)}, ${fecText(sql`coalesce(jn.name, e.journal_label)`)},
                 e.number, to_char(e.dated_at, 'YYYYMMDD'), ${fecText(sql`l.account_code`)},
                 ${fecText(sql`coalesce(an.name, l.account_label)`)}, ${fecText(sql`l.auxiliary_code`)},
                 ${fecText(sql`l.auxiliary_label`)}, ${fecText(sql`e.piece_ref`)}, to_char(e.piece_date, 'YYYYMMDD'),
                 ${fecText(sql`l.label`)}, replace(l.debit::text, '.', ','), replace(l.credit::text, '.', ',')) as head,
               case when l.account_code in ('411', '401') and l.auxiliary_code is not null
                 then l.auxiliary_code || ' ' || coalesce(l.settles_piece_ref, e.piece_ref) end as "letteringKey",
               to_char(e.posted_on, 'YYYYMMDD') as "validDate"
        from (select * from ledger_entries
              where organization_id = ${organizationId} and fiscal_year_start = ${fiscalYearStart} ${after}
              order by journal_code, number limit ${entries}) e
        -- Lateral: each entry's lines by the primary key. A plain join let the planner hash the whole ledger for
        -- every page (a sequential scan of a million lines, 167 times for a year).
        cross join lateral (select * from ledger_lines
              where organization_id = e.organization_id and entry_id = e.id order by position) l
        -- A bank, cash or associate account is written under the name it has today on every line (it re-posts none
        -- of its lines when renamed: ledger/posting.ts bookKey).
        -- A few rows, joined by hash: a lookup per line was two million subqueries for a year.
        left join (select code, name from journals where organization_id = ${organizationId}) jn
          on jn.code = e.journal_code
        left join (select distinct on (account_code) account_code, name from journals
              where organization_id = ${organizationId} order by account_code, id) an
          on an.account_code = l.account_code
        order by e.journal_code, e.number, l.position`)
      return result.rows.map((row) => ({ ...row, number: Number(row.number) }))
    },

    /**
     * A page of the lines of the entries dated within [from, to], by date, journal, number and line, after `cursor`.
     * The entry's id breaks the tie of two fiscal years numbering the same journal on one day (a changed year start).
     */
    async periodLines(organizationId: number, from: string, to: string, cursor: PeriodCursor | null, limit: number) {
      const after = cursor
        ? sql`(${ledgerEntries.datedAt}, ${ledgerEntries.journalCode}, ${ledgerEntries.number}, ${ledgerEntries.id}, ${ledgerLines.position})
            > (${cursor.datedAt}::date, ${cursor.journalCode}, ${cursor.number}, ${cursor.entryId}, ${cursor.position})`
        : undefined
      return db
        .select({
          entryId: ledgerEntries.id,
          journalCode: ledgerEntries.journalCode,
          journalLabel: ledgerEntries.journalLabel,
          number: ledgerEntries.number,
          datedAt: ledgerEntries.datedAt,
          pieceRef: ledgerEntries.pieceRef,
          pieceDate: ledgerEntries.pieceDate,
          position: ledgerLines.position,
          accountCode: ledgerLines.accountCode,
          accountLabel: ledgerLines.accountLabel,
          auxiliaryCode: ledgerLines.auxiliaryCode,
          auxiliaryLabel: ledgerLines.auxiliaryLabel,
          label: ledgerLines.label,
          debit: ledgerLines.debit,
          credit: ledgerLines.credit,
        })
        .from(ledgerEntries)
        .innerJoin(
          ledgerLines,
          and(eq(ledgerLines.organizationId, ledgerEntries.organizationId), eq(ledgerLines.entryId, ledgerEntries.id)),
        )
        .where(
          and(
            eq(ledgerEntries.organizationId, organizationId),
            gte(ledgerEntries.datedAt, from),
            lte(ledgerEntries.datedAt, to),
            after,
          ),
        )
        .orderBy(
          asc(ledgerEntries.datedAt),
          asc(ledgerEntries.journalCode),
          asc(ledgerEntries.number),
          asc(ledgerEntries.id),
          asc(ledgerLines.position),
        )
        .limit(limit)
    },
  }
}
