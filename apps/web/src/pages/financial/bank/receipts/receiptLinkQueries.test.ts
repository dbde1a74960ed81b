import { messages, RECEIPT_FORMATS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../lib/api'
import { receipt, receiptLink, transaction } from '../../../../test-support/fakeTransactionApi'
import { attachableReceipts, checkReceiptFiles, openingTab, refusedFile } from './receiptLinkQueries'

const invoice = {
  id: 3,
  reference: 'F-2026-0003',
  name: 'Site vitrine',
  customerName: null,
  datedAt: '2026-03-01',
  totalTaxIncluded: '1200.00',
  amount: '1200.00',
}
const file = (name: string, type = 'application/pdf') => new File(['%PDF-1.4'], name, { type })

describe('the attach-receipts drawer’s opening tab', () => {
  it('is 0 (attached) when the transaction has a receipt or an invoice, whatever its sign', () => {
    expect(openingTab(transaction({ receipts: [receiptLink(receipt())] }))).toBe('attached')
    expect(openingTab(transaction({ amount: '1200.00', invoices: [invoice] }))).toBe('attached')
  })

  it('is 1 (receipts) for money going out with nothing attached', () => {
    expect(openingTab(transaction({ amount: '-0.01' }))).toBe('receipts')
  })

  it('is 2 (sales invoices) otherwise', () => {
    expect(openingTab(transaction({ amount: '1200.00' }))).toBe('invoices')
    expect(openingTab(transaction({ amount: '0.00' }))).toBe('invoices')
  })
})

describe('the receipts offered', () => {
  it('come with those of the transaction’s amount first, each once, without those already attached', () => {
    const same = receipt({ id: 1, taxIncluded: '120.00' })
    const other = receipt({ id: 2, taxIncluded: '12.00' })
    const unknown = receipt({ id: 3, taxIncluded: null })
    const attached = receipt({ id: 4, taxIncluded: '120.00' })
    const sameOlder = receipt({ id: 5, taxIncluded: '120' })
    const offered = attachableReceipts(
      [sameOlder, attached],
      [other, unknown, same, attached],
      transaction({ amount: '-120.00', receipts: [receiptLink(attached)] }),
    )
    expect(offered.map((entry) => [entry.id, entry.sameAmount])).toEqual([
      [5, true],
      [1, true],
      [2, false],
      [3, false],
    ])
  })
})

describe('the files dropped for a transaction', () => {
  it('are refused whole above 10, else one by one with the spec’s messages', () => {
    expect(checkReceiptFiles(Array.from({ length: 11 }, (_, index) => file(`${index}.pdf`)))).toEqual({
      tooMany: true,
    })
    const ten = Array.from({ length: 10 }, (_, index) => file(`${index}.pdf`))
    expect(checkReceiptFiles(ten)).toEqual({ tooMany: false, accepted: ten, refused: [] })
    const good = file('facture.jpg', 'image/jpeg')
    const bad = file('notes.txt', 'text/plain')
    expect(checkReceiptFiles([good, bad])).toEqual({
      tooMany: false,
      accepted: [good],
      refused: [{ file: bad, reason: messages.files.invalidFormat(2, RECEIPT_FORMATS) }],
    })
  })

  it('refused by the server are named by the message, else all of them', () => {
    const sent = [file('a.pdf'), file('b.pdf')]
    const about = (message: string) => new ApiError(415, { message, code: 'UNSUPPORTED_MEDIA_TYPE' })
    expect(refusedFile(about(messages.files.invalidFormat(2, RECEIPT_FORMATS)), sent)).toBe(sent[1])
    expect(refusedFile(about(messages.files.tooLarge(1, '5 Mo')), sent)).toBe(sent[0])
    expect(refusedFile(about('Autre chose'), sent)).toBeNull()
    expect(refusedFile(about('Autre chose'), [sent[0] as File])).toBe(sent[0])
  })
})
