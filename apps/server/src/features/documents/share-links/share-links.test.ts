import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
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

async function validatedInvoice(client: Client) {
  const customer = await createCustomer(client)
  const draft = await createInvoice(
    client,
    invoiceBody({
      contactId: customer.contactId,
      billingAddressId: customer.addressId,
      lines: [line({ name: 'Conseil', description: 'Atelier', quantity: '2', amount: '150' }), line({ taxId: 2 })],
    }),
  )
  return act(client, `/invoices/${draft.id}/validate`)
}

/** Anyone on the Internet: no cookie, no token. */
const anonymous = (path: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${path}`, remoteAddress: '10.9.9.9' })
const tokenOf = (url: string) => url.split('/p/')[1] as string

describe('share links', () => {
  it('gives an unguessable public URL, the same one when asked again, readable without a session', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await validatedInvoice(client)
    expect(json(await client.get(`/invoices/${invoice.id}/public-url`)).data).toEqual({ url: null })
    const { url } = await act(client, `/invoices/${invoice.id}/public-url`)
    expect(url).toMatch(/^http:\/\/localhost:3000\/p\/[A-Za-z0-9_-]{43}$/)
    expect((await act(client, `/invoices/${invoice.id}/public-url`)).url).toBe(url)
    expect(json(await client.get(`/invoices/${invoice.id}/public-url`)).data).toEqual({ url })

    const view = await anonymous(`/public/documents/${tokenOf(url)}`)
    expect(view.statusCode, view.body).toBe(200)
    expect(json(view).data).toEqual({
      kind: 'invoice',
      title: 'Facture',
      reference: invoice.reference,
      name: 'Site vitrine',
      description: null,
      datedAt: '2026-11-02',
      dueAt: '2026-12-02',
      stateLabel: invoice.state.name,
      taxFree: false,
      seller: {
        name: 'Atelier Martin',
        address: {
          street: '12 rue de la Paix',
          complement1: null,
          complement2: null,
          postcode: '75002',
          city: 'Paris',
          countryName: 'France',
        },
      },
      buyer: { name: 'Danone' },
      lines: [
        {
          name: 'Conseil',
          description: 'Atelier',
          quantity: '2',
          unit: expect.any(String),
          unitPrice: '150',
          vatRate: '20',
          totalTaxExcluded: '300.00',
        },
        {
          name: 'Développement',
          description: null,
          quantity: '1',
          unit: expect.any(String),
          unitPrice: '100',
          vatRate: '10',
          totalTaxExcluded: '100.00',
        },
      ],
      totalTaxExcluded: '400.00',
      totalTaxes: '70.00',
      totalTaxIncluded: '470.00',
      vatBreakdown: [
        { ratePercent: '20', taxExcluded: '300.00', taxAmount: '60.00' },
        { ratePercent: '10', taxExcluded: '100.00', taxAmount: '10.00' },
      ],
    })

    const pdf = await anonymous(`/public/documents/${tokenOf(url)}/pdf`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF')
  })

  it('answers the same 404 for a revoked link and an unknown one, and a new link after revoking is new', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await validatedInvoice(client)
    const { url } = await act(client, `/invoices/${invoice.id}/public-url`)
    const revoked = await client.delete(`/invoices/${invoice.id}/public-url`)
    expect(revoked.statusCode).toBe(204)
    const gone = await anonymous(`/public/documents/${tokenOf(url)}`)
    const unknown = await anonymous(`/public/documents/${'x'.repeat(43)}`)
    const short = await anonymous('/public/documents/abc')
    expect(gone.statusCode).toBe(404)
    expect(json(gone)).toEqual({ message: messages.sending.linkInvalid, code: 'NOT_FOUND' })
    expect(unknown.body).toBe(gone.body)
    expect(short.body).toBe(gone.body)
    expect((await anonymous(`/public/documents/${tokenOf(url)}/pdf`)).statusCode).toBe(404)
    const again = await act(client, `/invoices/${invoice.id}/public-url`)
    expect(again.url).not.toBe(url)
  })

  it("refuses to share a draft and answers 404 for another organisation's document", async () => {
    const { client } = await vatPayer(ctx.app)
    const draft = await createInvoice(client, invoiceBody())
    const refused = await client.post(`/invoices/${draft.id}/public-url`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused).message).toBe(messages.sending.draftNotShareable)

    const invoice = await validatedInvoice(client)
    const stranger = await vatPayer(ctx.app)
    expect((await stranger.client.post(`/invoices/${invoice.id}/public-url`)).statusCode).toBe(404)
    expect((await stranger.client.delete(`/invoices/${invoice.id}/public-url`)).statusCode).toBe(404)
    expect((await stranger.client.get(`/invoices/${invoice.id}/public-url`)).statusCode).toBe(404)
  })

  it('shares a quote, and stops showing it when it goes back to draft', async () => {
    const { client } = await vatPayer(ctx.app)
    const customer = await createCustomer(client)
    const quote = await createQuote(client, quoteBody({ contactId: customer.contactId }))
    await client.patch(`/quotes/${quote.id}/state`, { stateId: 3 })
    const { url } = await act(client, `/quotes/${quote.id}/public-url`)
    const view = json(await anonymous(`/public/documents/${tokenOf(url)}`)).data
    expect(view).toMatchObject({ kind: 'quote', title: 'Devis', buyer: { name: 'Danone' } })
    await client.patch(`/quotes/${quote.id}/state`, { stateId: 1 })
    expect((await anonymous(`/public/documents/${tokenOf(url)}`)).statusCode).toBe(404)
  })

  it('limits how often one address reads public documents', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 125; i++) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/public/documents/${'y'.repeat(43)}`,
        remoteAddress: '10.8.8.8',
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('share link requests', () => {
  it('makes the link from no body, an empty body or {} alike', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await validatedInvoice(client)
    const customer = await createCustomer(client)
    const quote = await createQuote(client, quoteBody({ contactId: customer.contactId }))
    await client.patch(`/quotes/${quote.id}/state`, { stateId: 3 })
    for (const path of [`/invoices/${invoice.id}/public-url`, `/quotes/${quote.id}/public-url`]) {
      const none = await client.request('POST', path)
      expect(none.statusCode, none.body).toBe(200)
      const empty = await client.request('POST', path, '', { 'content-type': 'application/json' })
      expect(empty.statusCode, empty.body).toBe(200)
      const braces = await client.post(path, {})
      expect(braces.statusCode, braces.body).toBe(200)
      const urls = [none, empty, braces].map((response) => json(response).data.url)
      expect(new Set(urls).size).toBe(1)
    }
  })

  it('answers 404, never a 500, for ids of 2^40 and 2^53 and for a malformed token', async () => {
    const { client } = await vatPayer(ctx.app)
    for (const huge of [2 ** 40, 2 ** 53]) {
      for (const model of ['invoices', 'quotes']) {
        expect((await client.get(`/${model}/${huge}/public-url`)).statusCode).toBe(404)
        expect((await client.request('POST', `/${model}/${huge}/public-url`)).statusCode).toBe(404)
        expect((await client.delete(`/${model}/${huge}/public-url`)).statusCode).toBe(404)
      }
    }
    for (const token of ['x', '%00', 'z'.repeat(100)]) {
      const response = await anonymous(`/public/documents/${token}`)
      expect(response.statusCode).toBe(404)
      expect(json(response).code).toBe('NOT_FOUND')
      expect((await anonymous(`/public/documents/${token}/pdf`)).statusCode).toBe(404)
    }
  })
})
