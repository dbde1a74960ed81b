import type { InvoicePrint } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { json, useTestContext } from '../../../../test/helpers'
import { act, createCustomer, createInvoice, frenchSeller, invoiceBody, line } from '../../../../test/sales'
import { systemClock } from '../../../lib/clock'
import { createOrganizationService } from '../../account/organizations/service'
import { createBooks } from '../../books/ledger/books'
import { createJournalService } from '../../money/journals/service'
import { createInvoiceService } from '../../sales/invoices/service'
import { createQuoteService } from '../../sales/quotes/service'
import { createSalesSettingsService } from '../../sales/sales-settings/service'
import { invoiceNetwork } from '../e-invoicing/sending/invoice-network'
import { createPrintModelLoader } from '../printing/load'
import { type FacturXNetwork, facturXml } from './cii'
import { mustValidate, type Validation, validate } from './validate.test-helper'
import { parser } from './xml-reading.test-helper'

const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })
const VALIDATION_TIMEOUT = 120_000

/** The print models the e-invoicing sender reads, loaded by the app's own loader from the test database. */
function printModels() {
  const db = ctx.database.db
  const clock = systemClock
  const organizations = createOrganizationService({ db, clock })
  const salesSettings = createSalesSettingsService({ db, clock, organizations })
  const invoices = createInvoiceService({
    db,
    books: createBooks(),
    clock,
    organizations,
    salesSettings,
    network: invoiceNetwork,
  })
  const quotes = createQuoteService({ db, clock, organizations, salesSettings, invoices })
  return createPrintModelLoader({ db, invoices, quotes, journals: createJournalService({ db, books: createBooks() }) })
}

/**
 * A French seller (SIREN 732829320) and its invoice of 2 November 2026, 1,200 € TTC due at 30 days, to Danone (SIREN
 * 552032534).
 */
async function sellerWithInvoice() {
  const seller = await frenchSeller(ctx.app)
  const { contactId } = await createCustomer(seller.client)
  const draft = await createInvoice(seller.client, invoiceBody({ contactId, lines: [line({ amount: '1000' })] }))
  const invoice = await act(seller.client, `/invoices/${draft.id}/validate`)
  const scope = { organizationId: seller.organization.id }
  return { seller, invoice, scope, print: () => printModels().invoice(scope, invoice.id) }
}

/** The parts of the CII the network reads: BT-23, BT-34, BT-49, BT-9, BT-113, BT-115. */
function networkParts(xml: string) {
  const root = parser.parse(xml).CrossIndustryInvoice
  const agreement = root.SupplyChainTradeTransaction.ApplicableHeaderTradeAgreement
  const settlement = root.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement
  const sums = settlement.SpecifiedTradeSettlementHeaderMonetarySummation
  const text = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['#text'] : value
  return {
    billingMode: root.ExchangedDocumentContext.BusinessProcessSpecifiedDocumentContextParameter.ID,
    seller: agreement.SellerTradeParty.URIUniversalCommunication.URIID,
    buyer: agreement.BuyerTradeParty.URIUniversalCommunication.URIID,
    dueDate: text(settlement.SpecifiedTradePaymentTerms.DueDateDateTime.DateTimeString),
    prepaid: sums.TotalPrepaidAmount === undefined ? null : text(sums.TotalPrepaidAmount),
    due: text(sums.DuePayableAmount),
  }
}

const address = (value: string) => ({ '@_schemeID': '0225', '#text': value })

function expectValid(result: Validation) {
  expect(result.ok, `validate.sh exited ${result.status}:\n${result.output}`).toBe(true)
}

describe('facturXml for the e-invoicing network', () => {
  it('without the network, the XML is unchanged: SIRENs as addresses, frame S1', async () => {
    const { print } = await sellerWithInvoice()
    const model: InvoicePrint = await print()
    expect(facturXml(model, { sellerAddress: null, buyerAddress: null, alreadyPaid: false })).toBe(facturXml(model))
    expect(networkParts(facturXml(model))).toMatchObject({
      billingMode: 'S1',
      seller: address('732829320'),
      buyer: address('552032534'),
      prepaid: null,
      due: '1200.00',
    })
  })

  describe.skipIf(!mustValidate)('passes EN 16931, Factur-X and the French BR-FR rules', () => {
    it(
      'an invoice to the directory addresses of both companies',
      async () => {
        const { print } = await sellerWithInvoice()
        const network: FacturXNetwork = {
          sellerAddress: '732829320_73282932000074',
          buyerAddress: '552032534_ACHATS',
          alreadyPaid: false,
        }
        const xml = facturXml(await print(), network)
        expect(networkParts(xml)).toEqual({
          billingMode: 'S1',
          seller: address('732829320_73282932000074'),
          buyer: address('552032534_ACHATS'),
          dueDate: '20261202',
          prepaid: null,
          due: '1200.00',
        })
        expectValid(await validate(xml, { flags: ['--fr'] }))
      },
      VALIDATION_TIMEOUT,
    )

    it(
      'an invoice already paid when issued: frame S2, all of it prepaid, nothing due, due the day it was paid',
      async () => {
        const { seller, invoice, print } = await sellerWithInvoice()
        await act(seller.client, `/invoices/${invoice.id}/payments`, 201, {
          paidAt: '2026-11-02',
          amount: '1200.00',
          method: 'CARD',
        })
        const xml = facturXml(await print(), { sellerAddress: '732829320', buyerAddress: null, alreadyPaid: true })
        expect(networkParts(xml)).toEqual({
          billingMode: 'S2',
          seller: address('732829320'),
          buyer: address('552032534'),
          dueDate: '20261102',
          prepaid: '1200.00',
          due: '0.00',
        })
        expectValid(await validate(xml, { flags: ['--fr'] }))
      },
      VALIDATION_TIMEOUT,
    )

    it(
      'a credit note: type 381, positive amounts, the addresses of the network',
      async () => {
        const { seller, invoice, scope } = await sellerWithInvoice()
        const note = await act(seller.client, `/invoices/${invoice.id}/credit-note`, 201, {
          partial: true,
          amount: '240',
        })
        const dto = json(await seller.client.get(`/invoices/${note.id}`)).data
        expect(dto.isCreditNote).toBe(true)
        const xml = facturXml(await printModels().invoice(scope, note.id), {
          sellerAddress: '732829320_FACTURES',
          buyerAddress: '552032534',
          alreadyPaid: false,
        })
        expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>')
        expect(networkParts(xml)).toMatchObject({
          billingMode: 'S1',
          seller: address('732829320_FACTURES'),
          buyer: address('552032534'),
          due: '240.00',
        })
        expectValid(await validate(xml, { flags: ['--fr'] }))
      },
      VALIDATION_TIMEOUT,
    )
  })
})
