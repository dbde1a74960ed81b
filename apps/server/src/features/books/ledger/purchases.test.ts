import { RECEIPT_STATE_IDS } from '@app/domain'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { expectBooksProven as expectBooksProvenIn, ledgerRows } from '../../../../test/ledger'
import { bankAccount, PHONE, SAMPLE_FILES, sendFiles, transaction } from '../../../../test/money'
import { vatPayer } from '../../../../test/sales'
import { ledgerLines } from '../../../db/schema/index'
import { encode, UBL_INVOICE } from '../../money/receipts/e-invoices/samples.test-helper'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

async function journal(organizationId: number, code: string) {
  // The receipts' routes write outside a transaction: what they marked posts at the next one (decision 0025).
  await ctx.database.db.transaction(async () => {})
  return ledgerRows(ctx.database.db, organizationId, { journal: code })
}

/** The rows of the entries numbered from `from` on: what the last changes posted. */
const since = (rows: string[], code: string, from: number) =>
  rows.filter((row) => Number(row.split(' ')[1]) >= from && row.startsWith(`${code} `))

const expectBooksProven = (organizationId: number) => expectBooksProvenIn(ctx.database.db, organizationId)

async function buyer() {
  const owner = await vatPayer(ctx.app)
  const client = owner.client as Client
  const supplier = await client.post('/contacts?relation=supplier', { contactTypeId: 2, name: 'Orange' })
  expect(supplier.statusCode, supplier.body).toBe(201)
  return { client, organizationId: owner.organization.id as number, supplierId: json(supplier).data.id as number }
}

async function receipt(client: Client, fields: Record<string, unknown>) {
  const response = await sendFiles(ctx.app, client, '/receipts', [{ name: 'facture.pdf', bytes: SAMPLE_FILES.pdf }])
  expect(response.statusCode, response.body).toBe(201)
  const id = json(response).data[0].id as number
  const saved = await client.patch(`/receipts/${id}`, { stateId: RECEIPT_STATE_IDS.VALIDATED, ...fields })
  expect(saved.statusCode, saved.body).toBe(200)
  return id
}

async function categorised(client: Client, journalId: number, name: string, amount: string, datedAt: string) {
  const id = await transaction(client, journalId, name, amount, datedAt)
  const response = await client.patch(`/transactions/${id}`, {
    allocations: [{ name, amount, accountingEntryId: PHONE }],
  })
  expect(response.statusCode, response.body).toBe(200)
  return id
}

async function attach(client: Client, transactionId: number, receiptIds: number[]) {
  const response = await client.post(`/transactions/${transactionId}/receipts`, { receipts: receiptIds })
  expect(response.statusCode, response.body).toBe(200)
}

