import { type PostingEntry, reverseEntry } from '@app/domain'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, useTestContext } from '../../../../test/helpers'
import { expectBooksProven } from '../../../../test/ledger'
import { bankAccount, PHONE, TRAVEL, transaction } from '../../../../test/money'
import { vatPayer } from '../../../../test/sales'
import { createBooks } from './books'
import { bookKey } from './fingerprint'
import { createLedgerRepo } from './repo'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

const rows = <Row>(result: { rows: Row[] } | Row[]) => ('rows' in result ? result.rows : result)

const categorize = async (client: Client, id: number, accountingEntryId: number) => {
  const response = await client.post('/transactions/bulk', { action: 'categorize', ids: [id], accountingEntryId })
  expect(response.statusCode, response.body).toBe(200)
}

const activeEntryOf = async (organizationId: number, id: number) => {
  const [entry] =
    (await createLedgerRepo(ctx.database.db).activeEntries(organizationId, 'transaction', [id])).get(id) ?? []
  if (!entry) throw new Error(`transaction ${id} has no entry`)
  return entry
}

/** The reversal of an entry as stored, read as the domain's entry. */
async function reversalOf(organizationId: number, entryId: number): Promise<PostingEntry & { number: number }> {
  const [entry] = rows(
    await ctx.database.db.execute<{ id: string; number: number } & Omit<PostingEntry, 'lines'>>(sql`select id::text,
        number, journal_code as "journalCode", journal_label as "journalLabel", dated_at::text as date, label,
        piece_ref as "pieceRef", piece_date::text as "pieceDate"
      from ledger_entries where organization_id = ${organizationId} and reverses_entry_id = ${entryId}`),
  )
  if (!entry) throw new Error(`entry ${entryId} is not reversed`)
  const lines = rows(
    await ctx.database.db.execute<Record<string, string | null>>(sql`select account_code, account_label,
        auxiliary_code, auxiliary_label, label, debit::text, credit::text, vat_rate, vat_base::text, vat_kind,
        vat_nature, vat_due_on, vat_operation, settles_piece_ref
      from ledger_lines where organization_id = ${organizationId} and entry_id = ${entry.id} order by position`),
  )
  const { id: _id, ...head } = entry
  return {
    ...head,
    lines: lines.map((line) => ({
      accountCode: line.account_code as string,
      accountLabel: line.account_label as string,
      auxiliary: line.auxiliary_code ? { code: line.auxiliary_code, label: line.auxiliary_label ?? '' } : null,
      label: line.label as string,
      debit: line.debit as string,
      credit: line.credit as string,
      vat: line.vat_kind
        ? ({
            ratePercent: line.vat_rate,
            base: line.vat_base,
            kind: line.vat_kind,
            nature: line.vat_nature,
            dueOn: line.vat_due_on,
            ...(line.vat_operation ? { operation: line.vat_operation } : {}),
          } as never)
        : null,
      settles: line.settles_piece_ref ? { pieceRef: line.settles_piece_ref } : null,
    })),
  }
}

describe('a correction of the books', () => {
  it('reverses the entry it replaces as the domain says (lines, VAT base, label) and numbers it next', async () => {
    const owner = await vatPayer(ctx.app)
    const organizationId = owner.organization.id
    const client = owner.client as Client
    const bank = await bankAccount(client)
    const line = await transaction(client, bank, 'Forfait mobile', '-60', '2026-11-12')
    await categorize(client, line, PHONE)
    const phone = await activeEntryOf(organizationId, line)
    expect(phone.lines.some((part) => part.vat !== null)).toBe(true)

    await categorize(client, line, TRAVEL)
    const reversal = await reversalOf(organizationId, phone.id)
    const { number, ...stored } = reversal
    expect(bookKey(stored)).toBe(bookKey(reverseEntry(phone, phone.date, `Annulation – ${phone.label}`)))
    const travel = await activeEntryOf(organizationId, line)
    // The reversal, then the new entry: the numbers, and the rows, in posting order.
    expect([number, travel.number]).toEqual([phone.number + 1, phone.number + 2])
    const [reversalRow] = rows(
      await ctx.database.db.execute<{ id: number }>(
        sql`select id::int as id from ledger_entries where reverses_entry_id = ${phone.id}`,
      ),
    )
    expect(travel.id).toBeGreaterThan(reversalRow?.id ?? Number.POSITIVE_INFINITY)
    expect(travel.lines.find((part) => part.vat)?.vat?.ratePercent).toBe('10')
    await expectBooksProven(ctx.database.db, organizationId)
  })

  it('compares the entries posted before the digests line by line: unchanged, they post nothing', async () => {
    const owner = await vatPayer(ctx.app)
    const organizationId = owner.organization.id
    const client = owner.client as Client
    const bank = await bankAccount(client)
    const kept = await transaction(client, bank, 'Forfait mobile', '-60', '2026-11-12')
    const changed = await transaction(client, bank, 'Train Paris Lyon', '-80', '2026-11-13')
    await ctx.database.db.execute(
      sql`update ledger_entries set book_key = null where organization_id = ${organizationId}`,
    )
    const count = async () =>
      rows(
        await ctx.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from ledger_entries where organization_id = ${organizationId}`,
        ),
      )[0]?.n
    const before = await count()

    const books = createBooks()
    await ctx.database.db.transaction((tx) => books.post(tx, { organizationId, transactions: [kept, changed] }))
    expect(await count()).toBe(before)

    // The one that changes is reversed and posted again, with a digest this time.
    await categorize(client, changed, TRAVEL)
    expect(await count()).toBe((before ?? 0) + 2)
    const digests = rows(
      await ctx.database.db.execute<{ source: number; key: string | null }>(sql`select source_id::int as source,
          book_key as key from ledger_entries
        where organization_id = ${organizationId} and reverses_entry_id is null
          and not exists (select 1 from ledger_entries r where r.organization_id = ${organizationId}
            and r.reverses_entry_id = ledger_entries.id)`),
    )
    expect(digests.find((row) => row.source === kept)?.key).toBeNull()
    expect(digests.find((row) => row.source === changed)?.key).toMatch(/^[\w-]{43}$/)
    await expectBooksProven(ctx.database.db, organizationId)
  })
})
