import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { SAMPLE_FILES, sendFiles } from '../../../../test/money'
import { vatPayer } from '../../../../test/sales'
import { CII_INVOICE, edit, encode, UBL_CREDIT_NOTE, UBL_INVOICE } from './e-invoices/samples.test-helper'

/** GET /receipts/{id}/e-invoice: a received CII or UBL file read again for the receipt's readable view. */

const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })

async function uploaded(client: Client, name: string, bytes: Uint8Array): Promise<number> {
  const response = await sendFiles(ctx.app, client, '/receipts', [{ name, bytes }])
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data[0].id
}

const view = (client: Client, id: number) => client.get(`/receipts/${id}/e-invoice`)

describe('the readable view of a received e-invoice', () => {
  it('reads a CII receipt: its lines, parties with their addresses, totals and VAT', async () => {
    const { client } = await vatPayer(ctx.app)
    const id = await uploaded(client, 'beaulieu.xml', encode(CII_INVOICE))
    const response = await view(client, id)
    expect(response.statusCode, response.body).toBe(200)
    const invoice = json(response).data
    expect(invoice).toMatchObject({
      format: 'cii',
      number: '2026/IB/0931',
      typeCode: '380',
      issueDate: '2026-11-15',
      dueDate: '2026-12-31',
      seller: {
        name: 'Imprimerie Beaulieu SAS',
        siren: '412345670',
        vatNumber: 'FR96412345670',
        address: { lines: ['4 quai Saint-Antoine'], postcode: '69002', city: 'Lyon', country: 'FR' },
      },
      buyer: { name: 'Atelier Martin & Fils', siren: '732829320' },
      totalTaxExcluded: '1150.00',
      totalTax: '215.00',
      totalTaxIncluded: '1365.00',
      amountDue: '1365.00',
      paymentTerms: 'Paiement à 30 jours fin de mois.',
      notes: ['Escompte pour paiement anticipé : néant.'],
    })
    expect(invoice.lines.map((line: Record<string, string>) => [line.name, line.quantity, line.netAmount])).toEqual([
      ['Impression catalogue 32 pages', '500', '1000.00'],
      ['Transport', '1', '150.00'],
    ])
    expect(invoice.vatBreakdown).toHaveLength(2)
  })

  it('reads a UBL invoice and a UBL credit note with the invoice it corrects', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = json(await view(client, await uploaded(client, 'lefevre.xml', encode(UBL_INVOICE)))).data
    expect(invoice).toMatchObject({
      format: 'ubl',
      number: 'FA-2026-0457',
      prepaidAmount: '100.00',
      amountDue: '284.40',
      buyerReference: 'Commande 2026-118',
      seller: { iban: 'FR7630004000031234567890143', address: { city: 'Orléans' } },
    })
    expect(invoice.lines).toHaveLength(2)
    const credit = json(await view(client, await uploaded(client, 'avoir.xml', encode(UBL_CREDIT_NOTE)))).data
    expect(credit).toMatchObject({
      format: 'ubl',
      typeCode: '381',
      totalTaxIncluded: '81.10',
      precedingInvoices: [{ number: 'FA-2026-0457', issueDate: '2026-11-04' }],
    })
    expect(credit.lines[0]).toMatchObject({ name: 'Ramette papier A4 80 g (retour)', quantity: '10' })
  })

  it('answers 404 for a receipt whose file is no e-invoice, or an e-invoice that could not be accepted', async () => {
    const { client } = await vatPayer(ctx.app)
    const scan = await uploaded(client, 'ticket.pdf', SAMPLE_FILES.pdf)
    const photo = await uploaded(client, 'ticket.png', SAMPLE_FILES.png)
    const broken = await uploaded(
      client,
      'cassee.xml',
      encode(edit(UBL_INVOICE, /<cbc:ID>[^<]+<\/cbc:ID>/, '<cbc:ID></cbc:ID>')),
    )
    for (const id of [scan, photo, broken]) {
      const response = await view(client, id)
      expect(response.statusCode, `${id}`).toBe(404)
      expect(json(response)).toMatchObject({ code: 'NOT_FOUND' })
    }
  })

  it('answers 404 for another organisation’s receipt, and for one that does not exist', async () => {
    const { client: owner } = await vatPayer(ctx.app)
    const id = await uploaded(owner, 'beaulieu.xml', encode(CII_INVOICE))
    const { client: stranger } = await vatPayer(ctx.app)
    expect((await view(stranger, id)).statusCode).toBe(404)
    expect((await view(owner, 2_000_000)).statusCode).toBe(404)
  })
})