describe('receipts in the books', () => {
  it('posts a validated receipt to HA, settles it from the bank line that pays it, and counts its charge once', async () => {
    const { client, organizationId, supplierId } = await buyer()
    const bank = await bankAccount(client)
    const line = await categorised(client, bank, 'PRLV ORANGE', '-60', '2026-11-05')
    expect(since(await journal(organizationId, 'BQ1'), 'BQ1', 3)).toEqual([
      'BQ1 3 C 5121 60.00',
      'BQ1 3 D 626 50.00',
      'BQ1 3 D 44566 10.00',
    ])

    // Attached to nothing yet: its charge waits on the holding account.
    const id = await receipt(client, {
      reference: 'FA-2026-11',
      datedAt: '2026-11-03',
      taxExcluded: '50',
      taxIncluded: '60',
      contactId: supplierId,
    })
    const F = `F${supplierId}`
    expect(await journal(organizationId, 'HA')).toEqual([
      `HA 1 C 401 ${F} 60.00`,
      'HA 1 D 471000 50.00',
      'HA 1 D 44566 10.00',
    ])

    // Attached to the categorised line: the receipt takes the line's category, the line pays the supplier.
    await attach(client, line, [id])
    expect(since(await journal(organizationId, 'HA'), 'HA', 2)).toEqual([
      `HA 2 D 401 ${F} 60.00`,
      'HA 2 C 471000 50.00',
      'HA 2 C 44566 10.00',
      `HA 3 C 401 ${F} 60.00`,
      'HA 3 D 626 50.00',
      'HA 3 D 44566 10.00',
    ])
    expect(since(await journal(organizationId, 'BQ1'), 'BQ1', 4)).toEqual([
      'BQ1 4 D 5121 60.00',
      'BQ1 4 C 626 50.00',
      'BQ1 4 C 44566 10.00',
      'BQ1 5 C 5121 60.00',
      `BQ1 5 D 401 ${F} 60.00 ⟷ FA-2026-11`,
    ])
    await expectBooksProven(organizationId)

    // The charge and its deductible VAT once: in HA, not again in the bank line.
    const operating = json(await client.get('/reports/operating-account?from=2026-01-01&to=2026-12-31')).data
    expect(operating.outcome).toMatchObject([{ accountCode: '626', total: '50.00' }])
    expect(operating.summary.outcome).toBe('50.00')
    const vat = json(await client.get('/reports/vat?year=2026')).data
    const november = vat.months.find((month: { month: string }) => month.month === '2026-11')
    expect(november.deductible.total).toBe('10.00')
    // The registre des achats says what was bought, not "Règlement fournisseur".
    const book = json(await client.get('/reports/books/expenses?from=2026-01-01&to=2026-12-31')).data
    const [row] = book.months.flatMap((month: { rows: unknown[] }) => month.rows)
    const label = (await ctx.database.db
      .select({ label: ledgerLines.accountLabel })
      .from(ledgerLines)
      .where(and(eq(ledgerLines.organizationId, organizationId), eq(ledgerLines.accountCode, '626')))
      .limit(1)) as { label: string }[]
    expect(row).toMatchObject({
      reference: 'FA-2026-11',
      contact: 'Orange',
      category: label[0]?.label,
      amount: '60.00',
    })

    // Reopened, the receipt leaves the books and the line goes back to its split.
    const reopened = await client.patch(`/receipts/${id}`, { stateId: RECEIPT_STATE_IDS.PENDING })
    expect(reopened.statusCode, reopened.body).toBe(200)
    expect(since(await journal(organizationId, 'HA'), 'HA', 4)).toEqual([
      `HA 4 D 401 ${F} 60.00`,
      'HA 4 C 626 50.00',
      'HA 4 C 44566 10.00',
    ])
    expect(since(await journal(organizationId, 'BQ1'), 'BQ1', 6)).toEqual([
      'BQ1 6 D 5121 60.00',
      `BQ1 6 C 401 ${F} 60.00 ⟷ FA-2026-11`,
      'BQ1 7 C 5121 60.00',
      'BQ1 7 D 626 50.00',
      'BQ1 7 D 44566 10.00',
    ])
    await expectBooksProven(organizationId)

    // Validated again, then deleted: reversed the same way.
    await client.patch(`/receipts/${id}`, { stateId: RECEIPT_STATE_IDS.VALIDATED })
    expect((await journal(organizationId, 'HA')).filter((r) => r.startsWith('HA 5'))).toHaveLength(3)
    expect((await client.delete(`/receipts/${id}`)).statusCode).toBe(204)
    expect(since(await journal(organizationId, 'HA'), 'HA', 6)).toEqual([
      `HA 6 D 401 ${F} 60.00`,
      'HA 6 C 626 50.00',
      'HA 6 C 44566 10.00',
    ])
    expect(since(await journal(organizationId, 'BQ1'), 'BQ1', 10)).toEqual([
      'BQ1 10 D 5121 60.00',
      `BQ1 10 C 401 ${F} 60.00 ⟷ FA-2026-11`,
      'BQ1 11 C 5121 60.00',
      'BQ1 11 D 626 50.00',
      'BQ1 11 D 44566 10.00',
    ])
    await expectBooksProven(organizationId)
    const after = json(await client.get('/reports/operating-account?from=2026-01-01&to=2026-12-31')).data
    expect(after.summary.outcome).toBe('50.00')
  })

  it('pays receipts in their order, leaves the rest of the line on 471, and follows the line’s category', async () => {
    const { client, organizationId, supplierId } = await buyer()
    const bank = await bankAccount(client)
    const F = `F${supplierId}`
    // Typed with HT and TTC only: the rate is the French one that gives its VAT (5.5 %).
    const first = await receipt(client, {
      datedAt: '2026-11-01',
      taxExcluded: '50',
      taxIncluded: '52.75',
      contactId: supplierId,
    })
    const second = await receipt(client, { datedAt: '2026-11-02', taxIncluded: '70', contactId: supplierId })
    const line = await transaction(client, bank, 'CB ORANGE', '-130', '2026-11-06')
    await attach(client, line, [second, first])
    const bq = await journal(organizationId, 'BQ1')
    const last = Number(bq.at(-1)?.split(' ')[1])
    expect(since(bq, 'BQ1', last)).toEqual([
      `BQ1 ${last} C 5121 130.00`,
      `BQ1 ${last} D 401 ${F} 52.75 ⟷ J${first}`,
      `BQ1 ${last} D 401 ${F} 70.00 ⟷ J${second}`,
      `BQ1 ${last} D 471000 7.25`,
    ])
    const ha = await journal(organizationId, 'HA')
    expect(ha.slice(0, 3)).toEqual([`HA 1 C 401 ${F} 52.75`, 'HA 1 D 471000 50.00', 'HA 1 D 44566 2.75'])
    const [vatRate] = await ctx.database.db
      .select({ rate: ledgerLines.vatRate })
      .from(ledgerLines)
      .where(and(eq(ledgerLines.organizationId, organizationId), eq(ledgerLines.accountCode, '44566')))
    expect(vatRate?.rate).toBe('5.5')
    // No VAT typed: the whole TTC is the charge.
    expect(ha.slice(3, 5)).toEqual([`HA 2 C 401 ${F} 70.00`, 'HA 2 D 471000 70.00'])

    // Categorising the line re-posts its receipts on its category; its split, which is not what the receipts leave of
    // the line, is not kept: that rest waits on 471 (decision 0024).
    const split = await client.patch(`/transactions/${line}`, {
      allocations: [{ name: 'Orange', amount: '-130', accountingEntryId: PHONE }],
    })
    expect(split.statusCode, split.body).toBe(200)
    const recategorised = (await journal(organizationId, 'HA')).filter((row) => / D 626 /.test(row))
    expect(recategorised.map((row) => row.replace(/^HA \d+ /, '')).sort()).toEqual(['D 626 50.00', 'D 626 70.00'])
    const rebooked = await journal(organizationId, 'BQ1')
    expect(rebooked.filter((row) => / 626 /.test(row))).toEqual([])
    expect(rebooked.at(-1)).toMatch(/ D 471000 7\.25$/)
    await expectBooksProven(organizationId)

    // Renaming the supplier re-labels its 401 lines, in HA and in the line that paid it.
    const renamed = await client.patch(`/contacts/${supplierId}?relation=supplier`, {
      contactTypeId: 2,
      name: 'Orange France',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    await expectBooksProven(organizationId)
  })

  it('keeps out of HA a receipt that proves a cash line, and posts a received e-invoice from its VAT breakdown', async () => {
    const { client, organizationId, supplierId } = await buyer()
    const cash = await client.post('/cash-operations', {
      name: 'Timbres',
      datedAt: '2026-11-10',
      allocations: [{ name: 'Sortie', amount: '12', accountingEntryId: PHONE }],
    })
    expect(cash.statusCode, cash.body).toBe(201)
    const ticket = await receipt(client, { datedAt: '2026-11-10', taxIncluded: '12', contactId: supplierId })
    expect(await journal(organizationId, 'HA')).toHaveLength(2)
    await attach(client, json(cash).data.id, [ticket])
    // Reversed: the cash journal books that charge already.
    expect(await journal(organizationId, 'HA')).toEqual([
      `HA 1 C 401 F${supplierId} 12.00`,
      'HA 1 D 471000 12.00',
      `HA 2 D 401 F${supplierId} 12.00`,
      'HA 2 C 471000 12.00',
    ])

    const response = await sendFiles(ctx.app, client, '/receipts', [
      { name: 'facture.xml', bytes: encode(UBL_INVOICE) },
    ])
    expect(response.statusCode, response.body).toBe(201)
    const received = json(response).data[0]
    expect(received.stateId).toBe(RECEIPT_STATE_IDS.VALIDATED)
    expect(since(await journal(organizationId, 'HA'), 'HA', 3)).toEqual([
      `HA 3 C 401 F${received.contactId} 384.40`,
      'HA 3 D 471000 250.00',
      'HA 3 D 44566 50.00',
      'HA 3 D 471000 80.00',
      'HA 3 D 44566 4.40',
    ])
    await expectBooksProven(organizationId)
  })
})
