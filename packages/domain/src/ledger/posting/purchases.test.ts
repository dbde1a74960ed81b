import { describe, expect, it } from 'vitest'
import { postPurchaseReceipt, type ReceiptForPosting } from './purchases'
import { book } from './test-support'

const receipt = (over: Partial<ReceiptForPosting>): ReceiptForPosting => ({
  reference: 'FA-123',
  date: '2026-02-28',
  supplier: { id: 17, name: 'Fournitures Leroy' },
  account: { code: '6064', label: 'Fournitures administratives' },
  nature: 'goods',
  taxIncluded: '126.50',
  vatLines: [
    { ratePercent: '20', taxExcluded: '100.00', taxAmount: '20.00' },
    { ratePercent: '5.5', taxExcluded: '6.16', taxAmount: '0.34' },
  ],
  ...over,
})

describe('a validated receipt posts to the purchase journal (decision 0024 "HA")', () => {
  it('D the expense account HT and 44566 VAT per rate, C 401 the supplier TTC', () => {
    const entry = postPurchaseReceipt(receipt({}))
    expect(book(entry)).toEqual(['C 401 F17 126.50', 'D 6064 100.00', 'D 44566 20.00', 'D 6064 6.16', 'D 44566 0.34'])
    expect(entry).toMatchObject({
      journalCode: 'HA',
      journalLabel: 'Achats',
      label: 'Fournitures Leroy – FA-123',
      pieceRef: 'FA-123',
      pieceDate: '2026-02-28',
    })
    expect(entry?.lines[0]?.auxiliary).toEqual({ code: 'F17', label: 'Fournitures Leroy' })
    expect(entry?.lines[4]?.vat).toEqual({
      ratePercent: '5.5',
      base: '6.16',
      kind: 'deductible',
      nature: 'goods',
      dueOn: 'invoice',
    })
  })

  it('401 is the TTC to the cent when the supplier’s bases were rounded otherwise: the HT absorbs the cent', () => {
    // The lines say 100.00 + 20.00 + 6.16 + 0.34 = 126.50, the invoice 126.51: the larger base takes the cent.
    expect(book(postPurchaseReceipt(receipt({ taxIncluded: '126.51' })))).toEqual([
      'C 401 F17 126.51',
      'D 6064 100.01',
      'D 44566 20.00',
      'D 6064 6.16',
      'D 44566 0.34',
    ])
  })

  it('a receipt without VAT posts its TTC on the expense; a fixed asset’s VAT goes to 44562; a supplier credit note mirrors', () => {
    expect(book(postPurchaseReceipt(receipt({ taxIncluded: '45.00', vatLines: [] })))).toEqual([
      'C 401 F17 45.00',
      'D 6064 45.00',
    ])
    const laptop = receipt({
      account: { code: '2183', label: 'Matériel de bureau' },
      taxIncluded: '1440.00',
      vatLines: [{ ratePercent: '20', taxExcluded: '1200.00', taxAmount: '240.00' }],
    })
    expect(book(postPurchaseReceipt(laptop))).toEqual(['C 401 F17 1440.00', 'D 2183 1200.00', 'D 44562 240.00'])
    const credit = receipt({
      taxIncluded: '-120.00',
      vatLines: [{ ratePercent: '20', taxExcluded: '-100.00', taxAmount: '-20.00' }],
    })
    expect(book(postPurchaseReceipt(credit))).toEqual(['D 401 F17 120.00', 'C 6064 100.00', 'C 44566 20.00'])
  })
})
