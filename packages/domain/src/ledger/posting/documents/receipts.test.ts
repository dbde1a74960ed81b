import { describe, expect, it } from 'vitest'
import { book } from '../test-support'
import {
  paidPurchaseOf,
  purchaseEntryOf,
  receiptPieceRef,
  receiptVatLinesOf,
  type StoredReceipt,
  typedRateOf,
} from './receipts'

const receipt = (over: Partial<StoredReceipt['receipt']> = {}, rest: Partial<Omit<StoredReceipt, 'receipt'>> = {}) =>
  ({
    receipt: {
      id: 12,
      reference: 'FA-123',
      datedAt: '2026-03-02',
      taxExcluded: '50.00',
      taxAmount: '10.00',
      taxIncluded: '60.00',
      vatLines: null,
      contactId: 7,
      supplierName: 'Orange',
      ...over,
    },
    lines: [{ journalTypeCode: 'BQ' }],
    category: { code: '626', label: 'Frais postaux et de télécommunications' },
    ...rest,
  }) satisfies StoredReceipt

describe('the rate of a receipt typed with its totals only', () => {
  it('is the French rate that gives its VAT to the cent', () => {
    expect(typedRateOf('50.00', '10.00')).toBe('20')
    expect(typedRateOf('100.00', '5.50')).toBe('5.5')
  })

  it('is the quotient itself when no French rate gives it (an overseas rate), and 0 on a zero base', () => {
    expect(typedRateOf('100.00', '8.50')).toBe('8.5')
    expect(typedRateOf('0', '1.00')).toBe('0')
  })
})

describe('the VAT lines of a receipt', () => {
  it('are its own lines when it has some (an e-invoice read)', () => {
    const vatLines = [{ ratePercent: '10', taxableAmount: '30.00', taxAmount: '3.00' }]
    expect(receiptVatLinesOf(receipt({ vatLines }).receipt)).toEqual([
      { ratePercent: '10', taxExcluded: '30.00', taxAmount: '3.00' },
    ])
  })

  it('are one line of its typed totals, none when no VAT was typed', () => {
    expect(receiptVatLinesOf(receipt().receipt)).toEqual([
      { ratePercent: '20', taxExcluded: '50.00', taxAmount: '10.00' },
    ])
    expect(receiptVatLinesOf(receipt({ taxAmount: '0.00' }).receipt)).toEqual([])
    expect(receiptVatLinesOf(receipt({ taxExcluded: null }).receipt)).toEqual([])
  })
})

describe('a validated receipt in the purchase journal (decision 0024 "HA")', () => {
  it('is known by the supplier’s invoice number, else by the server’s own J<id>', () => {
    expect(receiptPieceRef({ id: 12, reference: ' FA-123 ' })).toBe('FA-123')
    expect(receiptPieceRef({ id: 12, reference: '  ' })).toBe('J12')
    expect(receiptPieceRef({ id: 12, reference: null })).toBe('J12')
  })

  it('charges its bank line’s category and credits the supplier', () => {
    const entry = purchaseEntryOf(receipt())
    expect(book(entry)).toEqual(['C 401 F7 60.00', 'D 626 50.00', 'D 44566 10.00'])
    expect(entry).toMatchObject({ journalCode: 'HA', pieceRef: 'FA-123', date: '2026-03-02' })
  })

  it('waits on the holding account while its line is not categorised', () => {
    expect(book(purchaseEntryOf(receipt({}, { category: null })))).toContain('D 471000 50.00')
  })

  it('is not posted without a supplier, a date or a TTC', () => {
    expect(purchaseEntryOf(receipt({ contactId: null }))).toBeNull()
    expect(purchaseEntryOf(receipt({ datedAt: null }))).toBeNull()
    expect(purchaseEntryOf(receipt({ taxIncluded: null }))).toBeNull()
  })

  it('is not posted when it proves a line that books its own expense (expense note, cash, cash sale)', () => {
    for (const journalTypeCode of ['CC', 'EX', 'CAI', 'ES'])
      expect(purchaseEntryOf(receipt({}, { lines: [{ journalTypeCode: 'BQ' }, { journalTypeCode }] }))).toBeNull()
  })

  it('is something a bank line can pay only when it is in the purchase journal', () => {
    expect(paidPurchaseOf(receipt())).toEqual({
      supplier: { id: 7, name: 'Orange' },
      taxIncluded: '60.00',
      pieceRef: 'FA-123',
    })
    expect(paidPurchaseOf(receipt({}, { lines: [{ journalTypeCode: 'CAI' }] }))).toBeNull()
  })
})
