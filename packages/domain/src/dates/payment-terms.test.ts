import { describe, expect, it } from 'vitest'
import { canUseEndOfMonth, paymentLimitDate, paymentTermLabel } from './payment-terms'

describe('paymentTermLabel: how a payment term reads (spec/sales.md §9)', () => {
  it('says "Paiement comptant" for 0 days, with or without end of month', () => {
    expect(paymentTermLabel(0)).toBe('Paiement comptant')
    expect(paymentTermLabel(0, true)).toBe('Paiement comptant')
  })

  it('says "N jours" otherwise, "1 jour" in the singular', () => {
    expect(paymentTermLabel(1)).toBe('1 jour')
    expect(paymentTermLabel(7)).toBe('7 jours')
    expect(paymentTermLabel(30)).toBe('30 jours')
    expect(paymentTermLabel(45)).toBe('45 jours')
    expect(paymentTermLabel(60)).toBe('60 jours')
  })

  it('adds "fin de mois" from 30 days on', () => {
    expect(paymentTermLabel(30, true)).toBe('30 jours fin de mois')
    expect(paymentTermLabel(45, true)).toBe('45 jours fin de mois')
    expect(paymentTermLabel(60, true)).toBe('60 jours fin de mois')
  })

  it('ignores "fin de mois" below 30 days, where it is not offered', () => {
    expect(canUseEndOfMonth(29)).toBe(false)
    expect(canUseEndOfMonth(30)).toBe(true)
    expect(paymentTermLabel(15, true)).toBe('15 jours')
  })

  it('refuses negative or fractional days', () => {
    expect(() => paymentTermLabel(-1)).toThrow(RangeError)
    expect(() => paymentTermLabel(1.5)).toThrow(RangeError)
  })
})

describe('paymentLimitDate: the due date of an invoice', () => {
  it('is the issue date for a cash payment', () => {
    expect(paymentLimitDate('2026-03-03', 0)).toBe('2026-03-03')
    expect(paymentLimitDate('2026-03-03', 0, true)).toBe('2026-03-03')
  })

  it('is the issue date plus N calendar days', () => {
    expect(paymentLimitDate('2026-03-03', 30)).toBe('2026-04-02')
    expect(paymentLimitDate('2026-01-31', 30)).toBe('2026-03-02')
    expect(paymentLimitDate('2024-01-31', 30)).toBe('2024-03-01')
    expect(paymentLimitDate('2026-12-15', 45)).toBe('2027-01-29')
    expect(paymentLimitDate('2026-03-20', 7)).toBe('2026-03-27')
  })

  it('with "fin de mois", adds N days then goes to the end of that month', () => {
    expect(paymentLimitDate('2026-03-03', 30, true)).toBe('2026-04-30')
    expect(paymentLimitDate('2026-01-31', 30, true)).toBe('2026-03-31')
    expect(paymentLimitDate('2026-01-10', 45, true)).toBe('2026-02-28')
    expect(paymentLimitDate('2026-01-15', 45, true)).toBe('2026-03-31')
    expect(paymentLimitDate('2024-01-15', 45, true)).toBe('2024-02-29')
    expect(paymentLimitDate('2026-11-20', 45, true)).toBe('2027-01-31')
    expect(paymentLimitDate('2026-03-01', 30, true)).toBe('2026-03-31')
  })

  it('ignores "fin de mois" below 30 days, like the label', () => {
    expect(paymentLimitDate('2026-03-03', 15, true)).toBe('2026-03-18')
  })

  it('refuses an invalid issue date or negative days', () => {
    expect(() => paymentLimitDate('2026-02-30', 30)).toThrow(RangeError)
    expect(() => paymentLimitDate('2026-03-03', -30)).toThrow(RangeError)
  })
})
