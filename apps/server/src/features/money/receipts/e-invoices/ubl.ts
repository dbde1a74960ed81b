import { ublAddress } from './addresses'
import type { InvoiceFields, PartyFields, PrecedingInvoiceFields, SchemedId, VatFields } from './fields'
import { ublAllowancesCharges, ublLines } from './lines'
import { all, attribute, first, text } from './xml'

/** Reading a UBL 2.1 Invoice or CreditNote: EN 16931's UBL syntax binding (as PEPPOL BIS Billing 3 uses it). */

const schemed = (node: unknown): SchemedId | null => {
  const value = text(node)
  return value ? { value, scheme: attribute(node, 'schemeID') } : null
}

/** BG-4 / BG-7: cac:Party of the supplier or customer. */
function party(node: unknown): PartyFields {
  const legal = first(node, 'PartyLegalEntity')
  const vat = all(node, 'PartyTaxScheme').find((scheme) => text(first(scheme, 'TaxScheme', 'ID')) === 'VAT')
  return {
    // BT-27 is the legal name; cac:PartyName is the trading name (BT-28), a fallback for writers that give only it.
    name: text(first(legal, 'RegistrationName')) ?? text(first(node, 'PartyName', 'Name')),
    legalId: schemed(first(legal, 'CompanyID')),
    otherIds: all(node, 'PartyIdentification')
      .map((identification) => schemed(first(identification, 'ID')))
      .filter((id): id is SchemedId => id !== null),
    vatNumber: text(first(vat, 'CompanyID')),
    country: text(first(node, 'PostalAddress', 'Country', 'IdentificationCode')),
    address: ublAddress(node),
  }
}

/**
 * BT-110 and BG-23. A UBL document may carry two cac:TaxTotal, the second in the tax currency (BT-111) without
 * subtotals: the one in the document currency, with its subtotals, is the invoice's.
 */
function taxTotal(root: unknown, currency: string | null): { amount: string | null; breakdown: VatFields[] } {
  const totals = all(root, 'TaxTotal')
  const chosen =
    totals.find((total) => attribute(first(total, 'TaxAmount'), 'currencyID') === currency) ??
    totals.find((total) => all(total, 'TaxSubtotal').length > 0) ??
    totals[0]
  return {
    amount: text(first(chosen, 'TaxAmount')),
    breakdown: all(chosen, 'TaxSubtotal').map((subtotal) => ({
      taxableAmount: text(first(subtotal, 'TaxableAmount')),
      taxAmount: text(first(subtotal, 'TaxAmount')),
      categoryCode: text(first(subtotal, 'TaxCategory', 'ID')),
      ratePercent: text(first(subtotal, 'TaxCategory', 'Percent')),
    })),
  }
}

/** BT-84: the first payment means naming the payee's account. */
function paymentAccount(root: unknown): string | null {
  for (const means of all(root, 'PaymentMeans')) {
    const id = text(first(means, 'PayeeFinancialAccount', 'ID'))
    if (id) return id
  }
  return null
}

/** BG-3: cac:BillingReference/cac:InvoiceDocumentReference, the invoice a credit note corrects. */
function precedingInvoices(root: unknown): PrecedingInvoiceFields[] {
  return all(root, 'BillingReference')
    .map((reference) => first(reference, 'InvoiceDocumentReference'))
    .filter((reference) => reference !== undefined)
    .map((reference) => ({ number: text(first(reference, 'ID')), issueDate: text(first(reference, 'IssueDate')) }))
}

const texts = (nodes: unknown[]): string[] => nodes.map(text).filter((value): value is string => value !== null)

/** The fields of a parsed ubl:Invoice or ubl:CreditNote (prefixes removed). */
export function readUbl(root: unknown, kind: 'invoice' | 'credit-note'): InvoiceFields {
  const currency = text(first(root, 'DocumentCurrencyCode'))
  const totals = first(root, 'LegalMonetaryTotal')
  const tax = taxTotal(root, currency)
  // A UBL 2.1 credit note has no cbc:DueDate: BT-9 is on its payment means.
  const dueDate =
    text(first(root, 'DueDate')) ??
    all(root, 'PaymentMeans')
      .map((means) => text(first(means, 'PaymentDueDate')))
      .find((value) => value !== null) ??
    null
  return {
    number: text(first(root, 'ID')),
    issueDate: text(first(root, 'IssueDate')),
    dueDate,
    typeCode: text(first(root, kind === 'invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode')),
    currency,
    seller: party(first(root, 'AccountingSupplierParty', 'Party')),
    buyer: party(first(root, 'AccountingCustomerParty', 'Party')),
    paymentAccount: paymentAccount(root),
    totalTaxExcluded: text(first(totals, 'TaxExclusiveAmount')),
    totalTax: tax.amount,
    totalTaxIncluded: text(first(totals, 'TaxInclusiveAmount')),
    amountDue: text(first(totals, 'PayableAmount')),
    vatBreakdown: tax.breakdown,
    linesTotal: text(first(totals, 'LineExtensionAmount')),
    prepaidAmount: text(first(totals, 'PrepaidAmount')),
    notes: texts(all(root, 'Note')),
    paymentTerms: texts(all(root, 'PaymentTerms').flatMap((terms) => all(terms, 'Note'))),
    buyerReference: text(first(root, 'BuyerReference')),
    purchaseOrder: text(first(root, 'OrderReference', 'ID')),
    precedingInvoices: precedingInvoices(root),
    lines: ublLines(root, kind),
    allowancesCharges: ublAllowancesCharges(root),
  }
}
