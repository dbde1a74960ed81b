import { and, asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Db } from '../src/db/client'
import { ledgerEntries, ledgerLines } from '../src/db/schema/index'
import { checkLedger } from '../src/features/books/ledger/check'

// Ledger fixtures shared by the server tests: the books as a bookkeeper reads them, and the proof.

/**
 * The organisation's books, or one journal's, entry by entry in posting order, as a bookkeeper reads them:
 * "VT 1 D 411 C42 1200.00", "BQ1 3 C 411 C42 1200.00 ⟷ F-2026-0001" (what the line settles), and with `year` the
 * fiscal year after the journal: "AN 2027 1 D 5121 1000.00".
 */
export async function ledgerRows(db: Db, organizationId: number, options: { journal?: string; year?: boolean } = {}) {
  const rows = await db
    .select({
      journal: ledgerEntries.journalCode,
      year: ledgerEntries.fiscalYearStart,
      number: ledgerEntries.number,
      account: ledgerLines.accountCode,
      auxiliary: ledgerLines.auxiliaryCode,
      debit: ledgerLines.debit,
      credit: ledgerLines.credit,
      settles: ledgerLines.settlesPieceRef,
    })
    .from(ledgerEntries)
    .innerJoin(
      ledgerLines,
      and(eq(ledgerLines.organizationId, ledgerEntries.organizationId), eq(ledgerLines.entryId, ledgerEntries.id)),
    )
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        options.journal ? eq(ledgerEntries.journalCode, options.journal) : undefined,
      ),
    )
    .orderBy(asc(ledgerEntries.id), asc(ledgerLines.position))
  return rows.map((row) => {
    const journal = options.year ? `${row.journal} ${row.year.slice(0, 4)}` : row.journal
    const side = row.debit === '0.00' ? `C ${row.account}` : `D ${row.account}`
    const auxiliary = row.auxiliary ? ` ${row.auxiliary}` : ''
    const settles = row.settles ? ` ⟷ ${row.settles}` : ''
    return `${journal} ${row.number} ${side}${auxiliary} ${row.debit === '0.00' ? row.credit : row.debit}${settles}`
  })
}

/** `npm run ledger`'s proof on one organisation: the books equal what the documents say, balanced, without a gap. */
export async function expectBooksProven(db: Db, organizationId: number) {
  const check = await checkLedger(db, organizationId)
  expect(check.differences).toEqual([])
  expect(check.faults).toEqual([])
  return check
}
