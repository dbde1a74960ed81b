import { messages, PAYMENT_MODE_IDS, QUOTE_STATE_IDS, TAX_IDS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import {
  act,
  createCustomer,
  createInvoice,
  createQuote,
  frenchSeller,
  invoiceBody,
  line,
  quoteBody,
} from '../../../../test/sales'
import { mustValidate, type Validation, validate } from './validate.test-helper'
import { asArray, expectSameTotals, parser } from './xml-reading.test-helper'

/** Mid-November 2026 in Paris: invoices dated 2 November are due 2 December. */
const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })
const VALIDATION_TIMEOUT = 120_000

async function validated(client: Client, id: number) {
  await act(client, `/invoices/${id}/validate`)
  return json(await client.get(`/invoices/${id}`)).data
}

async function xmlOf(client: Client, id: number) {
  const response = await client.get(`/invoices/${id}/factur-x.xml`)
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8')
  return response.body
}

/** Passes when the kit says "factur-x: 0 errors"; on failure the message is the kit's output, naming each rule. */
function expectValid(result: Validation) {
  expect(result.ok, `validate.sh exited ${result.status}:\n${result.output}`).toBe(true)
}

describe('GET /invoices/{id}/factur-x.xml', () => {
  it('refuses a draft with a French message, and hides another organisation’s invoice', async () => {
    const { client } = await frenchSeller(ctx.app)
    const { contactId } = await createCustomer(client)
    const draft = await createInvoice(client, invoiceBody({ contactId }))
    const refused = await client.get(`/invoices/${draft.id}/factur-x.xml`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({ message: messages.documents.facturXDraft, code: 'NOT_VALIDATED' })

    await act(client, `/invoices/${draft.id}/validate`)
    const other = await frenchSeller(ctx.app)
    const hidden = await other.client.get(`/invoices/${draft.id}/factur-x.xml`)
    expect(hidden.statusCode).toBe(404)
    expect((await client.get('/invoices/999999/factur-x.xml')).statusCode).toBe(404)
  })

  it('escapes what users type: names with & < > and quotes stay text', async () => {
    const { client } = await frenchSeller(ctx.app)
    const { contactId } = await createCustomer(client, { name: 'Dupont & <Fils> "SA"' })
    const draft = await createInvoice(
      client,
      invoiceBody({ contactId, lines: [line({ name: 'Audit </ram:Name><evil/>', description: "l'été & co" })] }),
    )
    await validated(client, draft.id)
    const xml = await xmlOf(client, draft.id)
    expect(xml).not.toContain('<evil/>')
    const root = parser.parse(xml).CrossIndustryInvoice
    const transaction = root.SupplyChainTradeTransaction
    expect(transaction.ApplicableHeaderTradeAgreement.BuyerTradeParty.Name).toBe('Dupont & <Fils> "SA"')
    expect(transaction.IncludedSupplyChainTradeLineItem.SpecifiedTradeProduct.Name).toBe('Audit </ram:Name><evil/>')
  })
})

describe.skipIf(!mustValidate)(
  'Factur-X XML passes the official validation kit (XSD, EN 16931, Factur-X profile)',
  () => {
    it(
      'one line between two French businesses, paid by transfer (IBAN, BIC), cheque or card, also under the French BR-FR rules',
      async () => {
        const { client } = await frenchSeller(ctx.app)
        const transfer = await client.patch(`/settings/payment-modes/${PAYMENT_MODE_IDS.TRANSFERT}`, {
          isActive: true,
          iban: 'FR76 3000 6000 0112 3456 7890 189',
          bic: 'AGRIFRPP',
          accountName: 'Atelier Martin',
        })
        expect(transfer.statusCode, transfer.body).toBe(200)
        const card = await client.patch(`/settings/payment-modes/${PAYMENT_MODE_IDS.CARD}`, { isActive: true })
        expect(card.statusCode, card.body).toBe(200)
        const { contactId } = await createCustomer(client)
        const invoice = await validated(client, (await createInvoice(client, invoiceBody({ contactId }))).id)
        const xml = await xmlOf(client, invoice.id)
        const read = expectSameTotals(xml, invoice)
        expect(read).toMatchObject({ typeCode: '380', notes: ['PMD', 'PMT', 'AAB'] })
        const settlement =
          parser.parse(xml).CrossIndustryInvoice.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement
        const means = asArray(settlement.SpecifiedTradeSettlementPaymentMeans) as Record<string, unknown>[]
        expect(means.map((mean) => mean.TypeCode)).toEqual(['58'])
        expect(settlement.SpecifiedTradePaymentTerms.Description).toBe(
          'Paiement à 30 jours. Moyens de paiement acceptés : Virement bancaire, Chèque, Carte bancaire.',
        )
        expect(means[0]).toMatchObject({
          PayeePartyCreditorFinancialAccount: { IBANID: 'FR7630006000011234567890189', AccountName: 'Atelier Martin' },
          PayeeSpecifiedCreditorFinancialInstitution: { BICID: 'AGRIFRPP' },
        })
        const [plain, french] = await Promise.all([validate(xml), validate(xml, { flags: ['--fr'] })])
        expectValid(plain)
        expectValid(french)
      },
      VALIDATION_TIMEOUT,
    )

    it(
      'three VAT rates, line discounts in percent and amount, a global discount, delivery fees, disbursements, VAT on debits',
      async () => {
        const { client } = await frenchSeller(ctx.app)
        expect((await client.patch('/settings', { hasDiscounts: true, vatOnDebits: true })).statusCode).toBe(200)
        const { contactId } = await createCustomer(client)
        const lines = [
          line({ quantity: '3', amount: '123.456', discount: { percentage: '10' }, unitId: 2 }),
          line({ quantity: '2', amount: '49.99', taxId: TAX_IDS.VT_FR_5_5, discount: { amount: '5' }, unitId: 11 }),
          line({ quantity: '1.5', amount: '250', taxId: TAX_IDS.VT_FR_10, type: 'PRODUCT', unitId: 3 }),
        ]
        const percent = await createInvoice(
          client,
          invoiceBody({ contactId, lines, discount: { percentage: '10' }, deliveryFees: '15', disbursement: '30' }),
        )
        const amount = await createInvoice(
          client,
          invoiceBody({
            contactId,
            lines,
            discount: { amount: '33.33' },
            deliveryFees: '9.99',
            disbursement: '12.5',
            deliveredAt: '2026-10-28',
          }),
        )
        const first = await validated(client, percent.id)
        const second = await validated(client, amount.id)
        const [xml1, xml2] = [await xmlOf(client, first.id), await xmlOf(client, second.id)]
        expect(expectSameTotals(xml1, first).vat.map((v) => v.category)).toEqual(['S', 'S', 'S', 'E'])
        expect(xml1).toContain('<ram:DueDateTypeCode>5</ram:DueDateTypeCode>')
        expect(xml1).toContain('VATEX-EU-79-C')
        // Each line discount is declared under a line discount's name.
        expect(xml1.match(/<ram:Reason>Nouvelle remise<\/ram:Reason>/g)).toHaveLength(2)
        expect(xml2).toContain('<udt:DateTimeString format="102">20261028</udt:DateTimeString>')
        expectSameTotals(xml2, second)
        const results = await Promise.all([validate(xml1), validate(xml2), validate(xml1, { flags: ['--fr'] })])
        for (const result of results) expectValid(result)
      },
      VALIDATION_TIMEOUT,
    )

    it(
      'a tax-free seller (franchise en base): category E with VATEX-FR-FRANCHISE, no VAT',
      async () => {
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
        const xml = await xmlOf(client, invoice.id)
        expect(expectSameTotals(xml, invoice).vat).toEqual([
          { rate: '0.00', base: '242.00', tax: '0.00', category: 'E' },
        ])
        expect(xml).toContain('VATEX-FR-FRANCHISE')
        expect(xml).toContain('TVA non applicable, art. 293 B du CGI')
        const results = await Promise.all([validate(xml), validate(xml, { flags: ['--fr'] })])
        for (const result of results) expectValid(result)
      },
      VALIDATION_TIMEOUT,
    )

    it(
      'partial and total credit notes: type 381, positive amounts, the credited invoice referenced with its date',
      async () => {
        const { client } = await frenchSeller(ctx.app)
        const { contactId } = await createCustomer(client)
        const lines = [line({ amount: '200' }), line({ amount: '80', taxId: TAX_IDS.VT_FR_10 })]
        const invoice = await validated(client, (await createInvoice(client, invoiceBody({ contactId, lines }))).id)
        const partial = await act(client, `/invoices/${invoice.id}/credit-note`, 201, { partial: true, amount: '46' })
        const total = await act(client, `/invoices/${invoice.id}/credit-note`, 201, { partial: false })
        const xmls = [await xmlOf(client, partial.id), await xmlOf(client, total.id)]
        for (const [index, note] of [partial, total].entries()) {
          const dto = json(await client.get(`/invoices/${note.id}`)).data
          const read = expectSameTotals(xmls[index] as string, dto)
          expect(read).toMatchObject({ typeCode: '381', referenced: [invoice.reference] })
        }
        const results = await Promise.all([
          ...xmls.map((xml) => validate(xml)),
          validate(xmls[1] as string, { flags: ['--fr'] }),
        ])
        for (const result of results) expectValid(result)
      },
      VALIDATION_TIMEOUT,
    )

    it(
      'a credit note made from scratch, with delivery fees: positive amounts, no invoice to reference',
      async () => {
        const { client } = await frenchSeller(ctx.app)
        const { contactId } = await createCustomer(client)
        const draft = await createInvoice(
          client,
          invoiceBody({
            contactId,
            isCreditNote: true,
            lines: [line({ amount: '50', quantity: '2' })],
            deliveryFees: '10',
          }),
        )
        const note = await validated(client, draft.id)
        expect(note).toMatchObject({ isCreditNote: true, totalTaxIncluded: '-132.00' })
        const xml = await xmlOf(client, note.id)
        expect(expectSameTotals(xml, note)).toMatchObject({ typeCode: '381', referenced: [] })
        expectValid(await validate(xml))
      },
      VALIDATION_TIMEOUT,
    )

    it(
      'a deposit invoice (386) and the final invoice of the quote, which deducts it and references it',
      async () => {
        const { client } = await frenchSeller(ctx.app)
        expect((await client.patch('/settings', { hasDiscounts: true })).statusCode).toBe(200)
        const { contactId } = await createCustomer(client)
        const quote = await createQuote(
          client,
          quoteBody({
            contactId,
            lines: [
              line({ quantity: '3', amount: '333.33', discount: { percentage: '5' } }),
              line({ amount: '499.99', taxId: TAX_IDS.VT_FR_10 }),
              line({ amount: '75.5', taxId: TAX_IDS.VT_FR_5_5, type: 'PRODUCT' }),
            ],
            discount: { percentage: '7' },
            deliveryFees: '12.5',
            disbursement: '40',
          }),
        )
        const state = await client.patch(`/quotes/${quote.id}/state`, { stateId: QUOTE_STATE_IDS.VALIDATED })
        expect(state.statusCode, state.body).toBe(200)
        const first = await act(client, `/quotes/${quote.id}/deposits`, 201, {
          percentage: 30,
          deposit_type: 'percent',
        })
        const second = await act(client, `/quotes/${quote.id}/deposits`, 201, {
          amount: '100',
          deposit_type: 'amount_with_taxes',
        })
        const deposit = await validated(client, first.id)
        const other = await validated(client, second.id)
        const final = await validated(client, (await act(client, `/quotes/${quote.id}/invoice`, 201)).id)
        const xmls = await Promise.all([deposit, other, final].map((doc) => xmlOf(client, doc.id)))
        expect(expectSameTotals(xmls[0] as string, deposit).typeCode).toBe('386')
        expectSameTotals(xmls[1] as string, other)
        expect(expectSameTotals(xmls[2] as string, final)).toMatchObject({
          typeCode: '380',
          referenced: [deposit.reference, other.reference],
        })
        const results = await Promise.all([
          ...xmls.map((xml) => validate(xml)),
          validate(xmls[0] as string, { flags: ['--fr'] }),
          validate(xmls[2] as string, { flags: ['--fr'] }),
        ])
        for (const result of results) expectValid(result)
      },
      VALIDATION_TIMEOUT,
    )

    it(
      'an invoice to an individual, who has no SIREN',
      async () => {
        const { client } = await frenchSeller(ctx.app)
        const { contactId } = await createCustomer(client, {
          contactTypeId: 2,
          name: 'Camille Durand',
          registrySiren: null,
          intracommunityTaxNumber: null,
        })
        const invoice = await validated(client, (await createInvoice(client, invoiceBody({ contactId }))).id)
        const xml = await xmlOf(client, invoice.id)
        expect(expectSameTotals(xml, invoice).notes).toEqual([])
        expectValid(await validate(xml))
      },
      VALIDATION_TIMEOUT,
    )

    it(
      'the invoice PDF embeds its XML as factur-x.xml, valid from the PDF itself (BR-FR too)',
      async () => {
        const { client } = await frenchSeller(ctx.app)
        const { contactId } = await createCustomer(client)
        const invoice = await validated(client, (await createInvoice(client, invoiceBody({ contactId }))).id)
        const pdf = await client.get(`/invoices/${invoice.id}/pdf`)
        expect(pdf.statusCode, pdf.body).toBe(200)
        expect(pdf.headers['content-type']).toBe('application/pdf')
        const result = await validate(pdf.rawPayload, { extension: 'pdf', flags: ['--fr'] })
        expect(result.output).toContain('extracted factur-x.xml')
        expectValid(result)
      },
      VALIDATION_TIMEOUT,
    )

    it(
      'sixty lines',
      async () => {
        const { client } = await frenchSeller(ctx.app)
        const { contactId } = await createCustomer(client)
        const lines = Array.from({ length: 60 }, (_, index) =>
          line({
            name: `Prestation n° ${index + 1}`,
            description: index % 3 === 0 ? `Détail de la ligne ${index + 1}` : undefined,
            quantity: String((index % 7) + 1),
            amount: `${(index * 3.37 + 10).toFixed(2)}`,
            taxId: [TAX_IDS.VT_FR_20, TAX_IDS.VT_FR_10, TAX_IDS.VT_FR_5_5][index % 3],
          }),
        )
        const invoice = await validated(client, (await createInvoice(client, invoiceBody({ contactId, lines }))).id)
        const xml = await xmlOf(client, invoice.id)
        expect(expectSameTotals(xml, invoice).lines).toBe(60)
        expectValid(await validate(xml))
      },
      VALIDATION_TIMEOUT,
    )
  },
)
