import { describe, expect, it } from 'vitest'
import { readEInvoice } from './index'
import { CII_INVOICE, edit, encode, UBL_CREDIT_NOTE, UBL_INVOICE } from './samples.test-helper'

/** The parts read for a person (lines, addresses, notes, references, allowances and charges), beyond the samples. */

async function invoiceOf(xml: string) {
  const result = await readEInvoice(encode(xml), 'facture.xml')
  if (result.kind !== 'invoice') throw new Error(`not read: ${JSON.stringify(result)}`)
  return result.invoice
}

const CII_REFERENCES = `<ram:BuyerReference>SERVICE-ACHATS</ram:BuyerReference>
      <ram:SellerTradeParty>`
const CII_ORDER = `</ram:BuyerTradeParty>
      <ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>BC-2026-77</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>`
const CII_ALLOWANCE_AND_CHARGE = `<ram:SpecifiedTradeAllowanceCharge>
        <ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>
        <ram:ActualAmount>50.00</ram:ActualAmount>
        <ram:ReasonCode>95</ram:ReasonCode>
        <ram:Reason>Remise fidélité</ram:Reason>
        <ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:CategoryTradeTax>
      </ram:SpecifiedTradeAllowanceCharge>
      <ram:SpecifiedTradeAllowanceCharge>
        <ram:ChargeIndicator><udt:Indicator>true</udt:Indicator></ram:ChargeIndicator>
        <ram:ActualAmount>12.5</ram:ActualAmount>
        <ram:ReasonCode>FC</ram:ReasonCode>
        <ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>s</ram:CategoryCode><ram:RateApplicablePercent>20.00</ram:RateApplicablePercent></ram:CategoryTradeTax>
      </ram:SpecifiedTradeAllowanceCharge>
      <ram:SpecifiedTradePaymentTerms>`

describe('CII: what a person reads', () => {
  it('reads the buyer reference, the order, document allowances and charges, and a second payment terms', async () => {
    const xml = edit(
      edit(
        edit(edit(CII_INVOICE, '<ram:SellerTradeParty>', CII_REFERENCES), '</ram:BuyerTradeParty>', CII_ORDER),
        '<ram:SpecifiedTradePaymentTerms>',
        CII_ALLOWANCE_AND_CHARGE,
      ),
      '</ram:ApplicableHeaderTradeSettlement>',
      '<ram:SpecifiedTradePaymentTerms><ram:Description>Escompte : néant.</ram:Description></ram:SpecifiedTradePaymentTerms></ram:ApplicableHeaderTradeSettlement>',
    )
    const invoice = await invoiceOf(xml)
    expect(invoice).toMatchObject({ buyerReference: 'SERVICE-ACHATS', purchaseOrder: 'BC-2026-77' })
    expect(invoice.paymentTerms).toBe('Paiement à 30 jours fin de mois.\nEscompte : néant.')
    expect(invoice.allowancesCharges).toEqual([
      {
        charge: false,
        amount: '50.00',
        reason: 'Remise fidélité',
        reasonCode: '95',
        vatCategoryCode: 'S',
        vatRatePercent: '20.00',
      },
      { charge: true, amount: '12.50', reason: null, reasonCode: 'FC', vatCategoryCode: 'S', vatRatePercent: '20.00' },
    ])
  })

  it('reads a line’s description and the quantity its price is for; a line’s own allowance is not the document’s', async () => {
    const xml = edit(
      edit(
        CII_INVOICE,
        '<ram:Name>Impression catalogue 32 pages</ram:Name>',
        '<ram:Name>Impression catalogue 32 pages</ram:Name><ram:Description>Quadrichromie, papier couché 135 g</ram:Description>',
      ),
      '<ram:ChargeAmount>2.00</ram:ChargeAmount>',
      '<ram:ChargeAmount>20.00</ram:ChargeAmount><ram:BasisQuantity unitCode="H87">10</ram:BasisQuantity>',
    )
    const [first] = (await invoiceOf(xml)).lines
    expect(first).toMatchObject({
      description: 'Quadrichromie, papier couché 135 g',
      netUnitPrice: '20',
      priceBaseQuantity: '10',
    })
    const lineAllowance = edit(
      CII_INVOICE,
      '<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>150.00',
      '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>5.00</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>150.00',
    )
    expect((await invoiceOf(lineAllowance)).allowancesCharges).toEqual([])
  })

  it('reads the invoice a credit note corrects, with its date', async () => {
    const xml = edit(
      edit(CII_INVOICE, '<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>381</ram:TypeCode>'),
      '<ram:SpecifiedTradePaymentTerms>',
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>2026/IB/0870</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20261002</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument><ram:SpecifiedTradePaymentTerms>',
    )
    expect((await invoiceOf(xml)).precedingInvoices).toEqual([{ number: '2026/IB/0870', issueDate: '2026-10-02' }])
  })

  it('reads a document without lines, notes, terms or addresses, and shows numbers that are none as missing', async () => {
    const bare = CII_INVOICE.replace(
      /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>/g,
      '',
    )
      .replace(/<ram:IncludedNote>[\s\S]*?<\/ram:IncludedNote>/, '')
      .replace(/<ram:PostalTradeAddress>[\s\S]*?<\/ram:PostalTradeAddress>/g, '')
      .replace('<ram:Description>Paiement à 30 jours fin de mois.</ram:Description>', '')
    const invoice = await invoiceOf(bare)
    expect(invoice).toMatchObject({ lines: [], notes: [], paymentTerms: null, precedingInvoices: [] })
    expect([invoice.seller.address, invoice.buyer.address]).toEqual([null, null])
    const odd = edit(
      edit(CII_INVOICE, '<ram:BilledQuantity unitCode="H87">500<', '<ram:BilledQuantity>cinq cents<'),
      '<ram:LineTotalAmount>1000.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>',
      '<ram:LineTotalAmount>1 000,00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>',
    )
    expect((await invoiceOf(odd)).lines[0]).toMatchObject({ quantity: null, unitCode: null, netAmount: null })
  })
})

