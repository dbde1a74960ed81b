import { describe, expect, it } from 'vitest'
import { summarizeContactActivity } from './activity'
import { contactGroupLetter, searchKey } from './search-key'

describe('searchKey and contactGroupLetter', () => {
  it('folds case, accents, ligatures and spaces', () => {
    expect(searchKey('  Élodie   ŒUVRE ')).toBe('elodie oeuvre')
    expect(searchKey('Ça Façonne')).toBe('ca faconne')
  })

  it("groups by first letter, '#' otherwise", () => {
    expect(contactGroupLetter('émile')).toBe('E')
    expect(contactGroupLetter('3D')).toBe('#')
    expect(contactGroupLetter('')).toBe('#')
  })
})

describe('summarizeContactActivity', () => {
  it('is zero and null without documents', () => {
    expect(summarizeContactActivity([], [])).toEqual({
      quotesCount: 0,
      quotesAmount: '0.00',
      invoicesCount: 0,
      invoicesAmount: '0.00',
      invoicesLateAmount: '0.00',
      averagePaymentDelay: null,
    })
  })

  it('sums quotes and invoices to the cent and averages payment delays', () => {
    const invoice = (stateCode: string, total: string, paymentDateAt: string | null = null) => ({
      stateCode,
      totalTaxIncluded: total,
      datedAt: '2026-01-01',
      paymentDateAt,
      isCreditNote: false,
    })
    const result = summarizeContactActivity(
      [
        { stateCode: 'DRAFT', totalTaxIncluded: '5.00' },
        { stateCode: 'SENT', totalTaxIncluded: '0.10' },
        { stateCode: 'WON', totalTaxIncluded: '0.20' },
      ],
      [
        invoice('DRAFT', '99.00'),
        invoice('PAID', '100.10', '2026-01-11'),
        invoice('PAID', '0.20', '2026-01-31'),
        invoice('LATE', '10.00'),
        invoice('CANCELED', '7.00'),
      ],
    )
    expect(result).toEqual({
      quotesCount: 2,
      quotesAmount: '0.30',
      invoicesCount: 3,
      invoicesAmount: '110.30',
      invoicesLateAmount: '10.00',
      averagePaymentDelay: 20,
    })
  })
})
