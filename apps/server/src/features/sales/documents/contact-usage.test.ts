import { messages, QUOTE_STATE_IDS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { json, useTestContext } from '../../../../test/helpers'
import {
  act,
  createCustomer,
  createInvoice,
  createQuote,
  invoiceBody,
  line,
  quoteBody,
  vatPayer,
} from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })

describe("a customer's documents", () => {
  it('give the detail panel its totals quoted, invoiced, late and the average payment delay', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const quote = await createQuote(client, quoteBody({ contactId, lines: [line({ amount: '500' })] }))
    await client.patch(`/quotes/${quote.id}/state`, { stateId: QUOTE_STATE_IDS.VALIDATED })
    await createQuote(client, quoteBody({ contactId })) // a draft quote is not counted
    const late = await createInvoice(
      client,
      invoiceBody({ contactId, datedAt: '2026-10-01', lines: [line({ amount: '50' })] }),
    )
    await act(client, `/invoices/${late.id}/validate`)
    await act(client, `/invoices/${late.id}/mark-as-sent`)
    const paid = await createInvoice(client, invoiceBody({ contactId, datedAt: '2026-11-01' }))
    await act(client, `/invoices/${paid.id}/validate`)
    await act(client, `/invoices/${paid.id}/mark-as-paid`, 200, { paymentDateAt: '2026-11-11' })
    await createInvoice(client, invoiceBody({ contactId })) // a draft invoice is not counted

    const detail = json(await client.get(`/contacts/${contactId}`)).data
    expect(detail).toMatchObject({
      quotesCount: 1,
      quotesAmount: '600.00',
      invoicesCount: 2,
      invoicesAmount: '180.00',
      invoicesLateAmount: '60.00',
      averagePaymentDelay: 10,
    })
  })

  it('keep a customer named by a validated document from being deleted; drafts do not', async () => {
    const { client } = await vatPayer(ctx.app)
    const used = await createCustomer(client)
    const invoice = await createInvoice(client, invoiceBody({ contactId: used.contactId }))
    await act(client, `/invoices/${invoice.id}/validate`)
    const refused = await client.delete(`/contacts/${used.contactId}`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused).message).toBe(messages.contacts.usedByValidatedDocument)

    const free = await createCustomer(client, {
      name: 'Michelin',
      registrySiren: '855200887',
      intracommunityTaxNumber: 'FR09855200887',
    })
    const draft = await createInvoice(client, invoiceBody({ contactId: free.contactId }))
    expect((await client.delete(`/contacts/${free.contactId}`)).statusCode).toBe(204)
    // The draft stays, without its customer, and cannot be validated until one is chosen.
    const orphan = json(await client.get(`/invoices/${draft.id}`)).data
    expect(orphan.contact).toBeNull()
    expect((await client.post(`/invoices/${draft.id}/validate`, {})).statusCode).toBe(409)
  })
})
