import { checkInvoice } from './checks'
import { readCii } from './cii'
import { eInvoiceMessages as m } from './messages'
import { findInvoiceAttachment } from './pdf-attachment'
import type { ReceivedInvoice } from './received'
import { readUbl } from './ubl'
import { first, parseXml } from './xml'
import { documentKind, sniffRoot } from './xml-root'
import { looksLikeXml, xmlText } from './xml-text'

/**
 * Received structured e-invoices (issue 15): Factur-X / ZUGFeRD PDFs, UBL 2.1 and CII XML, read into the EN 16931
 * terms the books need. Pure: bytes in, answer out, no database, nothing fetched.
 */

export type EInvoiceFormat = 'factur-x' | 'ubl' | 'cii'

export type ReadEInvoice =
  /** Not an e-invoice: a plain PDF or image, or XML of another kind. */
  | { kind: 'none' }
  /** An e-invoice we cannot accept; `reason` tells the user why, in French. */
  | { kind: 'invalid'; format: EInvoiceFormat; reason: string }
  | { kind: 'invoice'; format: EInvoiceFormat; invoice: ReceivedInvoice }

export type { ReceivedAddress, ReceivedAllowanceCharge, ReceivedLine } from './readable'

export type { ReceivedInvoice } from './received'

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]

/** "%PDF-" within the first 1,024 bytes, as PDF readers (and sniffReceiptType) accept. */
function isPdf(bytes: Uint8Array): boolean {
  const end = Math.min(1024, bytes.length - PDF_SIGNATURE.length + 1)
  for (let offset = 0; offset < end; offset++) {
    if (PDF_SIGNATURE.every((byte, index) => bytes[offset + index] === byte)) return true
  }
  return false
}

/**
 * Reads XML bytes as an e-invoice. `embedded` is set for the XML of a Factur-X PDF: the answer's format is then
 * factur-x whatever syntax it holds (ZUGFeRD and XRechnung PDFs may carry UBL), and XML of another kind is an
 * invalid Factur-X rather than no e-invoice at all.
 */
function readXml(bytes: Uint8Array, embedded: { name: string } | null): ReadEInvoice {
  const decoded = xmlText(bytes)
  const { root, doctype } = sniffRoot(decoded.text)
  const kind = documentKind(root)
  if (!kind && !embedded) return { kind: 'none' }
  const format: EInvoiceFormat = embedded
    ? 'factur-x'
    : kind === 'ubl-invoice' || kind === 'ubl-credit-note'
      ? 'ubl'
      : 'cii'
  const invalid = (reason: string): ReadEInvoice => ({ kind: 'invalid', format, reason })
  // Before anything parses it: a DTD could declare external or exponentially expanding entities.
  if (doctype) return invalid(m.doctype)
  if (!kind) return invalid(m.unexpectedRoot(embedded?.name ?? 'XML'))
  if (kind === 'zugferd1') return invalid(m.zugferd1)
  if (!decoded.wellEncoded) return invalid(m.encoding(decoded.encoding))
  const parsed = parseXml(decoded.text)
  if (!parsed.ok) return invalid(m.malformed(parsed.line))
  const fields =
    kind === 'cii'
      ? readCii(first(parsed.document, 'CrossIndustryInvoice'))
      : kind === 'ubl-invoice'
        ? readUbl(first(parsed.document, 'Invoice'), 'invoice')
        : readUbl(first(parsed.document, 'CreditNote'), 'credit-note')
  const checked = checkInvoice(fields)
  return checked.ok ? { kind: 'invoice', format, invoice: checked.invoice } : invalid(checked.reason)
}

/**
 * What a received file is: a Factur-X / ZUGFeRD PDF, a UBL or CII XML, or none of them. The bytes decide, not
 * `fileName`: a name is what the sender typed, and an "invoice.pdf" may hold XML (or the reverse).
 */
export async function readEInvoice(bytes: Uint8Array, _fileName: string): Promise<ReadEInvoice> {
  if (isPdf(bytes)) {
    const attachment = await findInvoiceAttachment(bytes)
    if (attachment.kind === 'none') return { kind: 'none' }
    if (attachment.kind === 'unreadable') {
      return { kind: 'invalid', format: 'factur-x', reason: m.attachment[attachment.problem](attachment.name) }
    }
    return readXml(attachment.bytes, { name: attachment.name })
  }
  return looksLikeXml(bytes) ? readXml(bytes, null) : { kind: 'none' }
}
