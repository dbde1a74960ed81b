import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { act, createCustomer, createInvoice, invoiceBody, line, vatPayer } from '../../../../test/sales'

// The HTTP contract (decision 0017) on invoices: body-less actions, partial PATCH, ids out of range.

/** Mid-November 2026 in Paris. */
const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })
const d = messages.documents

const nothingSent = {
  none: (client: Client, url: string) => client.request('POST', url),
  empty: (client: Client, url: string) => client.request('POST', url, '', { 'content-type': 'application/json' }),
  object: (client: Client, url: string) => client.request('POST', url, {}),
}

describe('actions without a body', () => {
  it('answer the same with no body, an empty body and {}', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const outcomes = []
    for (const send of Object.values(nothingSent)) {
      const invoice = await createInvoice(client, invoiceBody({ contactId }))
      const steps = []
      for (const action of ['validate', 'mark-as-sent', 'mark-as-paid', 'mark-as-pending', 'mark-as-paid']) {
        const response = await send(client, `/invoices/${invoice.id}/${action}`)
        steps.push([action, response.statusCode, json(response).data?.state.code, json(response).data?.paymentDateAt])
      }
      const copy = await send(client, `/invoices/${invoice.id}/duplicate`)
      steps.push(['duplicate', copy.statusCode, json(copy).data.state.code])
      const note = await send(client, `/invoices/${invoice.id}/credit-note`)
      steps.push(['credit-note', note.statusCode, json(note).data.totalTaxIncluded])
      steps.push(['again', (await send(client, `/invoices/${invoice.id}/credit-note`)).statusCode])
      outcomes.push(steps)
    }
    expect(outcomes[0]).toEqual([
      ['validate', 200, 'VALIDATED', null],
      ['mark-as-sent', 200, 'PENDING', null],
      // No payment date: today in Paris.
      ['mark-as-paid', 200, 'PAID', '2026-11-15'],
      ['mark-as-pending', 200, 'PENDING', null],
      ['mark-as-paid', 200, 'PAID', '2026-11-15'],
      ['duplicate', 201, 'DRAFT'],
      // No body: the whole invoice is credited, once.
      ['credit-note', 201, '-120.00'],
      ['again', 409],
    ])
    expect(outcomes[1]).toEqual(outcomes[0])
    expect(outcomes[2]).toEqual(outcomes[0])
  })
})

describe('PATCH /invoices/{id} is partial', () => {
  it('changes the fields sent and keeps the others: lines, customer, options', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId, addressId } = await createCustomer(client)
    const draft = await createInvoice(
      client,
      invoiceBody({
        contactId,
        description: 'Introduction',
        deliveryFees: '10',
        lines: [line({ name: 'Conception' }), line({ name: 'Hébergement', amount: '20' })],
      }),
    )
    const patched = await client.patch(`/invoices/${draft.id}`, { name: 'Nouveau titre' })
    expect(patched.statusCode, patched.body).toBe(200)
    const after = json(await client.get(`/invoices/${draft.id}`)).data
    expect(after).toMatchObject({
      name: 'Nouveau titre',
      contactId,
      billingAddressId: addressId,
      description: 'Introduction',
      deliveryFees: '10',
      paymentLimit: 30,
      datedAt: '2026-11-02',
      totalTaxIncluded: '156.00',
    })
    expect(after.lines.map((l: { name: string; amount: string }) => [l.name, l.amount])).toEqual([
      ['Conception', '100'],
      ['Hébergement', '20'],
    ])

    // null clears an optional field; a list sent is taken whole.
    const cleared = json(
      await client.patch(`/invoices/${draft.id}`, { description: null, deliveryFees: null, lines: [line()] }),
    ).data
    expect(cleared).toMatchObject({ name: 'Nouveau titre', description: null, deliveryFees: null, contactId })
    expect(cleared.lines).toHaveLength(1)
    expect((await client.patch(`/invoices/${draft.id}`, {})).statusCode).toBe(200)
  })

  it('answers 422 keyed by field for what it cannot take, and 409 on a validated invoice whatever the body', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const draft = await createInvoice(client, invoiceBody({ contactId }))
    const required = await client.patch(`/invoices/${draft.id}`, { name: null })
    expect(required.statusCode).toBe(422)
    expect(json(required).errors).toEqual({ name: [messages.validation.required] })
    const range = await client.patch(`/invoices/${draft.id}`, { paymentLimit: 400 })
    expect(json(range).errors).toEqual({ paymentLimit: [d.daysRange(0)] })
    const line0 = await client.patch(`/invoices/${draft.id}`, { lines: [line({ unitId: 2 ** 40 })] })
    expect(Object.keys(json(line0).errors)).toEqual(['lines.0.unitId'])
    expect(json(await client.get(`/invoices/${draft.id}`)).data.name).toBe('Site vitrine')

    await act(client, `/invoices/${draft.id}/validate`)
    const edit = await client.patch(`/invoices/${draft.id}`, { name: 'Trop tard' })
    expect(edit.statusCode).toBe(409)
    expect(json(edit).message).toBe(d.notEditable)
  })
})

describe('ids out of range', () => {
  it('answer 4xx, never 500, in the body, the filters and the path', async () => {
    const { client } = await vatPayer(ctx.app)
    const huge = 2 ** 40
    for (const body of [
      invoiceBody({ contactId: huge }),
      invoiceBody({ billingAddressId: huge }),
      invoiceBody({ deliveryAddressId: huge }),
      invoiceBody({ currencyId: huge }),
      invoiceBody({ lines: [line({ unitId: huge })] }),
      invoiceBody({ lines: [line({ taxId: huge })] }),
      invoiceBody({ lines: [line({ itemId: huge })] }),
      invoiceBody({ lines: [line({ depositInvoiceId: huge })] }),
    ]) {
      const response = await client.post('/invoices', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(422)
    }
    for (const filter of ['filter[id]', 'filter[contact]'])
      expect((await client.get(`/invoices?${filter}=${huge}`)).statusCode).toBe(400)
    expect((await client.get(`/invoices/${huge}`)).statusCode).toBe(404)
    expect((await client.post(`/invoices/${huge}/validate`, {})).statusCode).toBe(404)
  })
})
