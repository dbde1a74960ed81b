import { checkFec } from '@app/domain'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { expectBooksProven as expectBooksProvenIn, ledgerRows } from '../../../../test/ledger'
import { bankAccount, PHONE, transaction } from '../../../../test/money'
import { createValidatedInvoice, frenchSeller, line } from '../../../../test/sales'
import { backfillLedger } from '../../../backfill'
import { checkLedger, repairLedger } from './check'
import { readOpenings } from './openings'
import { createLedgerRepo } from './repo'

const ctx = useTestContext({ now: () => new Date('2027-02-01T10:00:00Z') })

const journal = (organizationId: number, code: string) =>
  ledgerRows(ctx.database.db, organizationId, { journal: code, year: true })

const expectBooksProven = (organizationId: number) => expectBooksProvenIn(ctx.database.db, organizationId)

/** The FEC of a year, read back by the independent checker, as rows of fields. */
async function fec(client: Client, year: number) {
  const response = await client.get(`/exports/fec?year=${year}`)
  expect(response.statusCode, response.body).toBe(200)
  const check = checkFec(response.body)
  expect(check.errors).toEqual([])
  const rows = response.body
    .split('\r\n')
    .slice(1, -1)
    .map((row) => row.split('\t'))
  return { check, rows }
}

async function categorised(client: Client, journalId: number, name: string, amount: string, datedAt: string) {
  const id = await transaction(client, journalId, name, amount, datedAt)
  const response = await client.patch(`/transactions/${id}`, {
    allocations: [{ name, amount, accountingEntryId: PHONE }],
  })
  expect(response.statusCode, response.body).toBe(200)
  return id
}

/** The active opening of a year (source ('opening', year)) as posted. */
async function postedOpening(organizationId: number, year: number) {
  const [entry] =
    (await createLedgerRepo(ctx.database.db).activeEntries(organizationId, 'opening', [year])).get(year) ?? []
  if (!entry) throw new Error(`no opening in ${year}`)
  return entry
}

/**
 * Every opening posted as one reading of the whole year before it makes it, account and auxiliary labels included
 * (the proof compares the rest): what the openings carried forward must be the same.
 */
async function expectOpeningsAsTheYearsSay(organizationId: number) {
  const { openings, years } = await readOpenings(ctx.database.db, organizationId)
  const posted = await createLedgerRepo(ctx.database.db).activeEntries(
    organizationId,
    'opening',
    years.map(openings.sourceIdOf),
  )
  for (const [index, year] of years.entries()) {
    const entries = (posted.get(openings.sourceIdOf(year)) ?? []).map(
      ({ id: _id, fiscalYearStart: _year, number: _number, ...entry }) => ({
        ...entry,
        // The ledger reads back a line that settles nothing as null; the domain leaves the key out.
        lines: entry.lines.map(({ settles, ...line }) => (settles ? { ...line, settles } : line)),
      }),
    )
    expect(entries, year).toEqual(await openings.expected(years, index))
  }
}

/**
 * Two years of books: a bank account that started with 1,000 €, 1,000 € of services at 20 % invoiced on 10 December
 * 2026 and a phone bill of 60 € on the 15th, then on 15 January 2027 the transfer that pays the invoice.
 */
async function twoYears() {
  const owner = await frenchSeller(ctx.app)
  const client = owner.client as Client
  const bank = await bankAccount(client)
  const invoice = await createValidatedInvoice(client, { datedAt: '2026-12-10', lines: [line({ amount: '1000' })] })
  await categorised(client, bank, 'Orange', '-60', '2026-12-15')
  // Given once 2026 has entries, so that the starting value lands in 2026 whatever the day the tests run.
  expect((await client.patch(`/journals/${bank}`, { startingValue: '1000' })).statusCode).toBe(200)
  const transfer = await transaction(client, bank, 'VIR ATELIER', '1200', '2027-01-15')
  const attached = await client.post(`/transactions/${transfer}/invoices`, { invoiceId: invoice.id })
  expect(attached.statusCode, attached.body).toBe(200)
  return { client, organizationId: owner.organization.id as number, bank, invoice, transfer }
}

