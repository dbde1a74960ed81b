import { CONTACT_TYPE_BUSINESS_ID, formatPercentFr, type InvoicePrint, messages } from '@app/domain'
import { type Node, text } from './values'

const d = messages.documents

/**
 * BG-1 notes. Between businesses, French law (Code de commerce L441-9/L441-10) and the BR-FR-05 rule want three
 * notes, each once (BR-FR-06): PMD late penalties (the invoice's rate, else the legal default), PMT the 40 € recovery
 * indemnity, AAB early payment discount (we never grant one). The document's terms come first, without subject code.
 */
export function invoiceNotes(print: InvoicePrint): Node[] {
  const doc = print.document
  const notes: Node[] = []
  const terms = text(doc.terms)
  if (terms) notes.push({ 'ram:Content': terms })
  const business = (print.buyer?.contactTypeId ?? doc.contact?.contactTypeId) === CONTACT_TYPE_BUSINESS_ID
  if (business) {
    const penalties =
      doc.latePenalties !== null
        ? d.latePenaltiesMention(formatPercentFr(doc.latePenalties))
        : d.legalLatePenaltiesMention
    notes.push({ 'ram:Content': penalties, 'ram:SubjectCode': 'PMD' })
    notes.push({ 'ram:Content': d.recoveryIndemnityMention, 'ram:SubjectCode': 'PMT' })
    notes.push({ 'ram:Content': d.noEarlyPaymentDiscountMention, 'ram:SubjectCode': 'AAB' })
  }
  return notes
}
