import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import {
  allowanceOf,
  createBodyOf,
  type ExpenseDraft,
  errorsOf,
  newAmountLine,
  newMileageLine,
  redated,
  totalOf,
  updateBodyOf,
  withMileage,
} from './expenseForm'

const travel = { id: 14, code: '6251', name: 'Voyages et déplacements' }
const car = { vehicleType: 'voiture' as const, fiscalPower: '5', distanceKm: '120', yearlyDistanceKm: '4 000' }

const draft = (overrides: Partial<ExpenseDraft> = {}): ExpenseDraft => ({
  datedAt: '2026-03-10',
  journalId: '5',
  name: '',
  lines: [],
  ...overrides,
})

describe('the expense note form', () => {
  it('prices a mileage line as the server will, with the scale of the note’s date', () => {
    expect(allowanceOf(car, '2026-03-10')).toEqual({ amount: '76.32', scaleYear: 2024 })
    // A moped has no horsepower; a trip longer than the year, or not a number yet, has no allowance.
    expect(allowanceOf({ ...car, vehicleType: 'cyclomoteur', fiscalPower: '' }, '2026-03-10')?.amount).toBe('21.84')
    expect(allowanceOf({ ...car, distanceKm: '5000' }, '2026-03-10')).toBeNull()
    expect(allowanceOf({ ...car, distanceKm: 'douze' }, '2026-03-10')).toBeNull()
  })

  it('adds up positive lines, whatever sign was typed, and the mileage allowances', () => {
    const mileage = withMileage(newMileageLine(travel), car, '2026-03-10')
    const taxi = { ...newAmountLine(), name: 'Taxi', amount: '-12,40', category: travel }
    expect(totalOf(draft({ lines: [mileage, taxi] }))).toBe('88.72')
    expect(totalOf(draft())).toBe('0.00')
  })

  it('sends the default name when left empty, the lines as typed, a saved note without its account', () => {
    const mileage = withMileage(newMileageLine(travel), car, '2026-03-10')
    const body = createBodyOf(draft({ lines: [mileage] }))
    expect(body).toEqual({
      journalId: 5,
      name: 'Note de frais du 10/03/2026',
      datedAt: '2026-03-10',
      allocations: [
        {
          name: 'Frais kilométriques',
          amount: '76.32',
          accountingEntryId: 14,
          taxId: null,
          taxManual: false,
          taxAmount: null,
          mileage: { vehicleType: 'voiture', fiscalPower: 5, distanceKm: '120', yearlyDistanceKm: '4000' },
        },
      ],
    })
    expect(updateBodyOf(draft({ name: 'Salon Lyon', lines: [mileage] }))).not.toHaveProperty('journalId')
  })

  it('re-prices the mileage lines when the date changes', () => {
    const mileage = withMileage(newMileageLine(travel), car, '2026-03-10')
    expect(redated([mileage], '2023-05-01')[0]?.amount).toBe('76,32')
  })

  it('finds what is missing before sending: lines, categories, a mileage the barème cannot price', () => {
    expect(errorsOf(draft())).toEqual({ allocations: messages.expenses.linesRequired })
    const tiny = withMileage(
      newMileageLine(travel),
      { ...car, distanceKm: '0,01', yearlyDistanceKm: '100000' },
      '2026-03-10',
    )
    expect(errorsOf(draft({ lines: [{ ...newAmountLine(), name: 'Taxi', amount: '12' }, tiny] }))).toEqual({
      'allocations.0.accountingEntryId': 'Tu dois choisir une catégorie.',
      'allocations.1.mileage': messages.expenses.mileageNoAllowance,
    })
  })
})
