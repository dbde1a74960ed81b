import { formatNumberFr, messages, type SearchResult } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { bankAccount, SAMPLE_FILES, sendFiles, transaction } from '../../../../test/money'
import {
  act,
  createCustomer,
  createInvoice,
  createQuote,
  frenchSeller,
  invoiceBody,
  quoteBody,
  vatPayer,
} from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

const search = (client: Client, query: unknown) => client.post('/search', { query })

async function found(client: Client, query: string): Promise<SearchResult[]> {
  const response = await search(client, query)
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data
}

const kinds = (results: SearchResult[]) => results.map((result) => `${result.type}:${result.title}`)

async function item(client: Client, body: Record<string, unknown>) {
  const response = await client.post('/items', {
    unitId: 1,
    accountingEntryId: body.itemTypeId === 1 ? 401 : 406,
    priceRule: 'HT',
    ...body,
  })
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data.id as number
}

async function receipt(client: Client, name: string, fields: Record<string, unknown>) {
  const upload = await sendFiles(ctx.app, client, '/receipts', [{ name, bytes: SAMPLE_FILES.pdf }])
  expect(upload.statusCode, upload.body).toBe(201)
  const id = json(upload).data[0].id as number
  const saved = await client.patch(`/receipts/${id}`, fields)
  expect(saved.statusCode, saved.body).toBe(200)
  return id
}

/** An organisation with one of every kind the search finds. */
async function seeded() {
  const { client } = await frenchSeller(ctx.app)
  const { contactId, addressId } = await createCustomer(client, { name: 'Étude Moreau' })
  const supplier = await client.post('/contacts?relation=supplier', { contactTypeId: 2, name: 'Imprimerie Gutenberg' })
  expect(supplier.statusCode, supplier.body).toBe(201)
  const draft = await createInvoice(
    client,
    invoiceBody({ name: 'Étude de marché', contactId, billingAddressId: addressId }),
  )
  const invoice = await act(client, `/invoices/${draft.id}/validate`)
  const quote = await createQuote(client, quoteBody({ name: 'Refonte graphique', contactId }))
  const product = await item(client, { name: 'Clé USB gravée', reference: 'USB-32', amount: '12.5', itemTypeId: 1 })
  const service = await item(client, { name: 'Atelier découverte', reference: 'ATL-1', amount: '350', itemTypeId: 2 })
  const journalId = await bankAccount(client)
  const payment = await transaction(client, journalId, 'Prélèvement Électricité', '-1234.56')
  const ticket = await receipt(client, 'ticket-papeterie.pdf', {
    reference: 'TK-7788',
    taxExcluded: '83.33',
    taxIncluded: '99.99',
  })
  return {
    client,
    contactId,
    supplierId: json(supplier).data.id as number,
    invoice,
    quote,
    product,
    service,
    payment,
    ticket,
  }
}

