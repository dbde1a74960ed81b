import { describe, expect, it } from 'vitest'
import { postSalesDocument } from './sales'
import { book, storedDocument } from './test-support'
import { pendingVatOf, pendingVatShareOf, postVatMadeDue } from './vat-on-payment'

const services = postSalesDocument(
  storedDocument({
    reference: 'F-2026-0007',
    lines: [
      { type: 'SERVICE', amount: '500', ratePercent: '20' },
      { type: 'PRODUCT', amount: '100', ratePercent: '20' },
    ],
  }),
)

describe('VAT on encaissements (decision 0024 "VAT")', () => {
  it('leaves the services’ VAT pending on 44574, the goods’ due at once on 44571', () => {
    expect(book(services)).toContain('C 44574 100.00')
    expect(book(services)).toContain('C 44571 20.00')
    expect(pendingVatOf(services)).toEqual([{ ratePercent: '20', nature: 'services', base: '500.00', tax: '100.00' }])
  })

  it('makes due the share a payment makes of the invoice, to the cent', () => {
    expect(pendingVatShareOf(pendingVatOf(services), '240.00', '720.00')).toEqual([
      { ratePercent: '20', nature: 'services', base: '166.67', tax: '33.33' },
    ])
    expect(pendingVatShareOf(pendingVatOf(services), '240.00', '0')).toEqual([])
  })

  it('posts the VAT of an invoice paid by hand in OD on the payment date, nothing when none is pending', () => {
    const entry = postVatMadeDue({ reference: 'F-2026-0007', date: '2026-04-02', pending: pendingVatOf(services) })
    expect(book(entry)).toEqual(['D 44574 100.00', 'C 44571 100.00'])
    expect(entry).toMatchObject({ journalCode: 'OD', date: '2026-04-02', label: 'TVA exigible – F-2026-0007' })
    expect(entry?.lines[1]?.vat).toMatchObject({ base: '500.00', dueOn: 'invoice' })
    expect(postVatMadeDue({ reference: 'F-2026-0008', date: '2026-04-02', pending: [] })).toBeNull()
  })
})
