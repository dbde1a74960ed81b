import { describe, expect, it } from 'vitest'
import { postExpenseNote } from './expenses'
import { book } from './test-support'

const journal = { code: 'CC1', label: 'CCA Jeanne Martin', accountCode: '4551' }

describe('an expense note posts to the associate’s journal (decision 0024 "CC / EX")', () => {
  it('a restaurant at 10 % and a trip at the mileage scale: D 625x HT, D 44566 VAT, C 4551 the whole', () => {
    const entry = postExpenseNote({
      journal,
      date: '2026-11-20',
      label: 'Note de frais du 20/11/2026',
      pieceRef: 'T3001',
      lines: [
        {
          accountCode: '6257',
          accountLabel: 'Réceptions',
          label: 'Déjeuner client',
          amount: '55.00',
          taxAmount: '5.00',
          ratePercent: '10',
          nature: 'services',
        },
        // 300 km of 12,000 at 5 CV: 5,679 € × 300 / 12,000 (decision 0023).
        {
          accountCode: '6251',
          accountLabel: 'Voyages et déplacements',
          label: 'Indemnités kilométriques',
          amount: '141.98',
          taxAmount: '0',
          ratePercent: '0',
          nature: 'services',
          mileage: true,
        },
      ],
    })
    expect(book(entry)).toEqual(['C 4551 196.98', 'D 6257 50.00', 'D 44566 5.00', 'D 6251 141.98'])
    expect(entry).toMatchObject({ journalCode: 'CC1', pieceRef: 'T3001', date: '2026-11-20' })
    expect(entry?.lines[0]?.accountLabel).toBe('CCA Jeanne Martin')
    expect(entry?.lines[2]?.vat).toEqual({
      ratePercent: '10',
      base: '50.00',
      kind: 'deductible',
      nature: 'services',
      dueOn: 'invoice',
    })
    expect(entry?.lines[3]?.vat).toBeNull()
  })

  it('an operator’s note credits 108x; a mileage line that carries VAT is refused', () => {
    const operator = { code: 'EX1', label: "Compte de l'exploitant", accountCode: '1081' }
    const taxi = {
      accountCode: '6251',
      accountLabel: 'Voyages et déplacements',
      amount: '33',
      taxAmount: '3',
      ratePercent: '10',
      nature: 'services' as const,
    }
    expect(
      book(postExpenseNote({ journal: operator, date: '2026-11-20', label: 'Taxi', pieceRef: 'T3002', lines: [taxi] })),
    ).toEqual(['C 1081 33.00', 'D 6251 30.00', 'D 44566 3.00'])
    expect(() =>
      postExpenseNote({
        journal: operator,
        date: '2026-11-20',
        label: 'Km',
        pieceRef: 'T3003',
        lines: [{ ...taxi, mileage: true }],
      }),
    ).toThrow(/a mileage allowance carries no VAT/)
  })
})
