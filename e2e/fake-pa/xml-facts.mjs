// What the PA reads in the files it carries, by element local names (any namespace prefix): an invoice's number,
// date, type, parties' SIREN and electronic addresses (scheme 0225); a CDAR's invoice and status. A stand-in's
// reading, not a parser: the validators (validate.mjs) say whether the file is right.

const el = (name) => `<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>`
const end = (name) => `</(?:[\\w.-]+:)?${name}>`

/** The inner XML of the first element `name`. */
export function block(xml, name) {
  if (!xml) return null
  const found = new RegExp(`${el(name)}([\\s\\S]*?)${end(name)}`).exec(xml)
  return found ? found[1] : null
}

/** The text of the first element `name` whose attributes match `attr` (e.g. /schemeID="0225"/). */
export function text(xml, name, attr) {
  if (!xml) return null
  const re = new RegExp(`<(?:[\\w.-]+:)?${name}(\\s[^>]*)?>([^<]*)${end(name)}`, 'g')
  for (const found of xml.matchAll(re)) {
    if (!attr || attr.test(found[1] ?? '')) return decode(found[2].trim())
  }
  return null
}

const decode = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

/** The root element's local name (after the prolog and comments). */
export function rootName(xml) {
  const found = /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<(?:[\w.-]+:)?([\w.-]+)/.exec(xml)
  return found ? found[1] : null
}

const ymd = (compact) =>
  compact && /^\d{8}$/.test(compact) ? `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6)}` : compact
const SIREN = /schemeID="0002"/
const ADDRESS = /schemeID="0225"/

/** An invoice's facts (CII or UBL); null when the root is neither. */
export function invoiceFacts(xml) {
  const root = rootName(xml)
  if (root === 'CrossIndustryInvoice') {
    const doc = block(xml, 'ExchangedDocument')
    const seller = block(xml, 'SellerTradeParty')
    const buyer = block(xml, 'BuyerTradeParty')
    return {
      syntax: 'CII',
      guideline: text(block(xml, 'GuidelineSpecifiedDocumentContextParameter'), 'ID'),
      number: text(doc, 'ID'),
      typeCode: text(doc, 'TypeCode'),
      issuedOn: ymd(text(block(doc, 'IssueDateTime'), 'DateTimeString')),
      sellerName: text(seller, 'Name'),
      sellerSiren: text(block(seller, 'SpecifiedLegalOrganization'), 'ID', SIREN),
      sellerAddress: text(block(seller, 'URIUniversalCommunication'), 'URIID', ADDRESS),
      buyerName: text(buyer, 'Name'),
      buyerSiren: text(block(buyer, 'SpecifiedLegalOrganization'), 'ID', SIREN),
      buyerAddress: text(block(buyer, 'URIUniversalCommunication'), 'URIID', ADDRESS),
      dueAmount: text(xml, 'DuePayableAmount') ?? text(xml, 'GrandTotalAmount'),
      vatRate: text(block(xml, 'ApplicableTradeTax'), 'RateApplicablePercent'),
    }
  }
  if (root === 'Invoice' || root === 'CreditNote') {
    const seller = block(xml, 'AccountingSupplierParty')
    const buyer = block(xml, 'AccountingCustomerParty')
    const head = xml.split(/<(?:[\w.-]+:)?(?:AccountingSupplierParty|InvoiceLine|CreditNoteLine)[\s>]/)[0]
    return {
      syntax: 'UBL',
      guideline: text(head, 'CustomizationID'),
      number: text(head, 'ID'),
      typeCode: text(head, root === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode'),
      issuedOn: text(head, 'IssueDate'),
      sellerName: text(block(seller, 'PartyLegalEntity'), 'RegistrationName') ?? text(seller, 'Name'),
      sellerSiren: text(seller, 'CompanyID', SIREN),
      sellerAddress: text(seller, 'EndpointID', ADDRESS),
      buyerName: text(block(buyer, 'PartyLegalEntity'), 'RegistrationName') ?? text(buyer, 'Name'),
      buyerSiren: text(buyer, 'CompanyID', SIREN),
      buyerAddress: text(buyer, 'EndpointID', ADDRESS),
      dueAmount: text(xml, 'PayableAmount'),
      vatRate: text(block(xml, 'TaxCategory'), 'Percent'),
    }
  }
  return null
}

/** A CDAR's facts: the invoice it speaks of (number, seller SIREN) and the status. */
export function cdarFacts(xml) {
  if (rootName(xml) !== 'CrossDomainAcknowledgementAndResponse') return null
  const ref = block(xml, 'ReferenceReferencedDocument')
  const status = block(ref, 'SpecifiedDocumentStatus')
  return {
    syntax: 'CDAR',
    number: text(ref, 'IssuerAssignedID'),
    status: Number(text(ref, 'ProcessConditionCode')),
    sellerSiren: text(block(ref, 'IssuerTradeParty'), 'GlobalID'),
    reasonCode: text(status, 'ReasonCode'),
  }
}

/** Profile of an invoice from its guideline (BT-24). */
export function profileOf(guideline) {
  if (!guideline) return 'Undefined'
  if (/extended/i.test(guideline)) return 'Extended-CTC-FR'
  if (/basic|minimum/i.test(guideline)) return 'Basic'
  return 'CIUS'
}
