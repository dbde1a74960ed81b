import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { journals, ledgerEntries, ledgerLines, organizations } from '../../db/schema/index'

/** The accounts whose lines are lettered: customers and suppliers (decision 0024). */
const LETTERED_ACCOUNTS = ['411', '401']

export type FecCursor = { journalCode: string; number: number }
export type FecPageLine = {
  journalCode: string
  journalLabel: string
  number: number
  datedAt: string
  pieceRef: string
  pieceDate: string
  postedOn: string
  accountCode: string
  accountLabel: string
  auxiliaryCode: string | null
  auxiliaryLabel: string | null
  label: string
  debit: string
  credit: string
  settlesPieceRef: string | null
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
     * The names the organisation gives its bank, cash and associate accounts today, by journal code and by ledger
     * account: a renamed account re-posts none of its lines (ledger/posting.ts bookKey), so the FEC writes every line
     * of it under its present name. Read from the journals, not from a year of ledger lines: the FEC stays one pass.
     */
    async fecNames(organizationId: number) {
      const rows = await db
        .select({ code: journals.code, accountCode: journals.accountCode, name: journals.name })
        .from(journals)
        .where(eq(journals.organizationId, organizationId))
      return {
        journal: new Map(rows.map((row) => [row.code, row.name])),
        account: new Map(rows.map((row) => [row.accountCode, row.name])),
      }
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
        select e.journal_code as "journalCode", e.journal_label as "journalLabel", e.number, e.dated_at::text as "datedAt",
               e.piece_ref as "pieceRef", e.piece_date::text as "pieceDate", e.posted_on::text as "postedOn",
               l.account_code as "accountCode", l.account_label as "accountLabel", l.auxiliary_code as "auxiliaryCode",
               l.auxiliary_label as "auxiliaryLabel", l.label, l.debit::text as debit, l.credit::text as credit,
               l.settles_piece_ref as "settlesPieceRef"
        from (select * from ledger_entries
              where organization_id = ${organizationId} and fiscal_year_start = ${fiscalYearStart} ${after}
              order by journal_code, number limit ${entries}) e
        join ledger_lines l on l.organization_id = e.organization_id and l.entry_id = e.id
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
