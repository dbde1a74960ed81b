import { describe, expect, it } from 'vitest'
import { mileageFields } from '../schemas/mileage'
import { canMakeExpenseFrom, expenseDefaultName, expenseJournalTypeFor } from './notes'

const bankLine = (amount: string, entryIds: number[], journalTypeCode = 'BQ') => ({
  amount,
  journal: { journalTypeCode },
  transactionAllocations: entryIds.map((accountingEntryId) => ({ accountingEntryId })),
})

describe('expense notes', () => {
  it('go to the operator account of an individual business, to an associate account otherwise', () => {
    expect(['EI', 'PL', 'ME'].map(expenseJournalTypeFor)).toEqual(['EX', 'EX', 'EX'])
    expect([expenseJournalTypeFor('SO'), expenseJournalTypeFor(undefined)]).toEqual(['CC', 'CC'])
  })

  it('are named after their date when nobody names them', () => {
    expect(expenseDefaultName('2026-11-20')).toBe('Note de frais du 20/11/2026')
  })

  it('are made only from money out of a bank account split on one associate category', () => {
    expect(canMakeExpenseFrom(bankLine('-120.00', [500]), [500])).toBe(true)
    expect(canMakeExpenseFrom(bankLine('120.00', [500]), [500])).toBe(false)
    expect(canMakeExpenseFrom(bankLine('-120.00', [500, 12]), [500])).toBe(false)
    expect(canMakeExpenseFrom(bankLine('-120.00', [12]), [500])).toBe(false)
    expect(canMakeExpenseFrom(bankLine('-120.00', []), [500])).toBe(false)
    expect(canMakeExpenseFrom(bankLine('-120.00', [500], 'CAI'), [500])).toBe(false)
  })

  it('check a mileage line’s inputs in French: horsepower but for a moped, a trip within the year', () => {
    const car = { vehicleType: 'voiture', distanceKm: '1 200', yearlyDistanceKm: '800' }
    const refused = mileageFields.safeParse(car)
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['fiscalPower', 'Indique la puissance fiscale du véhicule.'],
      ['yearlyDistanceKm', 'Les kilomètres de l’année comptent au moins ceux de ce trajet.'],
    ])
    expect(mileageFields.parse({ vehicleType: 'cyclomoteur', distanceKm: '12,5', yearlyDistanceKm: 900 })).toEqual({
      vehicleType: 'cyclomoteur',
      fiscalPower: null,
      distanceKm: '12.5',
      yearlyDistanceKm: '900',
    })
  })
})
