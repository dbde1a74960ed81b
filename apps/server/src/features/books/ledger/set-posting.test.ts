import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { expectBooksProven, ledgerRows } from '../../../../test/ledger'
import { bankAccount, importQif } from '../../../../test/money'
import { vatPayer } from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

/** A QIF statement of `count` card payments, the n-th named `name(n)`, on November days. */
const statement = (count: number, name: (n: number) => string) =>
  [
    '!Type:Bank',
    ...Array.from({ length: count }, (_, n) => [
      `D11/${String((n % 20) + 1).padStart(2, '0')}/2026`,
      `T-${n + 1}.50`,
      `P${name(n)}`,
      '^',
    ]).flat(),
  ].join('\n')

async function importLines(client: Client, count: number, name: (n: number) => string) {
  const journalId = await bankAccount(client)
  const imported = await importQif(ctx.app, client, journalId, statement(count, name))
  expect(imported.statusCode, imported.body).toBe(200)
  expect(json(imported).data.imported).toBe(count)
}

describe('posting a set of sources at once', () => {
  it('books every line of an import, numbered in its journal without a gap, as the documents say', async () => {
    const owner = await vatPayer(ctx.app)
    const organizationId = owner.organization.id
    await importLines(owner.client as Client, 120, (n) => `CB MAGASIN ${n}`)
    const rows = await ctx.database.db.execute<{ numbers: number; last: number }>(
      sql`select count(distinct number)::int as numbers, max(number)::int as last from ledger_entries
          where organization_id = ${organizationId} and source_kind = 'transaction'`,
    )
    const { numbers, last } = ('rows' in rows ? rows.rows : rows)[0] as { numbers: number; last: number }
    expect([numbers, last]).toEqual([120, 120])
    expect(await ledgerRows(ctx.database.db, organizationId)).toHaveLength(240)
    await expectBooksProven(ctx.database.db, organizationId)
  })

  it('sets aside the one line the posting cannot book and books the others', async () => {
    const owner = await vatPayer(ctx.app)
    const organizationId = owner.organization.id
    // A fault of the posting, never the user's: the database refuses one line's entry.
    await ctx.database.db.execute(
      sql`alter table ledger_entries add constraint test_refuses_poison check (label not ilike '%poison%')`,
    )
    try {
      await importLines(owner.client as Client, 5, (n) => (n === 2 ? 'CB POISON' : `CB MAGASIN ${n}`))
    } finally {
      await ctx.database.db.execute(sql`alter table ledger_entries drop constraint test_refuses_poison`)
    }
    const entries = await ctx.database.db.execute<{ count: number; last: number }>(
      sql`select count(*)::int as count, max(number)::int as last from ledger_entries
          where organization_id = ${organizationId}`,
    )
    // Four entries numbered 1 to 4: the refused one took no number.
    expect(('rows' in entries ? entries.rows : entries)[0]).toEqual({ count: 4, last: 4 })
    const pending = await ctx.database.db.execute<{ kind: string; deferred: boolean }>(
      sql`select source_kind as kind, deferred from ledger_pending where organization_id = ${organizationId}`,
    )
    expect(('rows' in pending ? pending.rows : pending).map((row) => row.kind)).toEqual(['transaction'])
  })
})
