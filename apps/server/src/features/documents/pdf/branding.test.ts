import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { PDFDocument } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { type Client, useTestContext } from '../../../../test/helpers'
import {
  act,
  createCustomer,
  createInvoice,
  createQuote,
  createValidatedInvoice,
  invoiceBody,
  quoteBody,
  vatPayer,
} from '../../../../test/sales'
import { poppler } from './poppler.test-helper'

const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })
const require = createRequire(import.meta.url)

/** A real 476×266 PNG shipped with the Inter package. */
const LOGO = readFileSync(require.resolve('@expo-google-fonts/inter/font-family.png'))

async function letterhead(words: string) {
  const doc = await PDFDocument.create()
  doc.addPage([595, 842]).drawText(words, { x: 50, y: 800 })
  return Buffer.from(await doc.save())
}

async function upload(client: Client, field: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name)
  const encoded = new Response(form)
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/settings/files',
    remoteAddress: client.ip,
    headers: {
      ...(client.cookie ? { cookie: client.cookie } : {}),
      'x-requested-with': 'fetch',
      'content-type': encoded.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
}

describe('Factur-X', () => {
  it('embeds the CII XML as factur-x.xml, declared in the XMP, in every validated invoice', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(client)
    const response = await client.get(`/invoices/${invoice.id}/pdf`)
    expect(response.statusCode).toBe(200)
    const pdf = poppler(response.rawPayload)
    if (!pdf) return
    expect(await pdf.attachments()).toEqual(['factur-x.xml'])
    const xml = await pdf.attachment('factur-x.xml')
    expect(xml).toContain('CrossIndustryInvoice')
    expect(xml).toContain(invoice.reference)
    const served = await client.get(`/invoices/${invoice.id}/factur-x.xml`)
    if (served.statusCode === 200) expect(xml).toBe(served.body)
    const { metadata } = await pdf.info()
    expect(metadata).toContain('<pdfaid:part>3</pdfaid:part>')
    expect(metadata).toContain('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#')
    expect(metadata).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>')
    expect(metadata).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>')
    expect(metadata).toContain('<fx:Version>1.0</fx:Version>')
    expect(metadata).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>')
    // /AFRelationship /Data: the value France uses for the EN 16931 profile.
    expect(response.rawPayload.toString('latin1')).toContain('/AFRelationship /Data')
  })

  it('embeds it in credit notes too, but not in drafts, quotes or the "acquittée" copy', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(client)
    const credit = await act(client, `/invoices/${invoice.id}/credit-note`, 201, { partial: false })
    const creditDone = credit.reference ? credit : await act(client, `/invoices/${credit.id}/validate`)
    const draft = await createInvoice(client, invoiceBody())
    const quote = await createQuote(client, quoteBody())
    const paid = await createValidatedInvoice(client)
    await act(client, `/invoices/${paid.id}/mark-as-paid`, 200, { paymentDateAt: '2026-11-10' })
    const attachments = async (path: string) => {
      const response = await client.get(path)
      expect(response.statusCode, response.body).toBe(200)
      return poppler(response.rawPayload)?.attachments() ?? null
    }
    const credited = await attachments(`/invoices/${creditDone.id}/pdf`)
    if (credited === null) return
    expect(credited).toEqual(['factur-x.xml'])
    expect(await attachments(`/invoices/${draft.id}/pdf`)).toEqual([])
    expect(await attachments(`/quotes/${quote.id}/pdf`)).toEqual([])
    expect(await attachments(`/invoices/${paid.id}/pdf?paid=true`)).toEqual([])
  })
})

describe('branding files', () => {
  it('prints the uploaded logo at the top of the first page', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(client)
    const before = poppler((await client.get(`/invoices/${invoice.id}/pdf`)).rawPayload)
    await upload(client, 'logo', LOGO, 'logo.png', 'image/png')
    const response = await client.get(`/invoices/${invoice.id}/pdf`)
    const pdf = poppler(response.rawPayload)
    if (!pdf || !before) return
    expect(await before.images()).toHaveLength(0)
    const images = await pdf.images()
    expect(images.length).toBeGreaterThanOrEqual(1)
    expect(images[0]?.[0]).toBe(1)
    expect(images[0]?.slice(3, 5)).toEqual([476, 266])
  })

  it('lays the background PDF under the first page and the other one under the next pages', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const lines = Array.from({ length: 40 }, (_, i) => ({
      name: `Prestation ${i + 1}`,
      type: 'SERVICE',
      quantity: '1',
      amount: '10',
      unitId: 1,
      taxId: 1,
    }))
    const draft = await createInvoice(client, invoiceBody({ contactId, lines }))
    await upload(client, 'background', await letterhead('Papier premiere page'), 'fond.pdf', 'application/pdf')
    await upload(
      client,
      'background_next_pages',
      await letterhead('Papier pages suivantes'),
      'suite.pdf',
      'application/pdf',
    )
    const response = await client.get(`/invoices/${draft.id}/pdf`)
    expect(response.statusCode).toBe(200)
    const pdf = poppler(response.rawPayload)
    if (!pdf) return
    const pages = await pdf.pages()
    expect(pages.length).toBeGreaterThanOrEqual(2)
    expect(pages[0]).toContain('Papier premiere page')
    expect(pages[0]).toContain('Prestation 1')
    expect(pages[0]).not.toContain('Papier pages suivantes')
    expect(pages[1]).toContain('Papier pages suivantes')
  })
})
