import { describe, expect, it } from 'vitest'
import { json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import {
  act,
  createCustomer,
  createInvoice,
  createQuote,
  createValidatedInvoice,
  invoiceBody,
  line,
  quoteBody,
  vatPayer,
} from '../../../../test/sales'
import { flatText, poppler } from './poppler.test-helper'

const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })

describe('invoice PDF', () => {
  it('answers a one-line invoice as an inline PDF named after its number, with the core content', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(client, { lines: [line({ name: 'Audit SEO', amount: '1234.5' })] })
    const response = await client.get(`/invoices/${invoice.id}/pdf`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toContain(`filename="Facture ${invoice.reference}.pdf"`)
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const pdf = poppler(response.rawPayload)
    if (!pdf) return
    const text = flatText(await pdf.text())
    expect(text).toContain('Facture')
    expect(text).toContain(`N° ${invoice.reference}`)
    expect(text).toContain('Audit SEO')
    expect(text).toContain('02/11/2026')
    expect(text).toContain('02/12/2026')
    expect(text).toContain('Danone')
    expect(text).toContain('1 234,50 €')
    expect(text).toContain('1 481,40 €')
    expect(text).toContain('Page 1/1')
    expect((await pdf.info()).Pages).toBe('1')
  })

  it('answers a draft under "Brouillon", named after its id', async () => {
    const { client } = await vatPayer(ctx.app)
    const draft = await createInvoice(client, invoiceBody())
    const response = await client.get(`/invoices/${draft.id}/pdf`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toContain(`filename="Brouillon facture ${draft.id}.pdf"`)
    const pdf = poppler(response.rawPayload)
    if (!pdf) return
    expect(await pdf.text()).toContain('Brouillon')
  })

  it("answers 404 for another organisation's invoice or quote", async () => {
    const owner = await vatPayer(ctx.app)
    const invoice = await createInvoice(owner.client, invoiceBody())
    const quote = await createQuote(owner.client, quoteBody())
    const other = await signUpWithOrganization(ctx.app)
    expect((await other.client.get(`/invoices/${invoice.id}/pdf`)).statusCode).toBe(404)
    expect((await other.client.get(`/quotes/${quote.id}/pdf`)).statusCode).toBe(404)
  })

  it('refuses the paid version of an unpaid invoice with 409 and a French message', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(client)
    const response = await client.get(`/invoices/${invoice.id}/pdf?paid=true`)
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({
      code: 'INVOICE_NOT_PAID',
      message: "Cette facture n'est pas payée : sa version acquittée n'existe pas encore.",
    })
  })
})

describe('delivery and repeat downloads', () => {
  it('prints the delivery address when it differs from the billing one, and serves the same file twice', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId, addressId } = await createCustomer(client)
    const site = await client.post('/addresses', {
      addressableType: 'contact',
      addressableId: contactId,
      addressTypeId: 2,
      name: 'Entrepôt',
      street: '5 quai de la Gare',
      postcode: '13002',
      city: 'Marseille',
      countryId: 71,
    })
    expect(site.statusCode, site.body).toBe(201)
    const draft = await createInvoice(
      client,
      invoiceBody({ contactId, billingAddressId: addressId, deliveryAddressId: json(site).data.id }),
    )
    const invoice = await act(client, `/invoices/${draft.id}/validate`)
    const first = await client.get(`/invoices/${invoice.id}/pdf`)
    const second = await client.get(`/invoices/${invoice.id}/pdf`)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    const pdf = poppler(first.rawPayload)
    if (!pdf) return
    const text = flatText(await pdf.text())
    expect(text).toContain('ADRESSE DE LIVRAISON')
    expect(text).toContain('5 quai de la Gare')
    expect(text).toContain('13002 Marseille')
  })
})

describe('quote PDF', () => {
  it('prints "Devis" with its validity date', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const quote = await createQuote(client, quoteBody({ contactId }))
    const response = await client.get(`/quotes/${quote.id}/pdf`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    const pdf = poppler(response.rawPayload)
    if (!pdf) return
    const text = flatText(await pdf.text())
    expect(text).toContain('Devis')
    expect(text).toContain("Valable jusqu'au 02/12/2026")
    expect(text).toContain('Refonte du site')
    expect(text).toContain('Bon pour accord')
  })
})

describe('PDF requests', () => {
  it('answers 404, never a 500, for ids of 2^40 and 2^53', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    for (const huge of [2 ** 40, 2 ** 53]) {
      expect((await client.get(`/invoices/${huge}/pdf`)).statusCode).toBe(404)
      expect((await client.get(`/invoices/${huge}/pdf?paid=true`)).statusCode).toBe(404)
      expect((await client.get(`/quotes/${huge}/pdf`)).statusCode).toBe(404)
      expect((await client.get(`/invoices/${huge}/factur-x.xml`)).statusCode).toBe(404)
    }
  })
})
