import { describe, expect, it } from 'vitest'
import { settleFinalInvoiceVat } from './final-invoice'

const rate = (ratePercent: string, taxExcluded: string, taxAmount: string) => ({
  ratePercent,
  taxExcluded,
  taxAmount,
  taxIncluded: (Number(taxExcluded) + Number(taxAmount)).toFixed(2),
})

describe('settleFinalInvoiceVat: deposits + final invoice = the quote, VAT included', () => {
  it('takes the cent the separate roundings lose (100.05 at 10 % = 10.01, but 3.00 + 7.00)', () => {
    const final = {
      byRate: [rate('10', '70.03', '7.00')],
      totalTaxExcluded: '70.03',
      totalTaxes: '7.00',
      totalTaxIncluded: '77.03',
    }
    const settled = settleFinalInvoiceVat(final, [rate('10', '100.05', '10.01')], [[rate('10', '30.02', '3.00')]])
    expect(settled).toEqual({
      byRate: [{ ratePercent: '10', taxExcluded: '70.03', taxAmount: '7.01', taxIncluded: '77.04' }],
      totalTaxExcluded: '70.03',
      totalTaxes: '7.01',
      totalTaxIncluded: '77.04',
    })
  })

  it('sums several deposits and rates, and leaves a rate whose base was changed as computed', () => {
    const final = {
      byRate: [rate('20', '500.00', '100.00'), rate('5.5', '12.34', '0.68')],
      totalTaxExcluded: '512.34',
      totalTaxes: '100.68',
      totalTaxIncluded: '613.02',
    }
    const quote = [rate('20', '1000.01', '200.00'), rate('5.5', '50.00', '2.75')]
    const deposits = [[rate('20', '300.00', '60.00'), rate('5.5', '15.00', '0.83')], [rate('20', '200.01', '40.00')]]
    const settled = settleFinalInvoiceVat(final, quote, deposits)
    // 20 %: 1000.01 − 300.00 − 200.01 = 500.00 → VAT 200.00 − 60.00 − 40.00 = 100.00; 5.5 %: base changed, kept
    expect(settled.byRate.map((r) => r.taxAmount)).toEqual(['100.00', '0.68'])
    expect(settled.totalTaxIncluded).toBe('613.02')
  })

  it('changes nothing without deposits on a rate the quote does not have', () => {
    const final = {
      byRate: [rate('20', '10.00', '2.00')],
      totalTaxExcluded: '10.00',
      totalTaxes: '2.00',
      totalTaxIncluded: '12.00',
    }
    expect(settleFinalInvoiceVat(final, [], [])).toEqual(final)
  })
})
