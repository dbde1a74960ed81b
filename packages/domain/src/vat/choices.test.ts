import { describe, expect, it } from 'vitest'
import { TAX_AREA_IDS, TAX_RATE_IDS, TAX_TYPE_IDS } from '../reference/ids'
import { type VatChoiceTax, vatChoices } from './choices'

const { FRANCE, CORSE, DOM } = TAX_AREA_IDS
const { NOR, INT, RED, SRED, PART, EXO, NUL } = TAX_RATE_IDS
const tax = (id: number, amount: string, rate: number, area: number | null, name = `TVA ${amount}`): VatChoiceTax => ({
  id,
  amount,
  name,
  taxTypeId: TAX_TYPE_IDS.vt,
  taxRateId: rate,
  taxAreaId: area,
})

/** GET /taxes?filter[collected]=true as the reference data answers it (ids of the seed). */
const collected: VatChoiceTax[] = [
  tax(1, '20.00', NOR, FRANCE),
  tax(2, '10.00', INT, FRANCE),
  tax(3, '5.50', RED, FRANCE),
  tax(4, '2.10', SRED, FRANCE),
  tax(5, '0.00', EXO, null),
  tax(6, '0.00', NUL, null),
  tax(7, '20.00', NOR, CORSE, 'TVA collectée 20 % (Corse)'),
  tax(8, '10.00', INT, CORSE),
  tax(9, '5.50', RED, CORSE),
  tax(10, '2.10', SRED, CORSE),
  tax(11, '13.00', PART, CORSE),
  tax(12, '10.00', PART, CORSE),
  tax(13, '2.10', PART, CORSE),
  tax(14, '0.90', PART, CORSE),
  tax(15, '8.50', NOR, DOM),
  tax(16, '2.10', RED, DOM),
  tax(17, '1.75', PART, DOM),
  tax(18, '1.05', SRED, DOM),
  { ...tax(301, '0.00', NUL, null, 'Non soumis à la TVA'), taxTypeId: TAX_TYPE_IDS.ns },
]

const labels = (choices: { label: string }[]) => choices.map((choice) => choice.label.replace(/\u00a0/g, ' '))

describe('vatChoices', () => {
  it('offers each mainland rate once, named, and the 0 % ones with what tells them apart', () => {
    const choices = vatChoices(collected, { taxAreaId: FRANCE })
    expect(labels(choices)).toEqual([
      '20 % · taux normal',
      '10 % · taux intermédiaire',
      '5,5 % · taux réduit',
      '2,1 % · taux super-réduit',
      '0 % · exonéré ou autoliquidation',
      '0 % · hors champ, sans TVA',
    ])
    expect(choices.map((choice) => choice.tax.id)).toEqual([1, 2, 3, 4, 5, 6])
    expect(choices.map((choice) => choice.short.replace(/\u00a0/g, ' '))).toEqual([
      '20 %',
      '10 %',
      '5,5 %',
      '2,1 %',
      'Exonéré',
      'Sans TVA',
    ])
    expect(choices[4]?.reason).toMatch(/autoliquide/)
    expect(choices[5]?.reason).toMatch(/franchise en base/)
    expect(choices[0]?.reason).toBeNull()
  })

  it('reads an organisation without an area as mainland France', () => {
    expect(vatChoices(collected, { taxAreaId: null }).map((choice) => choice.tax.id)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('gives Corsica its own rows once, its special rates told apart from the usual ones of the same percentage', () => {
    const choices = vatChoices(collected, { taxAreaId: CORSE })
    expect(labels(choices)).toEqual([
      '20 % · taux normal',
      '13 % · taux particulier',
      '10 % · taux intermédiaire',
      '10 % · taux particulier',
      '5,5 % · taux réduit',
      '2,1 % · taux super-réduit',
      '2,1 % · taux particulier',
      '0,9 % · taux particulier',
      '0 % · exonéré ou autoliquidation',
      '0 % · hors champ, sans TVA',
    ])
    expect(choices[0]?.tax.id).toBe(7)
  })

  it('never lists a percentage twice under the same name', () => {
    for (const area of [FRANCE, CORSE, DOM]) {
      const shown = labels(vatChoices(collected, { taxAreaId: area }))
      expect(new Set(shown).size).toBe(shown.length)
    }
  })

  it('takes "no VAT" and "not subject" as one choice, the sales one offered', () => {
    const choices = vatChoices(collected, { taxAreaId: FRANCE })
    expect(choices.filter((choice) => choice.tax.amount === '0.00').map((choice) => choice.tax.id)).toEqual([5, 6])
  })

  it('keeps what a line already has, named by its own row when its label would be ambiguous', () => {
    const choices = vatChoices(collected, { taxAreaId: FRANCE, keep: [7, 301, 999] })
    expect(choices.map((choice) => choice.tax.id)).toEqual([1, 7, 2, 3, 4, 5, 6, 301])
    expect(choices[1]?.label).toBe('TVA collectée 20 % (Corse)')
    expect(choices[7]?.label.replace(/\u00a0/g, ' ')).toBe('0 % · non soumis à la TVA')
  })
})
