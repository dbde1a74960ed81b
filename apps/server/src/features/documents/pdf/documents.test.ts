import { QUOTE_STATE_IDS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, organizationEdit, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import {
  act,
  createCustomer,
  createQuote,
  createValidatedInvoice,
  line,
  quoteBody,
  vatPayer,
} from '../../../../test/sales'
import { organizationPaymentModes } from '../../../db/schema'
import { flatText, poppler } from './poppler.test-helper'

const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })

async function pdfOf(client: Client, path: string) {
  const response = await client.get(path)
  expect(response.statusCode, response.body).toBe(200)
  return { response, pdf: poppler(response.rawPayload) }
}

describe('invoice shapes', () => {
  it('spreads 60 lines over three pages, the table header and the page number on each', async () => {
    const { client } = await vatPayer(ctx.app)
    const lines = Array.from({ length: 60 }, (_, i) =>
      line({ name: `Prestation ${i + 1}`, description: i % 3 === 0 ? 'Détail de la prestation' : null }),
    )
    const invoice = await createValidatedInvoice(client, { lines })
    const { pdf } = await pdfOf(client, `/invoices/${invoice.id}/pdf`)
    if (!pdf) return
    const pages = await pdf.pages()
    expect(pages).toHaveLength(3)
    pages.forEach((page, index) => {
      expect(page).toContain('Désignation')
      expect(page).toContain(`Page ${index + 1}/3`)
    })
    const text = await pdf.text()
    for (const n of [1, 30, 60]) expect(text).toContain(`Prestation ${n}\n`.replace('\n', ''))
    expect(flatText(text)).toContain('6 000,00 €')
  })

  it('prints a single "Net à payer" and the art. 293 B mention for a tax-free organisation, without VAT column', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const invoice = await createValidatedInvoice(client, { lines: [line({ amount: '850' })] })
    const { pdf } = await pdfOf(client, `/invoices/${invoice.id}/pdf`)
    if (!pdf) return
    const text = flatText(await pdf.text())
    expect(text).toContain('Net à payer 850,00 €')
    expect(text).toContain('TVA non applicable, art. 293 B du CGI')
    expect(text).not.toContain('Total HT')
    expect(text).not.toContain('Détail de la TVA')
    expect(text).not.toMatch(/\bTVA\s+Total\b/)
    expect(text).not.toContain('20 %')
  })

  it('names the invoice a credit note corrects', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(client)
    const credit = await act(client, `/invoices/${invoice.id}/credit-note`, 201, { partial: false })
    const ready = credit.reference ? credit : await act(client, `/invoices/${credit.id}/validate`)
    const { response, pdf } = await pdfOf(client, `/invoices/${ready.id}/pdf`)
    expect(response.headers['content-disposition']).toContain(`filename="Avoir ${ready.reference}.pdf"`)
    if (!pdf) return
    const text = flatText(await pdf.text())
    expect(text).toContain('Avoir')
    expect(text).toContain(`Avoir sur la facture ${invoice.reference}`)
    expect(text).toContain('-120,00 €')
  })

  it('prints a deposit invoice, then deducts it on the final invoice', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const quote = await createQuote(client, quoteBody({ contactId, lines: [line({ amount: '1000' })] }))
    expect((await client.patch(`/quotes/${quote.id}/state`, { stateId: QUOTE_STATE_IDS.VALIDATED })).statusCode).toBe(
      200,
    )
    const deposit = await act(client, `/quotes/${quote.id}/deposits`, 201, { percentage: 30, deposit_type: 'percent' })
    const depositDone = await act(client, `/invoices/${deposit.id}/validate`)
    const depositPdf = await pdfOf(client, `/invoices/${deposit.id}/pdf`)
    if (depositPdf.pdf) {
      const text = flatText(await depositPdf.pdf.text())
      expect(text).toContain("Facture d'acompte")
      expect(text).toContain('360,00 €')
    }
    const final = await act(client, `/quotes/${quote.id}/invoice`, 201)
    const finalDone = await act(client, `/invoices/${final.id}/validate`)
    const { pdf } = await pdfOf(client, `/invoices/${finalDone.id}/pdf`)
    if (!pdf) return
    const text = flatText(await pdf.text())
    expect(text).toContain('ACOMPTES DÉDUITS')
    expect(text).toContain(`Acompte ${depositDone.reference} du 15/11/2026 360,00 €`)
    expect(text).toContain('-300,00 €')
    expect(text).toContain('Net à payer 840,00 €')
  })

  it('gives paid invoices their "Facture acquittée" version, with the payment date', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(client)
    await act(client, `/invoices/${invoice.id}/mark-as-paid`, 200, { paymentDateAt: '2026-11-10' })
    const { response, pdf } = await pdfOf(client, `/invoices/${invoice.id}/pdf?paid=true`)
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''Facture%20acquitt%C3%A9e%20${encodeURIComponent(invoice.reference)}.pdf`,
    )
    if (!pdf) return
    const text = flatText(await pdf.text())
    expect(text).toContain('Facture acquittée')
    expect(text).toContain('ACQUITTÉE LE 10/11/2026')
    const plain = poppler((await client.get(`/invoices/${invoice.id}/pdf`)).rawPayload)
    expect(flatText((await plain?.text()) ?? '')).not.toContain('acquittée')
  })
})

describe('what every PDF carries', () => {
  it('embeds every font (no standard font) and declares PDF/A-3b in French', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(client)
    const { pdf } = await pdfOf(client, `/invoices/${invoice.id}/pdf`)
    if (!pdf) return
    const fonts = await pdf.fonts()
    expect(fonts.length).toBeGreaterThan(0)
    for (const font of fonts) {
      expect(font.embedded, font.name).toBe(true)
      expect(font.name).toMatch(/\+Inter-/)
    }
    const info = await pdf.info()
    expect(info.metadata).toContain('<pdfaid:part>3</pdfaid:part>')
    expect(info.metadata).toContain('<pdfaid:conformance>B</pdfaid:conformance>')
    expect(info['PDF version']).toBe('1.7')
  })

  it("prints the seller's legal identity (SIREN, RCS, capital, VAT number) and the IBAN for transfers", async () => {
    const { client, organization } = await vatPayer(ctx.app)
    const updated = await client.patch('/organization', {
      ...organizationEdit({ taxRegimeId: 2 }),
      name: 'Martin Conseil',
      legalFormId: 8,
      registrySiren: '732829320',
      registryCapital: '10000',
      registryName: 'RCS Lyon',
      registryIntra: 'FR44732829320',
      email: 'contact@martin-conseil.fr',
      address: { street: '3 rue des Lilas', postcode: '69003', city: 'Lyon' },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    // The payment-modes settings route belongs to the sales settings; the row it writes is set here directly.
    await ctx.database.db.insert(organizationPaymentModes).values({
      organizationId: organization.id,
      paymentModeId: 1,
      isActive: true,
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
    })
    const invoice = await createValidatedInvoice(client)
    const { pdf } = await pdfOf(client, `/invoices/${invoice.id}/pdf`)
    if (!pdf) return
    const text = flatText(await pdf.text())
    expect(text).toContain('Martin Conseil')
    expect(text).toContain('SARL au capital de 10 000 €')
    expect(text).toContain('SIREN 732 829 320')
    expect(text).toContain('RCS Lyon')
    expect(text).toContain('N° TVA FR44732829320')
    expect(text).toContain('3 rue des Lilas')
    expect(text).toContain('FR76 3000 6000 0112 3456 7890 189')
    expect(text).toContain('AGRIFRPP')
    expect(text).toContain('Virement bancaire')
    // Business customer: the late-payment indemnity of L441-10.
    expect(text).toContain('40 €')
  })

  it("prints the bank account's IBAN and BIC on a transfer invoice when the payment modes hold none", async () => {
    const { client } = await vatPayer(ctx.app)
    const bank = await client.post('/journals', {
      name: 'Compte pro',
      journalTypeId: 1,
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
    })
    expect(bank.statusCode, bank.body).toBe(201)
    const invoice = await createValidatedInvoice(client)
    const { pdf } = await pdfOf(client, `/invoices/${invoice.id}/pdf`)
    if (!pdf) return
    const text = flatText(await pdf.text())
    expect(text).toContain('Virement bancaire')
    expect(text).toContain('FR76 3000 6000 0112 3456 7890 189')
    expect(text).toContain('AGRIFRPP')
  })

  it('wraps a long customer name once and cuts it with an ellipsis, never over many lines', async () => {
    const { client } = await vatPayer(ctx.app)
    const name = `${'Société des Établissements Durand et Associés pour la Construction '.repeat(3)}FINDUNOM`
    const invoice = await createValidatedInvoice(client, {}, { name })
    const { pdf } = await pdfOf(client, `/invoices/${invoice.id}/pdf`)
    if (!pdf) return
    const text = await pdf.text()
    expect(text).toContain('Société des Établissements')
    expect(text).toContain('…')
    expect(text).not.toContain('FINDUNOM')
    expect(text.split('\n').filter((row) => row.includes('Établissements')).length).toBeLessThanOrEqual(2)
  })

  it('follows a change of colour and title font saved in the settings', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(client)
    const before = await pdfOf(client, `/invoices/${invoice.id}/pdf`)
    const saved = await client.patch('/settings', { colorPrimary: '#aa3355', fontId: 6 })
    expect(saved.statusCode, saved.body).toBe(200)
    const after = await pdfOf(client, `/invoices/${invoice.id}/pdf`)
    expect(after.response.rawPayload.equals(before.response.rawPayload)).toBe(false)
    if (!after.pdf || !before.pdf) return
    expect((await before.pdf.fonts()).some((font) => font.name.includes('Merriweather'))).toBe(false)
    expect((await after.pdf.fonts()).some((font) => font.name.includes('Merriweather'))).toBe(true)
  })
})

describe('appearance preview', () => {
  it('renders the sample invoice with an unsaved colour and font, for the organisation', async () => {
    const { client } = await vatPayer(ctx.app)
    const { response, pdf } = await pdfOf(client, '/settings/appearance/preview.pdf?colorPrimary=%23aabbcc&fontId=5')
    expect(response.headers['content-type']).toBe('application/pdf')
    if (!pdf) return
    expect((await pdf.fonts()).some((font) => font.name.includes('Montserrat'))).toBe(true)
    const text = flatText(await pdf.text())
    expect(text).toContain('Atelier Martin')
    expect(text).toContain('Facture')
  })

  it('refuses a malformed colour or an unknown font as a bad query (400), with French messages', async () => {
    const { client } = await vatPayer(ctx.app)
    const color = await client.get('/settings/appearance/preview.pdf?colorPrimary=red')
    expect(color.statusCode).toBe(400)
    expect(json(color).errors.colorPrimary).toEqual(['La couleur doit être au format #RRGGBB.'])
    const font = await client.get('/settings/appearance/preview.pdf?fontId=99')
    expect(font.statusCode).toBe(400)
    expect(json(font).errors.fontId).toEqual(["Cette police n'existe pas."])
  })
})
