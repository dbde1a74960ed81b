import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { expectBooksProven as expectBooksProvenIn, ledgerRows } from '../../../../test/ledger'
import { bankAccount, transaction } from '../../../../test/money'
import { act, createValidatedInvoice, line, servicesInvoiceOf1200, vatPayer } from '../../../../test/sales'

/** 10 June 2026 in Paris. */
const ctx = useTestContext({ now: () => new Date('2026-06-10T10:00:00Z') })
const expectBooksProven = (organizationId: number) => expectBooksProvenIn(ctx.database.db, organizationId)

const invoiceOf1200 = () => servicesInvoiceOf1200(ctx.app)

const detailOf = async (client: Client, id: number) => json(await client.get(`/invoices/${id}`)).data
const pay = (client: Client, id: number, body: Record<string, unknown>) => client.post(`/invoices/${id}/payments`, body)
const collectedIn = async (client: Client, month: string) => {
  const vat = json(await client.get('/reports/vat?year=2026')).data
  return vat.months.find((row: { month: string }) => row.month === month)?.collected.total as string | undefined
}
const owed = async (client: Client) =>
  json(await client.get('/dashboard/invoices?from=2000-01-01&to=2026-06-10')).data.owed as string

describe('payments of an invoice', () => {
  it('take several partial payments, show what remains, and make it paid when nothing does', async () => {
    const { client, organizationId, invoice } = await invoiceOf1200()
    const first = await pay(client, invoice.id, { paidAt: '2026-05-20', amount: '500', method: 'CHEQUE' })
    expect(first.statusCode, first.body).toBe(201)
    expect(json(first).data).toMatchObject({ state: { code: 'PENDING' }, remainingToPay: '700.00' })
    expect(json(first).data.payments).toMatchObject([
      { paidAt: '2026-05-20', amount: '500.00', method: 'CHEQUE', reconciled: false, transactionId: null },
    ])
    // More than what is left is refused, in French, keyed by field; nothing is recorded.
    const tooMuch = await pay(client, invoice.id, { amount: '800' })
    expect(tooMuch.statusCode).toBe(422)
    expect(json(tooMuch).errors.amount[0]).toMatch(
      /^Le montant ne peut pas dépasser ce qui reste à payer \(700,00\s€\)\.$/,
    )
    const before = await pay(client, invoice.id, { amount: '10', paidAt: '2026-04-30' })
    expect(json(before).errors).toEqual({ paidAt: ['La date de paiement ne peut pas précéder la date de la facture.'] })
    expect((await pay(client, invoice.id, { amount: '10', method: 'TROC' })).statusCode).toBe(422)
    expect((await pay(client, invoice.id, { amount: '-10' })).statusCode).toBe(422)
    expect((await detailOf(client, invoice.id)).payments).toHaveLength(1)

    const last = json(await pay(client, invoice.id, { paidAt: '2026-06-02', amount: '700', method: 'CASH' })).data
    expect(last).toMatchObject({ state: { code: 'PAID' }, paymentDateAt: '2026-06-02', remainingToPay: '0.00' })
    expect(last.transactions).toEqual([
      { amount: '500.00', datedAt: '2026-05-20' },
      { amount: '700.00', datedAt: '2026-06-02' },
    ])
    const nothingLeft = await pay(client, invoice.id, { amount: '1' })
    expect(nothingLeft.statusCode).toBe(409)

    // The books: each payment credits the customer's account, lettered with the invoice, and makes its VAT due.
    const od = await ledgerRows(ctx.database.db, organizationId, { journal: 'OD' })
    expect(od.filter((row) => row.includes(' 411 '))).toEqual([
      `OD 1 C 411 C${invoice.contactId} 500.00 ⟷ ${invoice.reference}`,
      `OD 2 C 411 C${invoice.contactId} 700.00 ⟷ ${invoice.reference}`,
    ])
    expect(await collectedIn(client, '2026-05')).toBe('83.33')
    expect(await collectedIn(client, '2026-06')).toBe('116.67')
    expect(await owed(client)).toBe('0.00')
    await expectBooksProven(organizationId)

    // The author hears it too: the customer paid.
    const notifications = json(await client.get('/notifications')).data
    expect(notifications.map((n: { type: string }) => n.type)).toContain('invoicePaid')
  })

  it('removes a payment recorded by hand: the invoice waits again for what it no longer covers', async () => {
    const { client, organizationId, invoice } = await invoiceOf1200()
    const paid = await act(client, `/invoices/${invoice.id}/mark-as-paid`, 200, { paymentDateAt: '2026-05-25' })
    expect(paid).toMatchObject({ state: { code: 'PAID' }, remainingToPay: '0.00' })
    expect(paid.payments).toMatchObject([{ amount: '1200.00', method: 'TRANSFER', reconciled: false }])
    const removed = await client.delete(`/invoices/${invoice.id}/payments/${paid.payments[0].id}`)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(json(removed).data).toMatchObject({
      state: { code: 'PENDING' },
      paymentDateAt: null,
      remainingToPay: '1200.00',
    })
    expect((await client.delete(`/invoices/${invoice.id}/payments/999999`)).statusCode).toBe(404)
    expect(await owed(client)).toBe('1200.00')
    await expectBooksProven(organizationId)
  })

  it('counts a credit note: an invoice partly credited is paid by what is left', async () => {
    const { client, invoice } = await invoiceOf1200()
    await act(client, `/invoices/${invoice.id}/credit-note`, 201, { partial: true, amount: '200' })
    expect((await detailOf(client, invoice.id)).remainingToPay).toBe('1000.00')
    const paid = json(await pay(client, invoice.id, { amount: '1000', paidAt: '2026-06-01' })).data
    expect(paid).toMatchObject({ state: { code: 'PAID' }, remainingToPay: '0.00' })
  })

  it('is reconciled with its bank line when that line is attached: no second payment, the 511 entry goes', async () => {
    const { client, organizationId, invoice } = await invoiceOf1200()
    await pay(client, invoice.id, { amount: '1200', paidAt: '2026-05-25', method: 'TRANSFER' })
    const bank = await bankAccount(client)
    const line = await transaction(client, bank, `VIR ${invoice.reference} ATELIER`, '1200', '2026-05-27')
    await act(client, `/transactions/${line}/invoices`, 200, { invoiceId: invoice.id })
    const detail = await detailOf(client, invoice.id)
    expect(detail).toMatchObject({ state: { code: 'PAID' }, remainingToPay: '0.00' })
    expect(detail.payments).toMatchObject([{ amount: '1200.00', reconciled: true, transactionId: line }])
    // A payment carried by its bank line cannot be removed by itself.
    const removed = await client.delete(`/invoices/${invoice.id}/payments/${detail.payments[0].id}`)
    expect(removed.statusCode).toBe(409)
    expect(json(removed).code).toBe('PAYMENT_RECONCILED')
    // The bank line credits the customer, lettered; nothing stays on 511 or 471.
    const bq = await ledgerRows(ctx.database.db, organizationId, { journal: 'BQ1' })
    const last = bq.filter((row) => row.startsWith(`BQ1 ${bq.at(-1)?.split(' ')[1]} `))
    expect(last).toContain(`BQ1 3 C 411 C${invoice.contactId} 1200.00 ⟷ ${invoice.reference}`)
    expect(last.some((row) => row.includes(' 471'))).toBe(false)
    expect(await owed(client)).toBe('0.00')
    await expectBooksProven(organizationId)
    // Detached, the bank line leaves the payment waiting for it again.
    expect((await client.delete(`/transactions/${line}/invoices/${invoice.id}`)).statusCode).toBe(200)
    expect((await detailOf(client, invoice.id)).payments).toMatchObject([
      { amount: '1200.00', reconciled: false, transactionId: null },
    ])
    await expectBooksProven(organizationId)
  })

  it('is suggested for reconciliation when its transfer arrives, and one click links them without a second payment', async () => {
    const { client, organizationId, invoice } = await invoiceOf1200()
    await pay(client, invoice.id, { amount: '1200', paidAt: '2026-05-25', method: 'TRANSFER' })
    const bank = await bankAccount(client)
    const line = await transaction(client, bank, 'VIR SEPA DANONE REGLEMENT', '1200', '2026-05-27')
    // Before it is linked, the line waits to be categorised, and nothing about invoices is offered for money out.
    expect(json(await client.get('/transactions?filter[uncategorized]=true')).meta.total).toBe(1)
    const [first] = json(await client.get(`/transactions/${line}/invoice-suggestions`)).data
    expect(first).toMatchObject({
      kind: 'reconcile',
      invoices: [{ id: invoice.id, reference: invoice.reference, customerName: 'Danone', leftToPay: '0.00' }],
    })
    expect(first.reasons[0]).toMatch(/^Paiement de 1\s200,00\s€ enregistré le 25\/05\/2026 \(virement\)$/)
    expect(first.reasons).toContain('Le libellé nomme le client Danone')
    await act(client, `/transactions/${line}/invoices`, 200, { invoiceId: invoice.id })
    const detail = await detailOf(client, invoice.id)
    expect(detail.payments).toMatchObject([{ amount: '1200.00', reconciled: true, transactionId: line }])
    expect(detail.remainingToPay).toBe('0.00')
    // Linked, the line is categorised by its invoice: not "À catégoriser", no category offered, no more suggestion.
    expect(json(await client.get('/transactions?filter[uncategorized]=true')).meta.total).toBe(0)
    expect(json(await client.get(`/transactions/${line}/suggestions`)).data).toEqual([])
    expect(json(await client.get(`/transactions/${line}/invoice-suggestions`)).data).toEqual([])
    // Categorised by its invoice, it can be checked and locked without a split of its own.
    expect(json(await client.post(`/transactions/${line}/toggle-check`)).data.isChecked).toBe(true)
    await expectBooksProven(organizationId)
  })

  it('suggests the invoices a transfer names or whose amounts it makes, several of one customer at once', async () => {
    const { client, invoice } = await invoiceOf1200()
    const second = await createValidatedInvoice(
      client,
      { datedAt: '2026-05-05', paymentLimit: 30, lines: [line({ amount: '250' })] },
      { name: 'Boulangerie Martin', registrySiren: '732829320', intracommunityTaxNumber: 'FR44732829320' },
    )
    const bank = await bankAccount(client)
    const cited = await transaction(client, bank, `VIR REGLT ${second.reference}`, '300', '2026-05-28')
    const [byReference] = json(await client.get(`/transactions/${cited}/invoice-suggestions`)).data
    expect(byReference).toMatchObject({ kind: 'pay', invoices: [{ id: second.id }] })
    expect(byReference.reasons).toEqual([
      `Le libellé cite la facture ${second.reference}`,
      expect.stringMatching(/^Même montant/),
    ])
    const sameAmount = await transaction(client, bank, 'VIR INST 88812', '1200', '2026-05-28')
    expect(json(await client.get(`/transactions/${sameAmount}/invoice-suggestions`)).data[0]).toMatchObject({
      kind: 'pay',
      invoices: [{ id: invoice.id }],
    })
    const out = await transaction(client, bank, 'CB CARREFOUR', '-1200', '2026-05-28')
    expect(json(await client.get(`/transactions/${out}/invoice-suggestions`)).data).toEqual([])
    expect((await client.get('/transactions/999999/invoice-suggestions')).statusCode).toBe(404)
  })

  it("answers 404 for another organisation's invoice and 409 on a draft or a credit note", async () => {
    const { invoice } = await invoiceOf1200()
    const other = await vatPayer(ctx.app)
    expect((await pay(other.client, invoice.id, { amount: '10' })).statusCode).toBe(404)
    const draft = json(
      await other.client.post('/invoices', {
        name: 'Brouillon',
        datedAt: '2026-06-01',
        paymentLimit: 30,
        lines: [line()],
      }),
    ).data
    expect((await pay(other.client, draft.id, { amount: '10' })).statusCode).toBe(409)
  })
})
