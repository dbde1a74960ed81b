import { describe, expect, it } from 'vitest'
import { TAX_AREA_IDS, TAX_RATE_IDS, TAX_TYPE_IDS } from '../reference/ids'
import { type TaxChoice, taxForCategory } from './category-tax'

const tax = (id: number, typeId: number, rateId: number, areaId: number | null, isCollected = false): TaxChoice => ({
  id,
  amount: '20.00',
  isCollected,
  taxTypeId: typeId,
  taxRateId: rateId,
  taxAreaId: areaId,
})

const { bs, ns } = TAX_TYPE_IDS
const taxes = [
  tax(101, bs, TAX_RATE_IDS.NOR, TAX_AREA_IDS.FRANCE),
  tax(105, bs, TAX_RATE_IDS.EXO, null),
  tax(106, bs, TAX_RATE_IDS.NUL, null),
  tax(107, bs, TAX_RATE_IDS.NOR, TAX_AREA_IDS.CORSE),
  tax(301, ns, TAX_RATE_IDS.NUL, null, true),
  tax(302, ns, TAX_RATE_IDS.NUL, null, false),
]
const phone = { taxTypeId: bs, taxRateId: TAX_RATE_IDS.NOR }
const mainland = { taxAreaId: TAX_AREA_IDS.FRANCE, isTaxFree: false, isIncome: false }

describe('taxForCategory', () => {
  it('takes the category’s type and rate in the organisation’s area', () => {
    expect(taxForCategory(phone, taxes, mainland)?.id).toBe(101)
    expect(taxForCategory(phone, taxes, { ...mainland, taxAreaId: TAX_AREA_IDS.CORSE })?.id).toBe(107)
  })

  it('falls back on a tax valid in every area', () => {
    expect(taxForCategory({ taxTypeId: bs, taxRateId: TAX_RATE_IDS.EXO }, taxes, mainland)?.id).toBe(105)
  })

  it('gives a tax-free organisation the no-VAT rate of the same type', () => {
    expect(taxForCategory(phone, taxes, { ...mainland, isTaxFree: true })?.id).toBe(106)
  })

  it('takes the collected side of "not subject" for money in, the deductible side for money out', () => {
    const salary = { taxTypeId: ns, taxRateId: TAX_RATE_IDS.NUL }
    expect(taxForCategory(salary, taxes, { ...mainland, isIncome: true })?.id).toBe(301)
    expect(taxForCategory(salary, taxes, mainland)?.id).toBe(302)
  })

  it('answers null when no tax fits (the list not loaded yet)', () => {
    expect(taxForCategory(phone, [], mainland)).toBeNull()
  })
})
