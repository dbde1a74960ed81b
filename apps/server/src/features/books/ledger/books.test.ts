import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, useTestContext } from '../../../../test/helpers'
import { expectBooksProven } from '../../../../test/ledger'
import { bankAccount, importQif } from '../../../../test/money'
import { vatPayer } from '../../../../test/sales'
import { createBooks } from './books'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

const rows = <Row>(result: { rows: Row[] } | Row[]) => ('rows' in result ? result.rows : result)

async function aLine(client: Client) {
  const journalId = await bankAccount(client)
  const imported = await importQif(ctx.app, client, journalId, '!Type:Bank\nD11/03/2026\nT-42.50\nPCB LIBRAIRIE\n^')
  expect(imported.statusCode, imported.body).toBe(200)
  const [line] = rows(
    await ctx.database.db.execute<{ id: number; name: string }>(
      sql`select id::int as id, name from transactions where journal_id = ${journalId} order by id desc limit 1`,
    ),
  )
  return { journalId, ...(line as { id: number; name: string }) }
}

describe('the check at commit (decision 0045)', () => {
  it('refuses a transaction that changed a bank line and did not post it; the same change posted commits', async () => {
    const owner = await vatPayer(ctx.app)
    const organizationId = owner.organization.id
    const line = await aLine(owner.client as Client)
    const rename = (tx: Parameters<Parameters<typeof ctx.database.db.transaction>[0]>[0], name: string) =>
      tx.execute(
        sql`update transactions set name = ${name} where organization_id = ${organizationId} and id = ${line.id}`,
      )

    await expect(ctx.database.db.transaction((tx) => rename(tx, 'CB LIBRAIRIE OUBLIÉE'))).rejects.toThrow()
    // Nothing of it was kept.
    const [kept] = rows(
      await ctx.database.db.execute<{ name: string }>(sql`select name from transactions where id = ${line.id}`),
    )
    expect(kept?.name).toBe(line.name)

    const books = createBooks()
    await ctx.database.db.transaction(async (tx) => {
      await rename(tx, 'CB LIBRAIRIE DU PORT')
      await books.post(tx, { organizationId, transactions: [line.id] })
    })
    const [entry] = rows(
      await ctx.database.db.execute<{ label: string }>(
        sql`select label from ledger_entries e where organization_id = ${organizationId} and source_kind = 'transaction'
            and source_id = ${line.id} and reverses_entry_id is null
            and not exists (select 1 from ledger_entries r
              where r.organization_id = ${organizationId} and r.reverses_entry_id = e.id) limit 1`,
      ),
    )
    expect(entry?.label).toContain('CB LIBRAIRIE DU PORT')
    await expectBooksProven(ctx.database.db, organizationId)
  })

  it('lets a write that changes nothing the books read commit without posting', async () => {
    const owner = await vatPayer(ctx.app)
    const organizationId = owner.organization.id
    const line = await aLine(owner.client as Client)
    await ctx.database.db.execute(
      sql`update transactions set is_checked = true where organization_id = ${organizationId} and id = ${line.id}`,
    )
    await expectBooksProven(ctx.database.db, organizationId)
  })
})

describe('a service posting', () => {
  it("reads its own organisation only: another's sources released by the backfill wait for the backfill's own post", async () => {
    const first = await vatPayer(ctx.app)
    const second = await vatPayer(ctx.app)
    const line = await aLine(first.client as Client)
    const other = await aLine(second.client as Client)
    const books = createBooks()
    const released = () =>
      ctx.database.db.execute(sql`select 1 from ledger_pending where organization_id = ${second.organization.id}`)
    await ctx.database.db.transaction(async (tx) => {
      // As releaseDeferred does within the backfill's transaction.
      await tx.execute(sql`insert into ledger_pending (organization_id, source_kind, source_id, deferred)
        values (${second.organization.id}, 'transaction', ${other.id}, false)`)
      await books.post(tx, { organizationId: first.organization.id, transactions: [line.id] })
      expect(
        rows(
          await tx.execute(sql`select 1 from ledger_pending where organization_id = ${second.organization.id}
        and not deferred`),
        ),
      ).toHaveLength(1)
      await books.post(tx)
    })
    expect(rows(await released())).toHaveLength(0)
    await expectBooksProven(ctx.database.db, first.organization.id)
    await expectBooksProven(ctx.database.db, second.organization.id)
  })
})
