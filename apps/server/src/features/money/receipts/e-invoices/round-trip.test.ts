import { compare, negate, PAYMENT_MODE_IDS, QUOTE_STATE_IDS, TAX_IDS, toCents } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../../test/helpers'
import {
  act,
  createCustomer,
  createInvoice,
  createQuote,
  frenchSeller,
  invoiceBody,
  line,
  quoteBody,
} from '../../../../../test/sales'
import { type ReceivedInvoice, readEInvoice } from './index'
import type { ReceivedInvoiceReading } from './readable'

/**
 * A Factur-X PDF made by Carnet's sales side for another organisation is read back by its receipts side exactly:
 * what one Carnet user sends, the other receives, field for field.
 */

const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })

const IBAN = 'FR7630006000011234567890189'

async function acceptTransfers(client: Client) {
  const response = await client.patch(`/settings/payment-modes/${PAYMENT_MODE_IDS.TRANSFERT}`, {
    isActive: true,
    iban: 'FR76 3000 6000 0112 3456 7890 189',
    bic: 'AGRIFRPP',
    accountName: 'Atelier Martin',
  })
  expect(response.statusCode, response.body).toBe(200)
}

async function validated(client: Client, id: number) {
  await act(client, `/invoices/${id}/validate`)
  return json(await client.get(`/invoices/${id}`)).data
}

async function pdfOf(client: Client, id: number) {
  const response = await client.get(`/invoices/${id}/pdf`)
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toBe('application/pdf')
  return new Uint8Array(response.rawPayload)
}

type Dto = {
  reference: string
  datedAt: string
  paymentLimitAt: string
  isCreditNote: boolean
  isDeposit: boolean
  totalTaxExcluded: string
  totalTaxes: string
  totalTaxIncluded: string
  amount: string
  vatBreakdown: { ratePercent: string; taxExcluded: string; taxAmount: string }[]
}

/** What the books take from a received invoice; the parts for reading it are checked on their own. */
type BookedPart = Omit<ReceivedInvoice, keyof ReceivedInvoiceReading | 'seller' | 'buyer'> & {
  seller: Omit<ReceivedInvoice['seller'], 'address'>
  buyer: Omit<ReceivedInvoice['buyer'], 'address'>
}

/**
 * What the receiver must read from the sender's invoice as the API shows it. Credit notes are stored negative and
 * sent positive (type 381); 0 % is category E (exempt or franchise), any other rate S; the due date never precedes
 * the issue date.
 */
function expectedFrom(
  dto: Dto,
  seller: { vatNumber: string | null; iban: string | null },
  options: { taxFree?: boolean } = {},
): BookedPart {
  const shown = (amount: string) => toCents(dto.isCreditNote ? negate(amount) : amount)
  return {
    number: dto.reference,
    issueDate: dto.datedAt,
    dueDate: dto.paymentLimitAt < dto.datedAt ? dto.datedAt : dto.paymentLimitAt,
    typeCode: dto.isCreditNote ? '381' : dto.isDeposit ? '386' : '380',
    currency: 'EUR',
    seller: { name: 'Atelier Martin & Fils', siren: '732829320', siret: null, ...seller },
    buyer: { name: 'Danone', siren: '552032534', vatNumber: 'FR27552032534' },
    totalTaxExcluded: shown(dto.totalTaxExcluded),
    totalTax: shown(dto.totalTaxes),
    totalTaxIncluded: shown(dto.totalTaxIncluded),
    amountDue: shown(dto.amount),
    vatBreakdown: dto.vatBreakdown.map((entry) => ({
      ratePercent: toCents(options.taxFree ? '0' : entry.ratePercent),
      taxableAmount: shown(entry.taxExcluded),
      taxAmount: shown(entry.taxAmount),
      categoryCode: options.taxFree || compare(entry.ratePercent, 0) === 0 ? 'E' : 'S',
    })),
  }
}