describe('the openings (journal AN)', () => {
  it('post a bank account’s starting value in the first year, D 5121 / C 471, and post it again when it changes', async () => {
    const owner = await frenchSeller(ctx.app)
    const client = owner.client as Client
    const organizationId = owner.organization.id as number
    const bank = await bankAccount(client)
    await transaction(client, bank, 'Retrait', '-40', '2026-11-20')
    expect(await journal(organizationId, 'AN')).toEqual([])

    expect((await client.patch(`/journals/${bank}`, { startingValue: '1000' })).statusCode).toBe(200)
    expect(await journal(organizationId, 'AN')).toEqual(['AN 2026 1 D 5121 1000.00', 'AN 2026 1 C 471000 1000.00'])
    // The bank's balance in the books is now the one the account shows.
    const balance = await ctx.database.db.execute<{ balance: string }>(sql`select sum(debit - credit)::text as balance
      from ledger_lines where organization_id = ${organizationId} and account_code = '5121'`)
    expect(balance.rows[0]?.balance).toBe(json(await client.get(`/journals/${bank}`)).data.balance)

    expect((await client.patch(`/journals/${bank}`, { startingValue: '1200.50' })).statusCode).toBe(200)
    expect((await journal(organizationId, 'AN')).slice(2)).toEqual([
      'AN 2026 2 C 5121 1000.00',
      'AN 2026 2 D 471000 1000.00',
      'AN 2026 3 D 5121 1200.50',
      'AN 2026 3 C 471000 1200.50',
    ])
    await expectBooksProven(organizationId)
    // Renamed, the starting value's line names the account anew (one entry; the lines the account held post nothing:
    // a name is not what the books say); a new IBAN posts nothing.
    expect((await client.patch(`/journals/${bank}`, { name: 'Compte courant' })).statusCode).toBe(200)
    expect((await client.patch(`/journals/${bank}`, { iban: 'FR7630006000011234567890189' })).statusCode).toBe(200)
    expect((await journal(organizationId, 'AN')).slice(6)).toEqual([
      'AN 2026 4 C 5121 1200.50',
      'AN 2026 4 D 471000 1200.50',
      'AN 2026 5 D 5121 1200.50',
      'AN 2026 5 C 471000 1200.50',
    ])
    await expectBooksProven(organizationId)

    // The FEC of the year opens with them.
    const { rows } = await fec(client, 2026)
    expect(rows[0]?.slice(0, 12)).toEqual([
      'AN',
      'À-nouveaux',
      '1',
      '20260101',
      '5121',
      // The account under its latest name, on every line of the file; the line's own label as it was posted.
      'Compte courant',
      '',
      '',
      'AN-2026',
      '20260101',
      'Solde de départ – Compte pro',
      '1000,00',
    ])
    expect(rows.findIndex((row) => row[0] !== 'AN')).toBe(10)
  })

  it('open 2027 on 2026’s balances: the unpaid customer, pending VAT, the bank and the profit; the FEC checks', async () => {
    const { client, organizationId, invoice, transfer } = await twoYears()
    const customer = `C${invoice.contactId}`
    expect((await journal(organizationId, 'AN')).filter((row) => row.startsWith('AN 2027'))).toEqual([
      `AN 2027 1 D 411 ${customer} 1200.00`,
      'AN 2027 1 D 44566 10.00',
      'AN 2027 1 C 44574 200.00',
      'AN 2027 1 C 471000 1000.00',
      'AN 2027 1 D 5121 940.00',
      'AN 2027 1 C 120 950.00',
    ])
    await expectBooksProven(organizationId)

    const { check, rows } = await fec(client, 2027)
    expect(
      rows.slice(0, 6).map((row) => [row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[11], row[12]]),
    ).toEqual([
      ['AN', 'À-nouveaux', '1', '20270101', '411', 'Clients', customer, '1200,00', '0,00'],
      ['AN', 'À-nouveaux', '1', '20270101', '44566', 'TVA sur autres biens et services', '', '10,00', '0,00'],
      [
        'AN',
        'À-nouveaux',
        '1',
        '20270101',
        '44574',
        'TVA collectée sur encaissements en attente',
        '',
        '0,00',
        '200,00',
      ],
      ['AN', 'À-nouveaux', '1', '20270101', '471000', "Compte d'attente", '', '0,00', '1000,00'],
      ['AN', 'À-nouveaux', '1', '20270101', '5121', 'Compte pro', '', '940,00', '0,00'],
      ['AN', 'À-nouveaux', '1', '20270101', '120', "Résultat de l'exercice (bénéfice)", '', '0,00', '950,00'],
    ])
    // Paid in January, the customer is settled and the VAT due; the bank holds what it holds.
    expect(check.balancesByAccount).toMatchObject({
      '411': '0.00',
      '44574': '0.00',
      '44571': '-200.00',
      '5121': '2140.00',
      '120': '-950.00',
    })
    // Lettering stays within a fiscal year: the 2027 payment of a 2026 invoice is lettered in neither file (the
    // à-nouveaux carry the customer's balance, not his pieces).
    const payment = rows.find((row) => row[4] === '411' && row[8] === `T${transfer}`)
    expect(payment?.slice(13, 15)).toEqual(['', ''])
    const sale = (await fec(client, 2026)).rows.find((row) => row[4] === '411')
    expect(sale?.slice(8, 15)).toEqual([invoice.reference, '20261210', expect.any(String), '1200,00', '0,00', '', ''])
  })

  it('post 2027’s à-nouveaux again when a 2026 bank line comes in late, and the proof then finds nothing', async () => {
    const { client, organizationId, bank } = await twoYears()
    await transaction(client, bank, 'Retrait', '-40', '2026-12-30')
    expect((await journal(organizationId, 'AN')).filter((row) => row.startsWith('AN 2027'))).toEqual([
      expect.stringMatching(/^AN 2027 1 D 411 /),
      'AN 2027 1 D 44566 10.00',
      'AN 2027 1 C 44574 200.00',
      'AN 2027 1 C 471000 1000.00',
      'AN 2027 1 D 5121 940.00',
      'AN 2027 1 C 120 950.00',
      // The reversal, then the year as it now closed: 40 € less in the bank, 40 € more to explain on 471.
      expect.stringMatching(/^AN 2027 2 C 411 /),
      'AN 2027 2 C 44566 10.00',
      'AN 2027 2 D 44574 200.00',
      'AN 2027 2 D 471000 1000.00',
      'AN 2027 2 C 5121 940.00',
      'AN 2027 2 D 120 950.00',
      expect.stringMatching(/^AN 2027 3 D 411 /),
      'AN 2027 3 D 44566 10.00',
      'AN 2027 3 C 44574 200.00',
      'AN 2027 3 C 471000 960.00',
      'AN 2027 3 D 5121 900.00',
      'AN 2027 3 C 120 950.00',
    ])
    await expectBooksProven(organizationId)
    expect((await fec(client, 2027)).check.balancesByAccount).toMatchObject({ '5121': '2100.00', '471000': '-960.00' })

    // A change that moves nothing of 2026's balances posts nothing in AN.
    const before = await journal(organizationId, 'AN')
    await client.patch(`/journals/${bank}`, { iban: 'FR7630006000011234567890189' })
    await transaction(client, bank, 'Frais', '-5', '2027-01-20')
    expect(await journal(organizationId, 'AN')).toEqual(before)
  })

  it('carry what a posting wrote in earlier years onto the openings after them, as reading each year gives them', async () => {
    const { client, organizationId, bank } = await twoYears()
    const late = await transaction(client, bank, 'Retrait', '-40', '2026-12-30')
    await expectOpeningsAsTheYearsSay(organizationId)
    // A customer with no balance in 2027's opening until now: its 411 line takes its name from 2026's lines.
    await createValidatedInvoice(
      client,
      { datedAt: '2026-12-20', lines: [line({ amount: '300' })] },
      { name: 'Boulangerie Zoé', registrySiren: '443061841', intracommunityTaxNumber: 'FR64443061841' },
    )
    await expectOpeningsAsTheYearsSay(organizationId)
    const customer = (await postedOpening(organizationId, 2027)).lines.find(
      (row) => row.auxiliary?.label === 'Boulangerie Zoé',
    )
    expect(customer).toMatchObject({ accountCode: '411', debit: '360.00' })
    // A line categorised moves the result and 471 only; one deleted is reversed.
    const categorisedLate = await client.patch(`/transactions/${late}`, {
      allocations: [{ name: 'Retrait', amount: '-40', accountingEntryId: PHONE }],
    })
    expect(categorisedLate.statusCode, categorisedLate.body).toBe(200)
    await expectOpeningsAsTheYearsSay(organizationId)
    expect((await client.delete(`/transactions/${late}`)).statusCode).toBe(204)
    await expectOpeningsAsTheYearsSay(organizationId)
    // A year before the books' first (worked out from its lines), then a line in it: 2026 and 2027 both move.
    await transaction(client, bank, 'Dépôt', '500', '2025-06-01')
    await expectOpeningsAsTheYearsSay(organizationId)
    const before2027 = (await postedOpening(organizationId, 2027)).number
    await transaction(client, bank, 'Frais', '-7', '2025-07-01')
    await expectOpeningsAsTheYearsSay(organizationId)
    expect((await postedOpening(organizationId, 2027)).number).toBeGreaterThan(before2027)
    await expectBooksProven(organizationId)
  })

  it('are rebuilt year after year by the proof, which repairs an opening posted wrong', async () => {
    const { organizationId } = await twoYears()
    // The 2026 starting value's bank line, as if it had been posted at 900.
    await ctx.database.db.execute(sql`update ledger_lines l set debit = case when debit > 0 then 900 else 0 end,
        credit = case when credit > 0 then 900 else 0 end
      from ledger_entries e where e.organization_id = l.organization_id and e.id = l.entry_id
        and e.organization_id = ${organizationId} and e.journal_code = 'AN' and e.fiscal_year_start = '2026-01-01'`)
    const broken = await checkLedger(ctx.database.db, organizationId)
    // The proof names the year that is wrong; 2027, rebuilt from 2026 as it should be, is what was posted.
    expect(broken.differences.map((difference) => difference.source)).toEqual([{ kind: 'opening', id: 2026 }])
    await repairLedger(ctx.database.db, organizationId, broken.differences)
    await expectBooksProven(organizationId)
  })

  it('are posted once by the start-up backfill, after the documents it posts a batch at a time', async () => {
    const { organizationId } = await twoYears()
    const posted = await journal(organizationId, 'AN')
    // As before the ledger: nothing posted, every source marked for the start (migrations 0018 and 0020).
    const db = ctx.database.db
    await db.execute(sql`delete from ledger_lines where organization_id = ${organizationId}`)
    await db.execute(sql`delete from ledger_entries where organization_id = ${organizationId}`)
    await db.execute(sql`delete from ledger_counters where organization_id = ${organizationId}`)
    // The 2027 transfer first: each 2026 source after it would otherwise post 2027's à-nouveaux again.
    await db.execute(sql`insert into ledger_pending
      select organization_id, 'transaction', id, true from transactions where organization_id = ${organizationId}
      order by dated_at desc`)
    await db.execute(sql`insert into ledger_pending
      select organization_id, 'invoice', id, true from invoices where organization_id = ${organizationId}
      union all select ${organizationId}, 'opening', 0, true`)
    await backfillLedger(ctx.database, 1)
    expect(posted.filter((row) => / [2-9] [CD] /.test(row))).toEqual([])
    expect(await journal(organizationId, 'AN')).toEqual(posted)
    await expectBooksProven(organizationId)
  })
})

