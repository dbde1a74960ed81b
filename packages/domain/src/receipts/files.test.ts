import { describe, expect, it } from 'vitest'
import { RECEIPT_STATE_IDS } from '../reference/ids'
import { receiptBadge, receiptExtension, receiptFileError, sniffReceiptType } from './files'

const bytes = (...values: number[]) => new Uint8Array(values)
const text = (value: string) => Uint8Array.from(value, (char) => char.charCodeAt(0))

describe('receipt files', () => {
  it('are told by their first bytes, not by their name', () => {
    expect(sniffReceiptType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png')
    expect(sniffReceiptType(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg')
    expect(sniffReceiptType(text('%PDF-1.7\n'))).toBe('application/pdf')
    // A PDF after a few bytes of junk, as readers accept.
    expect(sniffReceiptType(text('\r\n  %PDF-1.4'))).toBe('application/pdf')
    expect(sniffReceiptType(bytes(0x7f, 0x45, 0x4c, 0x46))).toBeNull()
    expect(sniffReceiptType(text('MZ\u0090\u0000 pas un PDF'))).toBeNull()
    expect(sniffReceiptType(bytes())).toBeNull()
  })

  it('download with the extension of their type', () => {
    expect(receiptExtension('image/jpeg', 'jpeg')).toBe('jpg')
    expect(receiptExtension('application/pdf', null)).toBe('pdf')
    expect(receiptExtension('application/octet-stream', 'heic')).toBe('heic')
  })

  it("are refused in the browser with the spec's messages", () => {
    expect(receiptFileError({ name: 'a.pdf', type: 'application/pdf', size: 10 }, 1)).toBeNull()
    expect(receiptFileError({ name: 'a.docx', type: 'application/msword', size: 10 }, 2)).toBe(
      "Le fichier n°2 n'est pas valide ! (Formats acceptés: png, jpg, jpeg, pdf, xml)",
    )
    expect(receiptFileError({ name: 'a.png', type: 'image/png', size: 5_000_001 }, 3)).toBe(
      'Ton fichier n°3 est trop volumineux ! (Taille max: 5 Mo)',
    )
  })

  it('show Associé, then À traiter until validated, then À associer', () => {
    expect(receiptBadge({ stateId: RECEIPT_STATE_IDS.PENDING, transactionCount: 1 })).toBe('associated')
    expect(receiptBadge({ stateId: RECEIPT_STATE_IDS.FAILED, transactionCount: 0 })).toBe('toProcess')
    expect(receiptBadge({ stateId: RECEIPT_STATE_IDS.VALIDATED, transactionCount: 0 })).toBe('toAssociate')
  })
})
