import type { InvoicePrint } from '@app/domain'
import { XMLBuilder } from 'fast-xml-parser'
import { billingMode, TYPE_CODES } from './codes'
import { lineItem } from './lines'
import { invoiceNotes } from './notes'
import { buyerParty, sellerParty, shipToParty } from './parties'
import {
  categoryContext,
  documentAllowancesAndCharges,
  invoiceCurrency,
  paidAtIssue,
  paymentMeans,
  paymentTerms,
  totalsOf,
  vatBreakdown,
} from './settlement'
import { compact, date102, money, type Node, signFor, text } from './values'

/** Factur-X 1.0 EN 16931 profile (BT-24). */
export const FACTURX_GUIDELINE = 'urn:cen.eu:en16931:2017'

const NAMESPACES = {
  '@_xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  '@_xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  '@_xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  '@_xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
})

/** BT-3: 381 credit note, 386 deposit (prepayment) invoice, 380 otherwise. */
function typeCode(print: InvoicePrint): string {
  if (print.document.isCreditNote) return TYPE_CODES.creditNote
  if (print.document.isDeposit) return TYPE_CODES.deposit
  return TYPE_CODES.invoice
}

/**
 * BG-3 preceding invoices: a credit note names the invoice it corrects (BR-FR-CO-05 wants its date too); a final
 * invoice names the deposit invoices it deducts.
 */
function precedingInvoices(print: InvoicePrint): Node[] {
  const refs: { reference: string | null; datedAt: string | null }[] = []
  const doc = print.document
  if (doc.isCreditNote && doc.creditedInvoice) {
    refs.push({ reference: doc.creditedInvoice.reference, datedAt: print.creditedInvoice?.datedAt ?? null })
  }
  if (doc.isFinal) for (const deposit of print.deductedDeposits) refs.push(deposit)
  return refs
    .filter((ref) => text(ref.reference))
    .map((ref) =>
      compact({
        'ram:IssuerAssignedID': text(ref.reference),
        'ram:FormattedIssueDateTime': ref.datedAt
          ? { 'qdt:DateTimeString': { '@_format': '102', '#text': ref.datedAt.replace(/-/g, '') } }
          : null,
      }),
    )
}

/**
 * BT-72. French invoices state the date of the sale or service only when it differs from the invoice date, so an
 * invoice without a delivery date was delivered on its date. A deposit is paid before delivery and a credit note
 * does not know its invoice's delivery: neither gets one (the empty delivery group is only a warning).
 */
function deliveryDate(print: InvoicePrint): string | null {
  const doc = print.document
  if (doc.deliveredAt) return doc.deliveredAt
  return doc.isDeposit || doc.isCreditNote ? null : doc.datedAt
}

/**
 * What the e-invoicing network adds to an invoice sent through a plateforme agréée: the electronic addresses the
 * directory lists for the seller (BT-34) and the buyer (BT-49), null when the directory gave none (the SIREN is used,
 * as without the network), and whether the invoice was already paid in full when issued (BT-23 B2/S2/M2).
 */
export type FacturXNetwork = { sellerAddress: string | null; buyerAddress: string | null; alreadyPaid: boolean }

/**
 * The Cross Industry Invoice (UN/CEFACT CII D16B) of a validated invoice, credit note or deposit invoice, Factur-X
 * EN 16931 profile, made from the print model alone so that it says what the PDF says. Every total is the document's
 * own (documentTotals, EN 16931 rounding); credit notes (type 381) show positive amounts. Built with XMLBuilder: user
 * text is escaped, never concatenated. With `network` (an invoice sent through the PA): the directory's addresses
 * and, for one already paid, billing frame 2 with the whole total prepaid, nothing due, due on the day paid
 * (BR-FR-CO-09).
 */
export function facturXml(print: InvoicePrint, network?: FacturXNetwork): string {
  const doc = print.document
  const paid = network?.alreadyPaid === true
  const sign = signFor(doc.isCreditNote)
  const context = categoryContext(print)
  const totals = totalsOf(print)
  const currency = invoiceCurrency(print)
  const document = documentAllowancesAndCharges(print, totals, sign, context)
  const lineTotal = money(sign(totals.subtotal))

  const invoice = {
    ...NAMESPACES,
    'rsm:ExchangedDocumentContext': {
      'ram:BusinessProcessSpecifiedDocumentContextParameter': { 'ram:ID': billingMode(doc.nature, doc.isFinal, paid) },
      'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': FACTURX_GUIDELINE },
    },
    'rsm:ExchangedDocument': compact({
      'ram:ID': text(doc.reference) ?? String(doc.id),
      'ram:TypeCode': typeCode(print),
      'ram:IssueDateTime': date102(doc.datedAt),
      'ram:IncludedNote': invoiceNotes(print),
    }),
    'rsm:SupplyChainTradeTransaction': {
      'ram:IncludedSupplyChainTradeLineItem': doc.lines.map((line, index) => lineItem(line, index, sign, context)),
      'ram:ApplicableHeaderTradeAgreement': {
        'ram:SellerTradeParty': sellerParty(print.seller, network?.sellerAddress),
        'ram:BuyerTradeParty': buyerParty(print.buyer, print, network?.buyerAddress),
      },
      'ram:ApplicableHeaderTradeDelivery': compact({
        'ram:ShipToTradeParty': shipToParty(print.buyer),
        'ram:ActualDeliverySupplyChainEvent': deliveryDate(print)
          ? { 'ram:OccurrenceDateTime': date102(deliveryDate(print) as string) }
          : null,
      }),
      'ram:ApplicableHeaderTradeSettlement': compact({
        'ram:PaymentReference': doc.isCreditNote ? null : text(doc.reference),
        'ram:InvoiceCurrencyCode': currency,
        'ram:SpecifiedTradeSettlementPaymentMeans': paymentMeans(print),
        'ram:ApplicableTradeTax': vatBreakdown(print, sign, context),
        'ram:SpecifiedTradeAllowanceCharge': document.nodes,
        'ram:SpecifiedTradePaymentTerms': paymentTerms(print, paid ? paidAtIssue(print) : null),
        'ram:SpecifiedTradeSettlementHeaderMonetarySummation': compact({
          'ram:LineTotalAmount': lineTotal,
          'ram:ChargeTotalAmount': document.hasCharges ? money(document.chargeTotal) : null,
          'ram:AllowanceTotalAmount': document.hasAllowances ? money(document.allowanceTotal) : null,
          'ram:TaxBasisTotalAmount': money(sign(doc.totalTaxExcluded)),
          'ram:TaxTotalAmount': { '@_currencyID': currency, '#text': money(sign(doc.totalTaxes)) },
          'ram:GrandTotalAmount': money(sign(doc.totalTaxIncluded)),
          'ram:TotalPrepaidAmount': paid ? money(sign(doc.totalTaxIncluded)) : null,
          'ram:DuePayableAmount': paid ? money('0') : money(sign(doc.amount)),
        }),
        'ram:InvoiceReferencedDocument': precedingInvoices(print),
      }),
    },
  }
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'rsm:CrossIndustryInvoice': invoice,
  }) as string
}