describe('a Carnet Factur-X invoice, received by another Carnet organisation', () => {
  it('reads back an invoice with three VAT rates, discounts, delivery fees, disbursements and an IBAN', async () => {
    const { client } = await frenchSeller(ctx.app)
    await acceptTransfers(client)
    expect((await client.patch('/settings', { hasDiscounts: true })).statusCode).toBe(200)
    const { contactId } = await createCustomer(client)
    const draft = await createInvoice(
      client,
      invoiceBody({
        contactId,
        lines: [
          line({ quantity: '3', amount: '123.456', discount: { percentage: '10' }, unitId: 2 }),
          line({ quantity: '2', amount: '49.99', taxId: TAX_IDS.VT_FR_5_5, discount: { amount: '5' } }),
          line({ quantity: '1.5', amount: '250', taxId: TAX_IDS.VT_FR_10, type: 'PRODUCT', unitId: 3 }),
        ],
        discount: { percentage: '10' },
        deliveryFees: '15',
        disbursement: '30',
      }),
    )
    const invoice = await validated(client, draft.id)
    expect(invoice.vatBreakdown.length).toBe(4)
    const read = await readEInvoice(await pdfOf(client, invoice.id), `Facture ${invoice.reference}.pdf`)
    expect(read).toMatchObject({
      kind: 'invoice',
      format: 'factur-x',
      invoice: expectedFrom(invoice, { vatNumber: 'FR44732829320', iban: IBAN }),
    })
    // The readable view shows the lines, the document's discount and fees, and the addresses as they were sent.
    expect(read.kind === 'invoice' && read.invoice.lines).toEqual(
      invoice.lines.map((sent: { quantity: string; amount: string; totalTaxExcluded: string }, index: number) => ({
        id: String(index + 1),
        name: 'Développement',
        description: null,
        quantity: sent.quantity,
        unitCode: ['HUR', 'C62', 'DAY'][index],
        netUnitPrice: sent.amount,
        priceBaseQuantity: null,
        netAmount: sent.totalTaxExcluded,
        vatCategoryCode: 'S',
        vatRatePercent: ['20.00', '5.50', '10.00'][index],
      })),
    )
    const discount = expect.stringMatching(/^Remise de 10\s%$/)
    expect(
      read.kind === 'invoice' && read.invoice.allowancesCharges.map((entry) => [entry.charge, entry.reason]),
    ).toEqual([
      [false, discount],
      [false, discount],
      [false, discount],
      [true, 'Frais de livraison'],
      [true, 'Débours'],
    ])
    expect(read.kind === 'invoice' && [read.invoice.seller.address, read.invoice.buyer.address]).toEqual([
      {
        lines: ['12 rue de la Paix', 'Bâtiment B'],
        postcode: '75002',
        city: 'Paris',
        subdivision: null,
        country: 'FR',
      },
      { lines: ['17 boulevard Haussmann'], postcode: '75009', city: 'Paris', subdivision: null, country: 'FR' },
    ])
  })

  it('reads back a credit note (381, positive amounts, no payment means) of that kind of invoice', async () => {
    const { client } = await frenchSeller(ctx.app)
    await acceptTransfers(client)
    const { contactId } = await createCustomer(client)
    const lines = [line({ amount: '200' }), line({ amount: '80', taxId: TAX_IDS.VT_FR_10 })]
    const invoice = await validated(client, (await createInvoice(client, invoiceBody({ contactId, lines }))).id)
    const credit = await act(client, `/invoices/${invoice.id}/credit-note`, 201, { partial: true, amount: '46' })
    const note = json(await client.get(`/invoices/${credit.id}`)).data
    expect(note.isCreditNote).toBe(true)
    const read = await readEInvoice(await pdfOf(client, note.id), 'avoir.pdf')
    expect(read).toMatchObject({
      kind: 'invoice',
      format: 'factur-x',
      invoice: expectedFrom(note, { vatNumber: 'FR44732829320', iban: null }),
    })
    if (read.kind === 'invoice') expect(compare(read.invoice.totalTaxIncluded, 0)).toBe(1)
    expect(read.kind === 'invoice' && read.invoice.precedingInvoices).toEqual([
      { number: invoice.reference, issueDate: invoice.datedAt },
    ])
  })

  it('reads back a deposit invoice (386) of a quote', async () => {
    const { client } = await frenchSeller(ctx.app)
    await acceptTransfers(client)
    const { contactId } = await createCustomer(client)
    const quote = await createQuote(
      client,
      quoteBody({ contactId, lines: [line({ amount: '999.99' }), line({ amount: '75.5', taxId: TAX_IDS.VT_FR_5_5 })] }),
    )
    const state = await client.patch(`/quotes/${quote.id}/state`, { stateId: QUOTE_STATE_IDS.VALIDATED })
    expect(state.statusCode, state.body).toBe(200)
    const deposit = await act(client, `/quotes/${quote.id}/deposits`, 201, { percentage: 30, deposit_type: 'percent' })
    const dto = await validated(client, deposit.id)
    expect(dto.isDeposit).toBe(true)
    const read = await readEInvoice(await pdfOf(client, dto.id), 'acompte.pdf')
    expect(read).toMatchObject({
      kind: 'invoice',
      format: 'factur-x',
      invoice: expectedFrom(dto, { vatNumber: 'FR44732829320', iban: IBAN }),
    })
  })

  it('reads back the invoice of a tax-free seller: no VAT number, category E at 0 %', async () => {
    const { client } = await frenchSeller(ctx.app, { taxFree: true })
    const { contactId } = await createCustomer(client)
    const draft = await createInvoice(
      client,
      invoiceBody({
        contactId,
        lines: [line({ taxId: TAX_IDS.VT_NUL }), line({ amount: '35.5', quantity: '4', taxId: TAX_IDS.VT_NUL })],
      }),
    )
    const invoice = await validated(client, draft.id)
    expect(invoice.taxFree).toBe(true)
    const read = await readEInvoice(await pdfOf(client, invoice.id), 'facture.pdf')
    expect(read).toMatchObject({
      kind: 'invoice',
      format: 'factur-x',
      invoice: expectedFrom(invoice, { vatNumber: null, iban: null }, { taxFree: true }),
    })
  })
})
