import { describe, expect, it } from 'vitest'
import { book } from '../test-support'
import { paymentEntryOf } from './manual-payments'
import { servicesAndGoods, storedInvoice } from './test-support'

const invoice = storedInvoice(servicesAndGoods)
const cheque = (amount: string, paidBefore = '0') => ({
  payment: { paidAt: '2026-04-05', amount, method: 'CHEQUE' },
  invoice,
  paidBefore,
})

describe('a payment recorded by hand (decision 0034)', () => {
  it('debits 511 and credits the customer, lettered with the invoice, with its share of the pending VAT', () => {
    const entry = paymentEntryOf(cheque('360.00'))
    expect(book(entry)).toEqual(['D 511 360.00', 'C 411 C42 360.00', 'D 44574 50.00', 'C 44571 50.00'])
    expect(entry).toMatchObject({ journalCode: 'OD', date: '2026-04-05', label: 'Règlement chèque – F-2026-0007' })
    expect(entry?.lines[1]?.settles).toEqual({ pieceRef: 'F-2026-0007' })
  })

  it('takes all the VAT left when it completes the invoice, after what was paid before it', () => {
    expect(book(paymentEntryOf(cheque('120.00', '600.00')))).toEqual([
      'D 511 120.00',
      'C 411 C42 120.00',
      'D 44574 16.67',
      'C 44571 16.67',
    ])
  })

  it('names an unknown method « Autre »', () => {
    const entry = paymentEntryOf({
      ...cheque('10.00'),
      payment: { paidAt: '2026-04-05', amount: '10.00', method: '?' },
    })
    expect(entry?.label).toBe('Règlement autre – F-2026-0007')
  })
})
