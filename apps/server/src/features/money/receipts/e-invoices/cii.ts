import { ciiAddress } from './addresses'
import type { InvoiceFields, PartyFields, PrecedingInvoiceFields, SchemedId, VatFields } from './fields'
import { ciiAllowancesCharges, ciiLines } from './lines'
import { all, attribute, first, text } from './xml'

/** Reading a UN/CEFACT Cross Industry Invoice (D16B, the XML of Factur-X / ZUGFeRD 2): EN 16931's CII syntax binding. */

const schemed = (node: unknown): SchemedId | null => {
  const value = text(node)
  return value ? { value, scheme: attribute(node, 'schemeID') } : null
}

/** udt:DateTimeString format 102 is YYYYMMDD, the only format EN 16931 allows; anything else stays raw and is refused. */
function date(node: unknown): string | null {
  const element = first(node, 'DateTimeString')
  const value = text(element)
  if (!value) return null
  const format = attribute(element, 'format')
  return (format === null || format === '102') && /^\d{8}$/.test(value)
    ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`
    : value
}

/** BG-4 / BG-7 trade party. */
function party(node: unknown): PartyFields {
  const vat = all(node, 'SpecifiedTaxRegistration')
    .map((registration) => first(registration, 'ID'))
    .find((id) => attribute(id, 'schemeID') === 'VA')
  return {
    name: text(first(node, 'Name')),
    legalId: schemed(first(node, 'SpecifiedLegalOrganization', 'ID')),
    otherIds: [...all(node, 'ID'), ...all(node, 'GlobalID')].map(schemed).filter((id): id is SchemedId => id !== null),
    vatNumber: text(vat),
    country: text(first(node, 'PostalTradeAddress', 'CountryID')),
    address: ciiAddress(node),
  }
}

/**
 * BT-110. CII may give the VAT total twice, in the invoice currency and in the accounting currency (BT-111), each
 * with its currencyID: the invoice currency's is the one, else the one without a currency.
 */
function taxTotal(summation: unknown, currency: string | null): string | null {
  const totals = all(summation, 'TaxTotalAmount')
  const inCurrency = totals.find((total) => attribute(total, 'currencyID') === currency)
  const unmarked = totals.find((total) => attribute(total, 'currencyID') === null)
  return text(inCurrency ?? unmarked ?? (totals.length === 1 ? totals[0] : undefined))
}

function vatBreakdown(settlement: unknown): VatFields[] {
  return all(settlement, 'ApplicableTradeTax').map((tax) => ({
    taxableAmount: text(first(tax, 'BasisAmount')),
    taxAmount: text(first(tax, 'CalculatedAmount')),
    categoryCode: text(first(tax, 'CategoryCode')),
    ratePercent: text(first(tax, 'RateApplicablePercent')),
  }))
}

/** BT-84: the first payment means naming an account, IBAN or proprietary. */
function paymentAccount(settlement: unknown): string | null {
  for (const means of all(settlement, 'SpecifiedTradeSettlementPaymentMeans')) {
    const account = first(means, 'PayeePartyCreditorFinancialAccount')
    const id = text(first(account, 'IBANID')) ?? text(first(account, 'ProprietaryID'))
    if (id) return id
  }
  return null
}

/** BG-3: ram:InvoiceReferencedDocument, the invoice a credit note corrects, with its date (qdt, format 102). */
function precedingInvoices(settlement: unknown): PrecedingInvoiceFields[] {
  return all(settlement, 'InvoiceReferencedDocument').map((reference) => ({
    number: text(first(reference, 'IssuerAssignedID')),
    issueDate: date(first(reference, 'FormattedIssueDateTime')),
  }))
}

const texts = (nodes: unknown[]): string[] => nodes.map(text).filter((value): value is string => value !== null)

/** The fields of a parsed rsm:CrossIndustryInvoice (prefixes removed). */
export function readCii(root: unknown): InvoiceFields {
  const document = first(root, 'ExchangedDocument')
  const transaction = first(root, 'SupplyChainTradeTransaction')
  const agreement = first(transaction, 'ApplicableHeaderTradeAgreement')
  const settlement = first(transaction, 'ApplicableHeaderTradeSettlement')
  const summation = first(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation')
  const currency = text(first(settlement, 'InvoiceCurrencyCode'))
  const paymentTerms = all(settlement, 'SpecifiedTradePaymentTerms')
  const dueDate = paymentTerms.map((terms) => date(first(terms, 'DueDateDateTime'))).find((value) => value !== null)
  return {
    number: text(first(document, 'ID')),
    issueDate: date(first(document, 'IssueDateTime')),
    dueDate: dueDate ?? null,
    typeCode: text(first(document, 'TypeCode')),
    currency,
    seller: party(first(agreement, 'SellerTradeParty')),
    buyer: party(first(agreement, 'BuyerTradeParty')),
    paymentAccount: paymentAccount(settlement),
    totalTaxExcluded: text(first(summation, 'TaxBasisTotalAmount')),
    totalTax: taxTotal(summation, currency),
    totalTaxIncluded: text(first(summation, 'GrandTotalAmount')),
    amountDue: text(first(summation, 'DuePayableAmount')),
    vatBreakdown: vatBreakdown(settlement),
    linesTotal: text(first(summation, 'LineTotalAmount')),
    prepaidAmount: text(first(summation, 'TotalPrepaidAmount')),
    notes: texts(all(document, 'IncludedNote').map((note) => first(note, 'Content'))),
    paymentTerms: texts(paymentTerms.map((terms) => first(terms, 'Description'))),
    buyerReference: text(first(agreement, 'BuyerReference')),
    purchaseOrder: text(first(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID')),
    precedingInvoices: precedingInvoices(settlement),
    lines: ciiLines(transaction),
    allowancesCharges: ciiAllowancesCharges(settlement),
  }
}