describe('POST /search', () => {
  it('finds each kind by its name, accents and case aside, and links each to a page that opens it', async () => {
    const s = await seeded()
    const study = await found(s.client, 'ETUDE')
    expect(study).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'invoices',
          id: s.invoice.id,
          title: 'Étude de marché',
          searchable: s.invoice.reference,
          url: `/app/sales/invoices/${s.invoice.id}/show`,
        }),
        expect.objectContaining({
          type: 'customers',
          id: s.contactId,
          url: `/app/sales/customers?open=${s.contactId}`,
        }),
      ]),
    )
    expect(kinds(await found(s.client, 'refonte'))).toEqual(['quotes:Refonte graphique'])
    expect((await found(s.client, 'refonte'))[0]?.url).toBe(`/app/sales/quotes/${s.quote.id}/show`)
    expect(await found(s.client, 'gutenberg')).toEqual([
      expect.objectContaining({
        type: 'suppliers',
        id: s.supplierId,
        url: '/app/purchase/suppliers?search=Imprimerie%20Gutenberg',
      }),
    ])
    expect(await found(s.client, 'cle usb')).toEqual([
      expect.objectContaining({
        type: 'items',
        id: s.product,
        subtitle: expect.stringMatching(/^Produit · USB-32 · 12,50/),
      }),
    ])
    expect(await found(s.client, 'decouverte')).toEqual([
      expect.objectContaining({ type: 'items', id: s.service, subtitle: expect.stringMatching(/^Service · ATL-1/) }),
    ])
    expect(await found(s.client, 'electricite')).toEqual([
      expect.objectContaining({
        type: 'transactions',
        id: s.payment,
        amount: '-1234.56',
        url: `/app/financial/bank/${s.payment}/show`,
      }),
    ])
    expect(await found(s.client, 'papeterie')).toEqual([
      expect.objectContaining({ type: 'receipts', id: s.ticket, url: `/app/purchase/receipts/${s.ticket}` }),
    ])
  })

  it("finds a customer's invoices, credit notes and quotes by the customer's name, saying number, customer, amount and state", async () => {
    const { client } = await frenchSeller(ctx.app)
    const martin = await createCustomer(client, { name: 'Jean Martin' })
    const other = await createCustomer(client, { name: 'Atelier Durand' })
    const draft = await createInvoice(
      client,
      invoiceBody({ name: 'Travaux', contactId: martin.contactId, billingAddressId: martin.addressId }),
    )
    const invoice = await act(client, `/invoices/${draft.id}/validate`)
    const credit = await createInvoice(
      client,
      invoiceBody({ name: 'Geste commercial', isCreditNote: true, contactId: martin.contactId }),
    )
    const quote = await createQuote(client, quoteBody({ name: 'Extension', contactId: martin.contactId }))
    const elsewhere = await createInvoice(client, invoiceBody({ name: 'Autre chantier', contactId: other.contactId }))

    const results = await found(client, 'martin')
    expect(results.map((result) => `${result.type}:${result.id}`).sort()).toEqual(
      [`customers:${martin.contactId}`, `invoices:${invoice.id}`, `invoices:${credit.id}`, `quotes:${quote.id}`].sort(),
    )
    expect(results).not.toContainEqual(expect.objectContaining({ id: elsewhere.id, type: 'invoices' }))
    expect(results).toContainEqual(
      expect.objectContaining({
        type: 'invoices',
        id: invoice.id,
        title: 'Travaux',
        subtitle: expect.stringMatching(new RegExp(`^Facture ${invoice.reference} · Jean Martin · .+ TTC · Validée$`)),
        url: `/app/sales/invoices/${invoice.id}/show`,
      }),
    )
    expect(results).toContainEqual(
      expect.objectContaining({
        id: credit.id,
        subtitle: expect.stringMatching(/^Avoir brouillon · Jean Martin · 02\/11\/2026 · -120,00\s€ TTC$/),
      }),
    )
    expect(results).toContainEqual(
      expect.objectContaining({ type: 'quotes', id: quote.id, url: `/app/sales/quotes/${quote.id}/show` }),
    )
    // Accents and case aside, as for names.
    expect((await found(client, 'MARTÍN')).filter((result) => result.type === 'invoices')).toHaveLength(2)
  })

  it('finds documents, receipts, items and transactions by reference and by amount however it is typed', async () => {
    const s = await seeded()
    expect(await found(s.client, s.invoice.reference)).toEqual([expect.objectContaining({ id: s.invoice.id })])
    expect(kinds(await found(s.client, 'tk-7788'))).toEqual(['receipts:ticket-papeterie.pdf'])
    expect(kinds(await found(s.client, 'usb-32'))).toEqual(['items:Clé USB gravée'])

    const total = s.invoice.totalTaxIncluded as string
    for (const typed of [total, formatNumberFr(total, { decimals: 2 }), total.replace(/\.?0+$/, '')])
      expect(await found(s.client, typed), typed).toContainEqual(
        expect.objectContaining({ type: 'invoices', id: s.invoice.id }),
      )
    // The stored amount of an expense is negative; people type it without its sign, French or not.
    for (const typed of ['1234.56', '1 234,56', '1234,56'])
      expect(kinds(await found(s.client, typed)), typed).toEqual(['transactions:Prélèvement Électricité'])
    expect(kinds(await found(s.client, '99,99'))).toEqual(['receipts:ticket-papeterie.pdf'])
    expect(kinds(await found(s.client, '350'))).toContain('items:Atelier découverte')
  })

  it('finds a credit note, stored negative, by its amount as people type it, and says it is one', async () => {
    const { client } = await frenchSeller(ctx.app)
    const credit = await createInvoice(client, invoiceBody({ name: 'Geste commercial', isCreditNote: true }))
    expect(credit.totalTaxIncluded).toBe('-120.00')
    expect(await found(client, '120,00')).toEqual([
      expect.objectContaining({
        type: 'invoices',
        id: credit.id,
        amount: '-120.00',
        subtitle: expect.stringMatching(/^Avoir brouillon · 02\/11\/2026 · -120,00/),
      }),
    ])
  })

  it("never shows another organisation's rows", async () => {
    const s = await seeded()
    const other = await vatPayer(ctx.app)
    for (const query of ['etude', 'refonte', 'gutenberg', 'usb-32', 'electricite', 'papeterie', s.invoice.reference])
      expect(await found(other.client, query), query).toEqual([])
  })

  it('puts the document whose reference is the query first, before newer ones that merely mention it', async () => {
    const { client } = await frenchSeller(ctx.app)
    const { contactId, addressId } = await createCustomer(client, { name: 'Boulangerie Paul' })
    const draft = await createInvoice(client, invoiceBody({ name: 'Pain', contactId, billingAddressId: addressId }))
    const exact = await act(client, `/invoices/${draft.id}/validate`)
    // Newer, and naming the reference: recency alone would put them first.
    const mention = await createInvoice(
      client,
      invoiceBody({ name: `Relance ${exact.reference}`, datedAt: '2026-11-20' }),
    )
    const quote = await createQuote(client, quoteBody({ name: `Suite de ${exact.reference}`, datedAt: '2026-11-21' }))
    const results = await found(client, exact.reference.toLowerCase())
    expect(results.map((r) => `${r.type}:${r.id}`)).toEqual([
      `invoices:${exact.id}`,
      `invoices:${mention.id}`,
      `quotes:${quote.id}`,
    ])
  })

  it('refuses fewer than 3 characters once trimmed, in French, and a query that is no text', async () => {
    const { client } = await vatPayer(ctx.app)
    const short = await search(client, '  ab ')
    expect(short.statusCode).toBe(422)
    expect(json(short).errors).toEqual({ query: [messages.search.queryTooShort] })
    expect((await search(client, 42)).statusCode).toBe(422)
    expect((await search(client, 'x'.repeat(101))).statusCode).toBe(422)
    expect((await client.post('/search', {})).statusCode).toBe(422)
  })
})