describe('the reports and the books beside the à-nouveaux', () => {
  it('read none of their lines: no revenue nor charge, no VAT due, no money in or out', async () => {
    const { client } = await twoYears()
    const operating = json(await client.get('/reports/operating-account?from=2027-01-01&to=2027-12-31')).data
    expect(operating).toMatchObject({ income: [], outcome: [], summary: { income: '0.00', outcome: '0.00' } })

    const vat = json(await client.get('/reports/vat?year=2027')).data
    const january = vat.months.find((month: { month: string }) => month.month === '2027-01')
    // The transfer makes the invoice's 200 € due; the 10 € deductible in 2026 are not deductible again.
    expect(january).toMatchObject({ collected: { total: '200.00' }, deductible: { total: '0.00' } })
    const detail = json(await client.get('/reports/vat/2027-01')).data
    expect(JSON.stringify(detail)).not.toContain('AN-2027')

    const income = json(await client.get('/reports/books/income?from=2027-01-01&to=2027-12-31')).data
    expect(
      income.months.flatMap((month: { rows: { amount: string }[] }) => month.rows.map((row) => row.amount)),
    ).toEqual(['1200.00'])
    const expenses = json(await client.get('/reports/books/expenses?from=2027-01-01&to=2027-12-31')).data
    expect(expenses.months).toEqual([])
    expect(json(await client.get('/reports/sales?year=2027')).data.total).toMatchObject({
      totalTaxExcluded: '0.00',
      totalTaxIncluded: '0.00',
    })
  })
})
