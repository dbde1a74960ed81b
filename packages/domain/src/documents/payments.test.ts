import { describe, expect, it } from 'vitest'
import { invoicePaymentSchema, paymentsCarriedBy, remainingToPay } from './payments'

describe('what is left to pay', () => {
  it('takes payments and credit notes off the net to pay, never below zero', () => {
    expect(remainingToPay('1200.00', ['500', '200.50'])).toBe('499.50')
    expect(remainingToPay('1200.00', ['1000'], ['200'])).toBe('0.00')
    expect(remainingToPay('1200.00', ['1300'])).toBe('0.00')
  })
})

describe('a payment recorded by hand', () => {
  it('takes a positive amount to the cent, a real date and a known method (a transfer by default)', () => {
    expect(invoicePaymentSchema.parse({ amount: '120,50' })).toEqual({
      amount: '120.5',
      paidAt: null,
      method: 'TRANSFER',
    })
    expect(invoicePaymentSchema.safeParse({ amount: '-5' }).success).toBe(false)
    expect(invoicePaymentSchema.safeParse({ amount: '0' }).success).toBe(false)
    expect(invoicePaymentSchema.safeParse({ amount: '1.234' }).success).toBe(false)
    expect(invoicePaymentSchema.safeParse({ amount: '10', paidAt: '2026-02-31' }).success).toBe(false)
    expect(invoicePaymentSchema.safeParse({ amount: '10', method: 'BITCOIN' }).error?.issues[0]?.message).toContain(
      'chèque',
    )
    expect(invoicePaymentSchema.safeParse({ amount: '10', extra: 1 }).success).toBe(false)
  })
})

describe('the payments by hand a bank line carries', () => {
  const waiting = [
    { id: 1, amount: '300.00' },
    { id: 2, amount: '200.00' },
  ]
  it('is the one of its amount, else all of them when they make it, else none', () => {
    expect(paymentsCarriedBy(waiting, '200.00').map((p) => p.id)).toEqual([2])
    expect(paymentsCarriedBy(waiting, '500').map((p) => p.id)).toEqual([1, 2])
    expect(paymentsCarriedBy(waiting, '450.00')).toEqual([])
    expect(paymentsCarriedBy([], '10')).toEqual([])
  })
})
