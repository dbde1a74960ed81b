import { LETTERED_ACCOUNTS } from '@app/domain'
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { ledgerEntries, ledgerLines, organizations } from '../../../db/schema/index'

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
     * The names the FEC writes the bank, cash and associate accounts under: a journal by its code (unique), an account
     * by its number (the first journal, by id, that holds it).
     */
    async bookNames(organizationId: number) {
      const result = await db.execute<{ code: string; accountCode: string; name: string }>(sql`
        select code, account_code as "accountCode", name from journals
        where organization_id = ${organizationId} order by id`)
      const journalNames = new Map<string, string>()
      const accountNames = new Map<string, string>()
      for (const row of result.rows) {
        journalNames.set(row.code, row.name)
        if (!accountNames.has(row.accountCode)) accountNames.set(row.accountCode, row.name)
      }
      return { journalNames, accountNames }
    },

    /**
     * The customer and supplier pieces settled within the fiscal year: a piece's own 411 / 401 line and the lines that
     * settle it (same auxiliary account) add up to nothing. The lettering date is the last of their dates. Within the
     * year only: a payment of a piece of an earlier year meets the customer's à-nouveaux (a balance, not the piece) and
     * stays unlettered in both files (decision 0024 "AN").
     */
    async letteredPieces(organizationId: number, fiscalYearStart: string) {
      const piece = sql<string>`coalesce(${ledgerLines.settlesPieceRef}, ${ledgerEntries.pieceRef})`
      // A year's customer and supplier lines, grouped by piece, outgrow the default 4 MB of sort memory and spill to
      // a file (a third of the query's time on 260,000 lines); 16 MB keeps them in memory, for this statement only.
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local work_mem = '16MB'`)
        return tx
          .select({
            // Never null: the lines without one are left out below.
            auxiliaryCode: sql<string>`${ledgerLines.auxiliaryCode}`,
            pieceRef: piece,
            letteredAt: sql<string>`max(${ledgerLines.datedAt})::text`,
          })
          .from(ledgerLines)
          .innerJoin(
            ledgerEntries,
            and(
              eq(ledgerEntries.organizationId, ledgerLines.organizationId),
              eq(ledgerEntries.id, ledgerLines.entryId),
            ),
          )
          .where(
            and(
              eq(ledgerLines.organizationId, organizationId),
              eq(ledgerEntries.fiscalYearStart, fiscalYearStart),
              inArray(ledgerLines.accountCode, [...LETTERED_ACCOUNTS]),
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
      })
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

    /** How many ledger lines are dated in [from, to]: one count on the lines' date index. */
    async linesDatedBetween(organizationId: number, from: string, to: string): Promise<number> {
      const result = await db.execute<{ n: string }>(sql`
        select count(*)::text as n from ledger_lines
        where organization_id = ${organizationId} and dated_at between ${from} and ${to}`)
      return Number(result.rows[0]?.n ?? 0)
    },
  }
}