describe('UBL: what a person reads', () => {
  it('reads the order reference, the address lines, and document allowances and charges (not a line’s)', async () => {
    const withParts = edit(
      edit(
        edit(
          UBL_INVOICE,
          '<cbc:BuyerReference>Commande 2026-118</cbc:BuyerReference>',
          '<cbc:BuyerReference>Commande 2026-118</cbc:BuyerReference><cac:OrderReference><cbc:ID>BC-118</cbc:ID></cac:OrderReference>',
        ),
        '<cbc:StreetName>8 rue des Carmes</cbc:StreetName>',
        '<cbc:StreetName>8 rue des Carmes</cbc:StreetName><cbc:AdditionalStreetName>Cour intérieure</cbc:AdditionalStreetName><cac:AddressLine><cbc:Line>Porte B</cbc:Line></cac:AddressLine><cbc:CountrySubentity>Loiret</cbc:CountrySubentity>',
      ),
      '<cac:TaxTotal>',
      `<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Frais de port</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">9.90</cbc:Amount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent></cac:TaxCategory></cac:AllowanceCharge>
  <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:Amount currencyID="EUR">10</cbc:Amount></cac:AllowanceCharge>
  <cac:TaxTotal>`,
    )
    const xml = edit(
      withParts,
      '<cbc:LineExtensionAmount currencyID="EUR">80.00</cbc:LineExtensionAmount>',
      '<cbc:LineExtensionAmount currencyID="EUR">80.00</cbc:LineExtensionAmount><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">1.00</cbc:Amount></cac:AllowanceCharge>',
    )
    const invoice = await invoiceOf(xml)
    expect(invoice.purchaseOrder).toBe('BC-118')
    expect(invoice.seller.address).toEqual({
      lines: ['8 rue des Carmes', 'Cour intérieure', 'Porte B'],
      postcode: '45000',
      city: 'Orléans',
      subdivision: 'Loiret',
      country: 'FR',
    })
    expect(invoice.allowancesCharges).toEqual([
      {
        charge: true,
        amount: '9.90',
        reason: 'Frais de port',
        reasonCode: null,
        vatCategoryCode: 'S',
        vatRatePercent: '20.00',
      },
      { charge: false, amount: '10.00', reason: null, reasonCode: '95', vatCategoryCode: null, vatRatePercent: null },
    ])
  })

  it('reads a line’s description and base quantity, several notes, and no address when the party has none', async () => {
    const xml = edit(
      edit(
        edit(
          UBL_CREDIT_NOTE,
          '<cac:Item><cbc:Name>Ramette papier A4 80 g (retour)</cbc:Name>',
          '<cac:Item><cbc:Description>Carton abîmé</cbc:Description><cbc:Name>Ramette papier A4 80 g (retour)</cbc:Name>',
        ),
        '<cac:Price><cbc:PriceAmount currencyID="EUR">5.00</cbc:PriceAmount></cac:Price>',
        '<cac:Price><cbc:PriceAmount currencyID="EUR">2.50</cbc:PriceAmount><cbc:BaseQuantity unitCode="C62">0.5</cbc:BaseQuantity></cac:Price>',
      ),
      '<cbc:DocumentCurrencyCode>',
      '<cbc:Note>Retour du 18 novembre.</cbc:Note><cbc:Note>Avoir à déduire du prochain règlement.</cbc:Note><cbc:DocumentCurrencyCode>',
    )
    const withoutAddress = xml.replace(/<cac:PostalAddress>[\s\S]*?<\/cac:PostalAddress>/, '')
    const invoice = await invoiceOf(withoutAddress)
    expect(invoice.lines[0]).toMatchObject({
      description: 'Carton abîmé',
      netUnitPrice: '2.5',
      priceBaseQuantity: '0.5',
    })
    expect(invoice.notes).toEqual(['Retour du 18 novembre.', 'Avoir à déduire du prochain règlement.'])
    expect(invoice.seller.address).toBeNull()
    expect(invoice.buyer.address).toMatchObject({ lines: [], country: 'FR' })
  })

  it('leaves out a preceding invoice without number and a date that is none', async () => {
    const xml = edit(
      edit(UBL_CREDIT_NOTE, '<cbc:IssueDate>2026-11-04</cbc:IssueDate>', '<cbc:IssueDate>04/11/2026</cbc:IssueDate>'),
      '</cac:BillingReference>',
      '</cac:BillingReference><cac:BillingReference><cac:InvoiceDocumentReference><cbc:IssueDate>2026-10-01</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>',
    )
    expect((await invoiceOf(xml)).precedingInvoices).toEqual([{ number: 'FA-2026-0457', issueDate: null }])
  })
})
