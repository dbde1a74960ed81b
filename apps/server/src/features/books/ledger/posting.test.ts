import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { expectBooksProven as expectBooksProvenIn, ledgerRows } from '../../../../test/ledger'
import { bankAccount, PHONE, transaction } from '../../../../test/money'
import { act, createValidatedInvoice, line, vatPayer } from '../../../../test/sales'
import { ledgerEntries } from '../../../db/schema/index'
import { checkLedger, repairLedger } from './check'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

const books = (organizationId: number) => ledgerRows(ctx.database.db, organizationId)

const expectBooksProven = (organizationId: number) => expectBooksProvenIn(ctx.database.db, organizationId)

async function seller() {
  const owner = await vatPayer(ctx.app)
  return { client: owner.client as Client, organizationId: owner.organization.id }
}

describe('the ledger', () => {
  it('posts a validated invoice to the sales journal, numbered per journal, and nothing for a draft', async () => {
    const { client, organizationId } = await seller()
    const invoice = await createValidatedInvoice(client, { lines: [line({ amount: '1000' })] })
    const second = await createValidatedInvoice(client, {
      lines: [line({ amount: '200', type: 'PRODUCT' }), line({ amount: '100', taxId: 2 })],
    })
    await client.post('/invoices', { name: 'Brouillon', datedAt: '2026-11-02', paymentLimit: 30, lines: [line()] })

    const contact = invoice.contactId
    expect(await books(organizationId)).toEqual([
      `VT 1 D 411 C${contact} 1200.00`,
      'VT 1 C 706 1000.00',
      'VT 1 C 44574 200.00',
      `VT 2 D 411 C${second.contactId} ${second.totalTaxIncluded}`,
      ...(await books(organizationId)).slice(4),
    ])
    expect((await books(organizationId)).filter((row) => row.startsWith('VT 2 C 707'))).toEqual(['VT 2 C 707 200.00'])
    // Marking it sent or paid changes nothing in the books.
    await act(client, `/invoices/${invoice.id}/mark-as-sent`)
    await act(client, `/invoices/${invoice.id}/mark-as-paid`)
    expect((await books(organizationId)).filter((row) => row.startsWith('VT 1'))).toHaveLength(3)
    await expectBooksProven(organizationId)
  })

  it('holds an uncategorised bank line on 471, then reverses and re-posts it when it is categorised', async () => {
    const { client, organizationId } = await seller()
    const bank = await bankAccount(client)
    const id = await transaction(client, bank, 'Orange', '-60')
    expect(await books(organizationId)).toEqual(['BQ1 1 C 5121 60.00', 'BQ1 1 D 471000 60.00'])

    const response = await client.patch(`/transactions/${id}`, {
      allocations: [{ name: 'Orange', amount: '-60', accountingEntryId: PHONE }],
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(await books(organizationId)).toEqual([
      'BQ1 1 C 5121 60.00',
      'BQ1 1 D 471000 60.00',
      'BQ1 2 D 5121 60.00',
      'BQ1 2 C 471000 60.00',
      'BQ1 3 C 5121 60.00',
      'BQ1 3 D 626 50.00',
      'BQ1 3 D 44566 10.00',
    ])
    // Saving the same split again posts nothing.
    await client.patch(`/transactions/${id}`, { name: 'Orange' })
    expect(await books(organizationId)).toHaveLength(7)
    // Deleting the line reverses its entry: the bank account is back to nothing.
    expect((await client.delete(`/transactions/${id}`)).statusCode).toBe(204)
    const rows = await books(organizationId)
    expect(rows.slice(7)).toEqual(['BQ1 4 D 5121 60.00', 'BQ1 4 C 626 50.00', 'BQ1 4 C 44566 10.00'])
    await expectBooksProven(organizationId)
  })

  it('credits the customer for an invoice paid by a transfer, lettered with the invoice', async () => {
    const { client, organizationId } = await seller()
    const invoice = await createValidatedInvoice(client, { lines: [line({ amount: '1000' })] })
    const bank = await bankAccount(client)
    const id = await transaction(client, bank, 'VIR ATELIER', '1200')
    const attached = await client.post(`/transactions/${id}/invoices`, { invoiceId: invoice.id })
    expect(attached.statusCode, attached.body).toBeLessThan(300)

    const rows = await books(organizationId)
    // Imported first, the line was held on 471 (1), reversed (2) when the invoice was attached, and posted again (3).
    // Paid, the invoice's VAT on services falls due: from 44574 to 44571 on the transfer's date.
    expect(rows.slice(-4)).toEqual([
      'BQ1 3 D 5121 1200.00',
      `BQ1 3 C 411 C${invoice.contactId} 1200.00 ⟷ ${invoice.reference}`,
      'BQ1 3 D 44574 200.00',
      'BQ1 3 C 44571 200.00',
    ])
    await expectBooksProven(organizationId)
  })

  it('proves the books against the documents, and repairs an entry that went missing', async () => {
    const { client, organizationId } = await seller()
    const invoice = await createValidatedInvoice(client, { lines: [line({ amount: '300' })] })
    const proven = await expectBooksProven(organizationId)
    expect(proven).toMatchObject({ entries: 1 })

    // Deleted past the app: no key takes its lines with it (migration 0045).
    const [removed] = await ctx.database.db
      .delete(ledgerEntries)
      .where(and(eq(ledgerEntries.organizationId, organizationId), eq(ledgerEntries.pieceRef, invoice.reference)))
      .returning({ id: ledgerEntries.id })
    const broken = await checkLedger(ctx.database.db, organizationId)
    expect(broken.differences).toMatchObject([{ source: { kind: 'invoice', id: invoice.id }, posted: [] }])
    expect(broken.differences[0]?.expected.map((entry) => entry.pieceRef)).toEqual([invoice.reference])

    await repairLedger(ctx.database.db, organizationId, broken.differences)
    const repaired = await checkLedger(ctx.database.db, organizationId)
    expect(repaired.differences).toEqual([])
    // The entry that was removed by hand leaves its number missing and its three lines alone: the check says so.
    expect(repaired.faults).toEqual([
      'VT 2026-01-01: n° 2 where 1 was due',
      `3 line(s) of entry ${removed?.id}, which is not in the books`,
    ])
  })

  it('posts a cash operation and an expense note in their own journals', async () => {
    const { client, organizationId } = await seller()
    const cash = await client.post('/cash-operations', {
      name: 'Timbres',
      datedAt: '2026-11-10',
      allocations: [{ name: 'Sortie', amount: '12', accountingEntryId: PHONE }],
    })
    expect(cash.statusCode, cash.body).toBe(201)
    expect(await books(organizationId)).toEqual(['CAI1 1 C 5301 12.00', 'CAI1 1 D 626 10.00', 'CAI1 1 D 44566 2.00'])
    await expectBooksProven(organizationId)
    expect(json(await client.get('/transactions?pageSize=5')).data).toBeDefined()
  })
})
