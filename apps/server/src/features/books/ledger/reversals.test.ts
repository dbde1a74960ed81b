import { type PostingEntry, reverseEntry } from '@app/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, useTestContext } from '../../../../test/helpers'
import { expectBooksProven, ledgerRows } from '../../../../test/ledger'
import { bankAccount, PHONE, TRAVEL, transaction } from '../../../../test/money'
import { vatPayer } from '../../../../test/sales'
import { ledgerEntries, ledgerLines } from '../../../db/schema/index'
import { reversalLabel } from './posting'
import { lineOf } from './repo'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

async function bankLine() {
  const owner = await vatPayer(ctx.app)
  const client = owner.client as Client
  const id = await transaction(client, await bankAccount(client), 'Orange', '-60')
  const categorize = async (accountingEntryId: number) => {
    const response = await client.patch(`/transactions/${id}`, {
      allocations: [{ name: 'Orange', amount: '-60', accountingEntryId }],
    })
    expect(response.statusCode, response.body).toBe(200)
  }
  return { client, organizationId: owner.organization.id, id, categorize }
}

/** Every entry a bank line has in the books, reversals included, as the domain writes an entry, in the order posted. */
async function entriesOf(organizationId: number, transactionId: number) {
  const { db } = ctx.database
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.sourceKind, 'transaction'),
        eq(ledgerEntries.sourceId, transactionId),
      ),
    )
    .orderBy(asc(ledgerEntries.id))
  const lines = await db
    .select()
    .from(ledgerLines)
    .where(eq(ledgerLines.organizationId, organizationId))
    .orderBy(asc(ledgerLines.entryId), asc(ledgerLines.position))
  return entries.map((row) => ({
    id: row.id,
    reversesEntryId: row.reversesEntryId,
    entry: {
      journalCode: row.journalCode,
      journalLabel: row.journalLabel,
      date: row.datedAt,
      label: row.label,
      pieceRef: row.pieceRef,
      pieceDate: row.pieceDate,
      lines: lines.filter((line) => line.entryId === row.id).map(lineOf),
    } satisfies PostingEntry,
  }))
}

describe('the reversal of an entry', () => {
  it('is what the domain’s reverseEntry makes of the entry it cancels, copied by the database line for line', async () => {
    const { organizationId, id, categorize } = await bankLine()
    // Categorised at 20 % (a VAT line with its base), then at 10 %: the first split's entry is reversed.
    await categorize(PHONE)
    await categorize(TRAVEL)
    const entries = await entriesOf(organizationId, id)
    expect(entries.map((row) => row.entry.lines.length)).toEqual([2, 2, 3, 3, 3])
    const cancelled = entries[2]
    const reversal = entries.find((row) => row.reversesEntryId === cancelled?.id)
    expect(reversal).toBeDefined()
    const { entry } = cancelled as (typeof entries)[number]
    expect(reversal?.entry).toEqual(reverseEntry(entry, entry.date, reversalLabel(entry)))
    // The VAT base is negated, debit and credit swapped, every label the reversal's.
    const vat = reversal?.entry.lines.find((line) => line.vat)
    expect(vat).toMatchObject({ accountCode: '626', debit: '0.00', credit: '50.00', label: 'Annulation – Orange' })
    expect(vat?.vat?.base).toBe('-50.00')
    await expectBooksProven(ctx.database.db, organizationId)
  })

  it('numbers a posting’s reversals and new entries in the order written, the ids following the numbers', async () => {
    const { organizationId, id, categorize } = await bankLine()
    await categorize(PHONE)
    const rows = await ctx.database.db.execute<{ number: number; reverses: string | null }>(
      sql`select number, reverses_entry_id::text as reverses from ledger_entries
        where organization_id = ${organizationId} and source_id = ${id} order by id`,
    )
    expect(('rows' in rows ? rows.rows : rows).map((row) => [row.number, row.reverses !== null])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ])
  })
})

describe('the entries posted before their digest was kept (migration 0043)', () => {
  it('are compared by their lines: unchanged, nothing is posted; changed, they are reversed as the others', async () => {
    const { client, organizationId, id, categorize } = await bankLine()
    await categorize(PHONE)
    await ctx.database.db.execute(
      sql`update ledger_entries set book_key = null where organization_id = ${organizationId}`,
    )
    const before = await ledgerRows(ctx.database.db, organizationId)
    // The same split saved again: what the lines say is what the documents say.
    expect((await client.patch(`/transactions/${id}`, { name: 'Orange' })).statusCode).toBe(200)
    expect(await ledgerRows(ctx.database.db, organizationId)).toEqual(before)
    await categorize(TRAVEL)
    expect((await ledgerRows(ctx.database.db, organizationId)).slice(before.length)).toEqual([
      'BQ1 4 D 5121 60.00',
      'BQ1 4 C 626 50.00',
      'BQ1 4 C 44566 10.00',
      'BQ1 5 C 5121 60.00',
      'BQ1 5 D 6251 54.55',
      'BQ1 5 D 44566 5.45',
    ])
    await expectBooksProven(ctx.database.db, organizationId)
  })
})
