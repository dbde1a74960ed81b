import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, joinAsCollaborator, json, useTestContext } from '../../../../test/helpers'
import { bankAccount, PHONE, transaction } from '../../../../test/money'
import { act, createValidatedInvoice, frenchSeller, line } from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

async function categorised(client: Client, journalId: number, name: string, amount: string, datedAt: string) {
  const id = await transaction(client, journalId, name, amount, datedAt)
  const response = await client.patch(`/transactions/${id}`, {
    allocations: [{ name, amount, accountingEntryId: PHONE }],
  })
  expect(response.statusCode, response.body).toBe(200)
  return id
}

async function payWith(client: Client, journalId: number, invoiceId: number, amount: string, datedAt: string) {
  const id = await transaction(client, journalId, 'VIR CLIENT', amount, datedAt)
  const response = await client.post(`/transactions/${id}/invoices`, { invoiceId })
  expect(response.statusCode, response.body).toBe(200)
  return id
}

describe('the reports', () => {
  it('make the operating account from the books: revenue by account, charges, result per month', async () => {
    const { client } = await frenchSeller(ctx.app)
    await createValidatedInvoice(client, { datedAt: '2026-03-10', lines: [line({ amount: '1000' })] })
    await createValidatedInvoice(client, { datedAt: '2026-04-02', lines: [line({ amount: '250', type: 'PRODUCT' })] })
    const bank = await bankAccount(client)
    await categorised(client, bank, 'Orange', '-60', '2026-03-15')

    const response = await client.get('/reports/operating-account?from=2026-01-01&to=2026-12-31')
    expect(response.statusCode, response.body).toBe(200)
    const report = json(response).data
    expect(report.months).toHaveLength(12)
    expect(report.income.map((row: { accountCode: string; total: string }) => [row.accountCode, row.total])).toEqual([
      ['706', '1000.00'],
      ['707', '250.00'],
    ])
    expect(report.outcome).toMatchObject([{ accountCode: '626', total: '50.00' }])
    expect(report.outcome[0].amounts[2]).toBe('50.00')
    expect(report.totals.balance.slice(2, 4)).toEqual(['950.00', '250.00'])
    expect(report.summary).toEqual({ income: '1250.00', outcome: '50.00', balance: '1200.00' })

    const empty = json(await client.get('/reports/operating-account?from=2024-01-01&to=2024-12-31')).data
    expect(empty).toMatchObject({
      income: [],
      outcome: [],
      summary: { income: '0.00', outcome: '0.00', balance: '0.00' },
    })

    const reversed = await client.get('/reports/operating-account?from=2026-12-31&to=2026-01-01')
    expect(reversed.statusCode).toBe(400)
    expect(reversed.body).toContain(messages.ledger.periodEndBeforeStart)
  })

  it('counts VAT on services when paid and on goods when invoiced, partial payments for their share', async () => {
    const { client } = await frenchSeller(ctx.app)
    const services = await createValidatedInvoice(client, { datedAt: '2026-03-10', lines: [line({ amount: '1000' })] })
    await createValidatedInvoice(client, { datedAt: '2026-03-12', lines: [line({ amount: '250', type: 'PRODUCT' })] })
    const partial = await createValidatedInvoice(client, { datedAt: '2026-03-20', lines: [line({ amount: '500' })] })
    const byHand = await createValidatedInvoice(client, { datedAt: '2026-03-25', lines: [line({ amount: '100' })] })
    const bank = await bankAccount(client)
    await categorised(client, bank, 'Orange', '-60', '2026-03-15')
    const transfer = await payWith(client, bank, services.id, '1200', '2026-05-12')
    await payWith(client, bank, partial.id, '300', '2026-06-03')
    await act(client, `/invoices/${byHand.id}/mark-as-paid`, 200, { paymentDateAt: '2026-07-01' })

    const report = json(await client.get('/reports/vat?year=2026')).data
    const month = (key: string) => report.months.find((m: { month: string }) => m.month === key)
    // March: the goods' 50 € only; the phone bill's 10 € deductible.
    expect(month('2026-03')).toMatchObject({
      collected: { total: '50.00', normal: '50.00' },
      deductible: { total: '10.00', goodsAndServices: '10.00', fixedAssets: '0.00' },
      balance: '40.00',
    })
    expect(month('2026-05').collected.total).toBe('200.00')
    // 300 € of 600 € paid: half its 100 € of VAT.
    expect(month('2026-06').collected.total).toBe('50.00')
    // Marked paid by hand on 1 July, with no payment booked: all of it then.
    expect(month('2026-07').collected.total).toBe('20.00')
    expect(report.summary).toEqual({ collected: '320.00', deductible: '10.00', balance: '310.00' })
    expect(report.availableYears).toEqual([2026])

    const detail = json(await client.get('/reports/vat/2026-05')).data
    expect(detail.lines).toMatchObject([
      {
        dueAt: '2026-05-12',
        journalCode: 'BQ1',
        pieceRef: `T${transfer}`,
        kind: 'collected',
        ratePercent: '20',
        base: '1000.00',
        tax: '200.00',
      },
    ])
    expect(json(await client.get('/reports/vat/2026-02')).data).toMatchObject({ lines: [], balance: '0.00' })
    // A month no calendar or report holds is not found, as the document says, never the database's refusal.
    for (const month of ['0000-01', '9999-99', '9999-12', '1999-12', '2026-13'])
      expect((await client.get(`/reports/vat/${month}`)).statusCode, month).toBe(404)
  })

  it('make the sales report from validated invoices and credit notes, per month and rate', async () => {
    const { client } = await frenchSeller(ctx.app)
    const invoice = await createValidatedInvoice(client, {
      datedAt: '2026-11-03',
      lines: [line({ amount: '1000' }), line({ amount: '100', taxId: 2 })],
    })
    const note = await client.post(`/invoices/${invoice.id}/credit-note`, { partial: true, amount: '120' })
    expect(note.statusCode, note.body).toBe(201)
    if (json(note).data.state.code === 'DRAFT') await act(client, `/invoices/${json(note).data.id}/validate`)

    const report = json(await client.get('/reports/sales?year=2026')).data
    expect(report.taxRegimeCode).toBe('MONTH')
    expect(report.rates).toEqual([
      { key: '20', label: 'T.V.A. 20 %' },
      { key: '10', label: 'T.V.A. 10 %' },
    ])
    // 1,310 € invoiced (1,000 € at 20 %, 100 € at 10 %), then a credit note of 120 € spread over both rates.
    const november = report.months.find((month: { month: string }) => month.month === '2026-11')
    expect(november).toMatchObject({
      taxes: [
        { key: '20', totalExcluded: '908.40', totalTaxes: '181.68' },
        { key: '10', totalExcluded: '90.84', totalTaxes: '9.08' },
      ],
      totalTaxExcluded: '999.24',
      totalTaxes: '190.76',
      totalTaxIncluded: '1190.00',
    })
    expect(report.total.totalTaxIncluded).toBe('1190.00')
    expect(report.months[0]).toMatchObject({
      month: '2026-01',
      totalTaxIncluded: '0.00',
      taxes: [{ totalExcluded: '0.00' }, {}],
    })
  })

  it('prints the month CA3 as a PDF, and keeps the books from collaborators', async () => {
    const owner = await frenchSeller(ctx.app)
    await createValidatedInvoice(owner.client, {
      datedAt: '2026-03-12',
      lines: [line({ amount: '250', type: 'PRODUCT' })],
    })
    const pdf = await owner.client.get('/reports/vat-declaration.pdf?year=2026&month=3')
    expect(pdf.statusCode, pdf.body).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.headers['content-disposition']).toContain('declaration-tva-2026-03.pdf')
    expect((await owner.client.get('/reports/vat-declaration.pdf?year=2026&month=0')).statusCode).toBe(400)

    const collaborator = await joinAsCollaborator(ctx, owner)
    for (const path of ['/reports/vat?year=2026', '/reports/operating-account?from=2026-01-01&to=2026-12-31']) {
      const refused = await collaborator.client.get(path)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toBe(messages.ledger.readForbidden)
    }
  })
})
