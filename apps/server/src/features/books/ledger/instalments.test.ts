import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { expectBooksProven as expectBooksProvenIn, ledgerRows } from '../../../../test/ledger'
import { bankAccount, transaction } from '../../../../test/money'
import { act, servicesInvoiceOf1200 } from '../../../../test/sales'

/** 10 June 2026 in Paris: the invoice of 2 May, due at 60 days, is still waiting for its payment. */
const ctx = useTestContext({ now: () => new Date('2026-06-10T10:00:00Z') })

const expectBooksProven = (organizationId: number) => expectBooksProvenIn(ctx.database.db, organizationId)

const bank1 = (organizationId: number) => ledgerRows(ctx.database.db, organizationId, { journal: 'BQ1' })

/** The invoice of 1,200 € TTC (test/sales.ts), and a bank account to pay it from. */
async function invoiceOf1200() {
  const made = await servicesInvoiceOf1200(ctx.app)
  return { ...made, bank: await bankAccount(made.client) }
}

const stateOf = async (client: Client, id: number) => {
  const data = json(await client.get(`/invoices/${id}`)).data
  return { state: data.state.code as string, paymentDateAt: data.paymentDateAt as string | null }
}
const attach = (client: Client, transactionId: number, invoiceId: number) =>
  act(client, `/transactions/${transactionId}/invoices`, 200, { invoiceId })
const detach = async (client: Client, transactionId: number, invoiceId: number) => {
  const response = await client.delete(`/transactions/${transactionId}/invoices/${invoiceId}`)
  expect(response.statusCode, response.body).toBe(200)
}
const collectedIn = async (client: Client, month: string) => {
  const vat = json(await client.get('/reports/vat?year=2026')).data
  return vat.months.find((row: { month: string }) => row.month === month)?.collected.total as string | undefined
}

describe('an invoice paid in several transfers', () => {
  it('credits 411 with each transfer and makes due its share of the VAT, the last one what is left of it', async () => {
    const { client, organizationId, invoice, bank } = await invoiceOf1200()
    const c = `C${invoice.contactId}`
    const may = await transaction(client, bank, 'VIR ATELIER 1/2', '500', '2026-05-10')
    const june = await transaction(client, bank, 'VIR ATELIER 2/2', '700', '2026-06-03')

    await attach(client, may, invoice.id)
    expect(await stateOf(client, invoice.id)).toEqual({ state: 'PENDING', paymentDateAt: null })
    await expectBooksProven(organizationId)
    await attach(client, june, invoice.id)
    expect(await stateOf(client, invoice.id)).toEqual({ state: 'PAID', paymentDateAt: '2026-06-03' })
    await expectBooksProven(organizationId)

    const ref = invoice.reference
    // Each transfer, held on 471 when imported, is reversed and posted again once attached.
    expect((await bank1(organizationId)).slice(6)).toEqual([
      'BQ1 4 D 5121 500.00',
      `BQ1 4 C 411 ${c} 500.00 ⟷ ${ref}`,
      'BQ1 4 D 44574 83.33',
      'BQ1 4 C 44571 83.33',
      'BQ1 5 C 5121 700.00',
      'BQ1 5 D 471000 700.00',
      'BQ1 6 D 5121 700.00',
      `BQ1 6 C 411 ${c} 700.00 ⟷ ${ref}`,
      'BQ1 6 D 44574 116.67',
      'BQ1 6 C 44571 116.67',
    ])
    // The VAT report counts each share in the month of its transfer, 200.00 in all.
    expect(await collectedIn(client, '2026-05')).toBe('83.33')
    expect(await collectedIn(client, '2026-06')).toBe('116.67')
    // The invoice says what each transfer paid of it.
    expect(json(await client.get(`/invoices/${invoice.id}`)).data.transactions).toEqual([
      { amount: '500.00', datedAt: '2026-05-10' },
      { amount: '700.00', datedAt: '2026-06-03' },
    ])

    // Without the May transfer, the June one pays 700 of 1,200 and makes due 116.67 of its own: waiting again.
    await detach(client, may, invoice.id)
    expect(await stateOf(client, invoice.id)).toEqual({ state: 'PENDING', paymentDateAt: null })
    await expectBooksProven(organizationId)
    // The May transfer goes back to 471. The June one is worked out again: alone, it pays 700 of 1,200 and makes due
    // round(200 × 700 / 1,200) = 116.67, what its entry already says as the one that completed the invoice, so its
    // entry stands (the proof above says it is what the documents say).
    expect((await bank1(organizationId)).slice(16)).toEqual([
      'BQ1 7 C 5121 500.00',
      `BQ1 7 D 411 ${c} 500.00 ⟷ ${ref}`,
      'BQ1 7 C 44574 83.33',
      'BQ1 7 D 44571 83.33',
      'BQ1 8 D 5121 500.00',
      'BQ1 8 C 471000 500.00',
    ])
    expect(await collectedIn(client, '2026-05')).toBe('0.00')
    expect(await collectedIn(client, '2026-06')).toBe('116.67')
  })
})

