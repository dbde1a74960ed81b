import { describe, expect, it } from 'vitest'
import { copyName, isSalesCategoryAllowed } from './categories'
import { catalogLine } from './pricing'

describe('catalogLine: a price entered TTC stays TTC (decision 0009)', () => {
  const quantities = ['1', '2', '3', '7', '0.5', '0.333', '12.5', '99']
  const rates = ['20', '10', '5.5', '2.1', '8.5', '0']

  it('an item at 500,00 € TTC gives lines totalling exactly quantity × 500,00 € TTC, with HT + VAT = TTC', () => {
    for (const quantity of quantities) {
      for (const ratePercent of rates) {
        const line = catalogLine({ amount: '500', priceRule: 'TTC', quantity, ratePercent })
        const expected = (Math.round(Number(quantity) * 500 * 100) / 100).toFixed(2)
        expect(line.totalTaxIncluded, `${quantity} × 500 TTC at ${ratePercent} %`).toBe(expected)
        const cents = (value: string) => Math.round(Number(value) * 100)
        expect(cents(line.totalTaxExcluded) + cents(line.totalTaxes)).toBe(cents(line.totalTaxIncluded))
      }
    }
  })

  it('derives the HT unit price with 6 decimals and the VAT part with the spec/money.md §5 formula', () => {
    expect(catalogLine({ amount: '500', priceRule: 'TTC', quantity: '3', ratePercent: '20' })).toEqual({
      unitPriceTaxExcluded: '416.666667',
      totalTaxExcluded: '1250.00',
      totalTaxes: '250.00',
      totalTaxIncluded: '1500.00',
    })
    expect(catalogLine({ amount: '500', priceRule: 'TTC', quantity: '1', ratePercent: '5.5' })).toEqual({
      unitPriceTaxExcluded: '473.933649',
      totalTaxExcluded: '473.93',
      totalTaxes: '26.07',
      totalTaxIncluded: '500.00',
    })
  })

  it('keeps negative TTC prices exact too', () => {
    const line = catalogLine({ amount: '-500', priceRule: 'TTC', quantity: '3', ratePercent: '20' })
    expect(line).toMatchObject({ totalTaxIncluded: '-1500.00', totalTaxes: '-250.00', totalTaxExcluded: '-1250.00' })
  })

  it('an HT price follows EN 16931: net = round2(qty × price), VAT on the net', () => {
    expect(catalogLine({ amount: '416.666667', priceRule: 'HT', quantity: '3', ratePercent: '20' })).toEqual({
      unitPriceTaxExcluded: '416.666667',
      totalTaxExcluded: '1250.00',
      totalTaxes: '250.00',
      totalTaxIncluded: '1500.00',
    })
  })

  it('shows why the HT unit price is not used to compute a TTC line: 500,00 € TTC at 10 % would print 500,01 €', () => {
    const viaTtc = catalogLine({ amount: '500', priceRule: 'TTC', quantity: '1', ratePercent: '10' })
    expect(viaTtc).toMatchObject({ unitPriceTaxExcluded: '454.545455', totalTaxIncluded: '500.00' })
    const viaHt = catalogLine({
      amount: viaTtc.unitPriceTaxExcluded,
      priceRule: 'HT',
      quantity: '1',
      ratePercent: '10',
    })
    expect(viaHt.totalTaxIncluded).toBe('500.01')
  })
})

describe('sales categories of catalogue items', () => {
  it('goods take 701 and 707, services 706 and 708, with their sub-accounts', () => {
    expect(isSalesCategoryAllowed('PRO', '701')).toBe(true)
    expect(isSalesCategoryAllowed('PRO', '707')).toBe(true)
    expect(isSalesCategoryAllowed('PRO', '706')).toBe(false)
    expect(isSalesCategoryAllowed('SER', '706')).toBe(true)
    expect(isSalesCategoryAllowed('SER', '7085')).toBe(true)
    expect(isSalesCategoryAllowed('SER', '701')).toBe(false)
    expect(isSalesCategoryAllowed('XXX', '701')).toBe(false)
    expect(copyName('Conseil')).toBe('Copie de Conseil')
  })
})
