import { messages } from '../messages/index'
import { RECEIPT_STATE_IDS } from '../reference/ids'

/** Receipt uploads (spec/money.md §5 "Files"): at most 5 files at once (10 from a transaction), 5,000,000 bytes each. */
export const RECEIPT_MAX_BYTES = 5_000_000
export const RECEIPT_MAX_BYTES_LABEL = '5 Mo'
export const RECEIPT_MAX_FILES = 5
export const RECEIPT_MAX_FILES_FOR_TRANSACTION = 10
/** The spec's four, and XML for the e-invoices received (UBL, CII) that every business must accept since 2026. */
export const RECEIPT_FORMATS = 'png, jpg, jpeg, pdf, xml'
export const RECEIPT_TYPES = ['image/png', 'image/jpeg', 'application/pdf', 'application/xml'] as const
export type ReceiptFileType = (typeof RECEIPT_TYPES)[number]

/** The type a receipt file really is, told by its first bytes (a renamed executable is none of them). */
export function sniffReceiptType(bytes: Uint8Array): ReceiptFileType | null {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  // "%PDF-", possibly after a few bytes of garbage, as PDF readers accept (ISO 32000 tolerates up to 1,024).
  // XML: "<" after an optional UTF-8 BOM and blanks; the server keeps it only if it is an e-invoice.
  let start = starts([0xef, 0xbb, 0xbf]) ? 3 : 0
  while (start < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[start] as number)) start++
  if (bytes[start] === 0x3c) return 'application/xml'
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]
  for (let offset = 0; offset < Math.min(1024, bytes.length); offset++)
    if (starts(pdf, offset)) return 'application/pdf'
  return null
}

/** The download's extension: from the type (png, jpg, pdf), else the stored one (spec/money.md §5). */
export function receiptExtension(mimeType: string, stored: string | null): string {
  if (mimeType === 'image/png') return 'png'
  if (mimeType === 'image/jpeg') return 'jpg'
  if (mimeType === 'application/pdf') return 'pdf'
  if (mimeType === 'application/xml') return 'xml'
  return stored ?? 'bin'
}

/**
 * The browser's check before sending the n-th file (1-based): the spec's message when its declared type or name is
 * not one of the formats, or when it is too large; else null. The server checks again on the bytes.
 */
export function receiptFileError(file: { name: string; type: string; size: number }, index: number): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
  const typeOk = [...RECEIPT_TYPES, 'text/xml'].includes(file.type)
  if (!typeOk && !['png', 'jpg', 'jpeg', 'pdf', 'xml'].includes(extension))
    return messages.files.invalidFormat(index, RECEIPT_FORMATS)
  if (file.size > RECEIPT_MAX_BYTES) return messages.files.tooLarge(index, RECEIPT_MAX_BYTES_LABEL)
  return null
}

export type ReceiptBadge = 'associated' | 'toProcess' | 'toAssociate'

/** Spec/money.md §4 "Receipt": Associé when linked, else À traiter until validated, then À associer. */
export function receiptBadge(receipt: { stateId: number; transactionCount: number }): ReceiptBadge {
  if (receipt.transactionCount > 0) return 'associated'
  return receipt.stateId === RECEIPT_STATE_IDS.VALIDATED ? 'toAssociate' : 'toProcess'
}