describe('a transfer whose share moves with the transfers before it', () => {
  it('is posted again when an earlier transfer is attached, moved after it or detached', async () => {
    const { client, organizationId, invoice, bank } = await invoiceOf1200()
    const c = `C${invoice.contactId}`
    const ref = invoice.reference
    const june = await transaction(client, bank, 'VIR ATELIER', '1000', '2026-06-03')
    const may = await transaction(client, bank, 'VIR ATELIER ACOMPTE', '500', '2026-05-10')
    const last = async (count: number) => (await bank1(organizationId)).slice(-count)

    await attach(client, june, invoice.id)
    expect(await last(4)).toEqual([
      'BQ1 4 D 5121 1000.00',
      `BQ1 4 C 411 ${c} 1000.00 ⟷ ${ref}`,
      'BQ1 4 D 44574 166.67',
      'BQ1 4 C 44571 166.67',
    ])
    expect(await stateOf(client, invoice.id)).toEqual({ state: 'PENDING', paymentDateAt: null })

    // Earlier, the May transfer pays 500 first: June's pays the 700 left, and its 300 more wait on 471.
    await attach(client, may, invoice.id)
    expect(await stateOf(client, invoice.id)).toEqual({ state: 'PAID', paymentDateAt: '2026-06-03' })
    await expectBooksProven(organizationId)
    expect((await bank1(organizationId)).slice(10)).toEqual([
      'BQ1 5 C 5121 500.00',
      'BQ1 5 D 471000 500.00',
      'BQ1 6 D 5121 500.00',
      `BQ1 6 C 411 ${c} 500.00 ⟷ ${ref}`,
      'BQ1 6 D 44574 83.33',
      'BQ1 6 C 44571 83.33',
      'BQ1 7 C 5121 1000.00',
      `BQ1 7 D 411 ${c} 1000.00 ⟷ ${ref}`,
      'BQ1 7 C 44574 166.67',
      'BQ1 7 D 44571 166.67',
      'BQ1 8 D 5121 1000.00',
      `BQ1 8 C 411 ${c} 700.00 ⟷ ${ref}`,
      'BQ1 8 C 471000 300.00',
      'BQ1 8 D 44574 116.67',
      'BQ1 8 C 44571 116.67',
    ])

    // Moved after June's, the other transfer pays the 200 left and makes due the 33.33 left of the VAT.
    const moved = await client.patch(`/transactions/${may}`, { datedAt: '2026-06-20' })
    expect(moved.statusCode, moved.body).toBe(200)
    await expectBooksProven(organizationId)
    expect(await collectedIn(client, '2026-05')).toBe('0.00')
    expect(await collectedIn(client, '2026-06')).toBe('200.00')

    // Detached, June's pays 1,000 alone again and the invoice waits for the rest.
    await detach(client, june, invoice.id)
    expect(await stateOf(client, invoice.id)).toEqual({ state: 'PENDING', paymentDateAt: null })
    await expectBooksProven(organizationId)
    expect(json(await client.get(`/invoices/${invoice.id}`)).data.transactions).toEqual([
      { amount: '500.00', datedAt: '2026-06-20' },
    ])
    expect(await collectedIn(client, '2026-06')).toBe('83.33')
  })

  it('leaves to an invoice marked paid by hand the VAT its transfers did not make due, until its bank line comes', async () => {
    const { client, organizationId, invoice, bank } = await invoiceOf1200()
    const c = `C${invoice.contactId}`
    const may = await transaction(client, bank, 'VIR ATELIER 1/2', '500', '2026-05-10')
    await attach(client, may, invoice.id)
    // The rest came by cheque on 5 June: it waits on 511, the customer's account settled, its VAT due that day.
    await act(client, `/invoices/${invoice.id}/mark-as-paid`, 200, { paymentDateAt: '2026-06-05', method: 'CHEQUE' })
    expect(await ledgerRows(ctx.database.db, organizationId, { journal: 'OD' })).toEqual([
      'OD 1 D 511 700.00',
      `OD 1 C 411 ${c} 700.00 ⟷ F-2026-0001`,
      'OD 1 D 44574 116.67',
      'OD 1 C 44571 116.67',
    ])
    await expectBooksProven(organizationId)
    expect(await collectedIn(client, '2026-05')).toBe('83.33')
    expect(await collectedIn(client, '2026-06')).toBe('116.67')
    // The cheque's remittance reaches the bank: attached, it carries the payment, and the OD entry goes.
    const cheque = await transaction(client, bank, 'REMISE CHEQUE 1234567', '700', '2026-06-08')
    await attach(client, cheque, invoice.id)
    // Reversed: the OD entry and its mirror leave nothing on 511.
    expect(await ledgerRows(ctx.database.db, organizationId, { journal: 'OD' })).toEqual([
      'OD 1 D 511 700.00',
      `OD 1 C 411 ${c} 700.00 ⟷ F-2026-0001`,
      'OD 1 D 44574 116.67',
      'OD 1 C 44571 116.67',
      'OD 2 C 511 700.00',
      `OD 2 D 411 ${c} 700.00 ⟷ F-2026-0001`,
      'OD 2 C 44574 116.67',
      'OD 2 D 44571 116.67',
    ])
    await expectBooksProven(organizationId)
    expect(await collectedIn(client, '2026-06')).toBe('116.67')
    const detail = json(await client.get(`/invoices/${invoice.id}`)).data
    expect(detail).toMatchObject({ state: { code: 'PAID' }, remainingToPay: '0.00' })
    expect(detail.payments).toMatchObject([
      { paidAt: '2026-05-10', amount: '500.00', method: 'TRANSFER', reconciled: true, transactionId: may },
      { paidAt: '2026-06-08', amount: '700.00', method: 'CHEQUE', reconciled: true, transactionId: cheque },
    ])
    // Paid, it takes no other transfer.
    const another = await transaction(client, bank, 'VIR ATELIER 2/2', '700', '2026-06-03')
    const refused = await client.post(`/transactions/${another}/invoices`, { invoiceId: invoice.id })
    expect(refused.statusCode).toBe(422)
    expect(json(refused).code).toBe('INVOICE_NOT_PAYABLE')
  })
})
