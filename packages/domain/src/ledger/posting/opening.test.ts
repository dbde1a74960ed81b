import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, divide, negate, sum, toCents } from '../../money/arithmetic'
import { isBalanced } from './balance'
import { postBankTransaction } from './bank'
import {
  type ClosingBalance,
  carriedBalancesOf,
  moveCarriedBalances,
  OPENING_JOURNAL,
  postOpeningBalances,
  postStartingValues,
  splitClosingBalances,
} from './opening'
import { postSalesDocument } from './sales'
import { balances, book, storedDocument } from './test-support'
import type { PostingEntry } from './types'

const closing = (accountCode: string, balance: string, auxiliary?: string): ClosingBalance => ({
  accountCode,
  accountLabel: `Compte ${accountCode}`,
  auxiliary: auxiliary ? { code: auxiliary, label: 'Atelier Dupont' } : null,
  balance,
})

/** Per (account, auxiliary): Σ debit − Σ credit of the entries, as the server's aggregate reads the ledger. */
function closingOf(entries: readonly (PostingEntry | null)[]): ClosingBalance[] {
  const byKey = new Map<string, ClosingBalance>()
  for (const line of entries.flatMap((entry) => entry?.lines ?? [])) {
    const key = `${line.accountCode} ${line.auxiliary?.code ?? ''}`
    const known = byKey.get(key) ?? { ...closing(line.accountCode, '0'), auxiliary: line.auxiliary ?? null }
    byKey.set(key, { ...known, balance: add(known.balance, add(line.debit, negate(line.credit))) })
  }
  return [...byKey.values()]
}

describe('the à-nouveaux of a fiscal year after the first (decision 0024 "AN")', () => {
  it('carries classes 1 to 5 on their side, the customer on his own 411, and a profit to 120', () => {
    // 2026: the bank started at 1,000 (against 471); 1,000 of services at 20 % invoiced, not paid by 31 December.
    const start = postStartingValues({
      date: '2026-01-01',
      values: [{ journal: { code: 'BQ1', label: 'Compte pro', accountCode: '5121' }, typeCode: 'BQ', value: '1000' }],
    })
    const invoice = postSalesDocument(
      storedDocument({ lines: [{ type: 'SERVICE', amount: '1000', ratePercent: '20' }] }),
    )
    const { balances: carried, result } = splitClosingBalances(closingOf([start, invoice]))
    expect(result).toBe('1000.00')

    const entry = postOpeningBalances({ date: '2027-01-01', balances: carried, result })
    expect(book(entry)).toEqual([
      'D 411 C42 1200.00',
      'C 44574 200.00',
      'C 471000 1000.00',
      'D 5121 1000.00',
      'C 120 1000.00',
    ])
    expect(entry).toMatchObject({
      journalCode: 'AN',
      journalLabel: 'À-nouveaux',
      date: '2027-01-01',
      pieceDate: '2027-01-01',
      pieceRef: 'AN-2027',
      label: 'À-nouveaux au 01/01/2027',
    })
    expect(entry?.lines.at(-1)).toMatchObject({
      accountLabel: "Résultat de l'exercice (bénéfice)",
      label: "Résultat de l'exercice clos le 31/12/2026",
    })
    expect(entry?.lines[0]?.auxiliary).toEqual({ code: 'C42', label: 'Atelier Dupont' })
    expect(entry?.lines.every((line) => line.vat === null)).toBe(true)
  })

  it('debits a loss to 129, drops balances of nothing, and is nothing when nothing is left', () => {
    const entry = postOpeningBalances({
      date: '2027-07-01',
      balances: [closing('5121', '-300'), closing('401', '0.00', 'F3'), closing('44566', '50')],
      result: '-250',
    })
    expect(book(entry)).toEqual(['D 44566 50.00', 'C 5121 300.00', 'D 129 250.00'])
    expect(entry?.lines.at(-1)).toMatchObject({
      accountLabel: "Résultat de l'exercice (perte)",
      label: "Résultat de l'exercice clos le 30/06/2027",
    })
    expect(postOpeningBalances({ date: '2027-01-01', balances: [closing('411', '0', 'C1')], result: '0' })).toBeNull()
  })

  it('refuses a class 6 or 7 balance carried, an account of another class, and balances that do not balance', () => {
    expect(() => postOpeningBalances({ date: '2027-01-01', balances: [closing('706', '-10')], result: '10' })).toThrow(
      /not of classes 1 to 5/,
    )
    expect(() => splitClosingBalances([closing('801', '10')])).toThrow(/class 8/)
    expect(() => postOpeningBalances({ date: '2027-01-01', balances: [closing('5121', '10')], result: '5' })).toThrow(
      /does not balance/,
    )
  })

  it('is balanced, carries every balance sheet account and the result, for any balanced year (generated)', () => {
    const amount = fc.integer({ min: -5_000_000, max: 5_000_000 }).map((n) => toCents(divide(n, 100)))
    const account = fc.constantFrom(
      '101',
      '164',
      '2183',
      '401',
      '411',
      '4551',
      '44566',
      '44571',
      '5121',
      '5301',
      '606',
      '626',
      '706',
      '707',
    )
    fc.assert(
      fc.property(fc.array(fc.tuple(account, amount), { minLength: 1, maxLength: 12 }), (moves) => {
        // Each move against the bank, so that the year balances as real entries do.
        const entries = moves.map(([code, value], index) =>
          postBankTransaction({
            journal: { code: 'BQ1', label: 'Banque', accountCode: '5121' },
            date: '2026-05-01',
            label: `Mouvement ${index}`,
            pieceRef: `T${index}`,
            amount: value,
            allocations: [
              {
                accountCode: code,
                accountLabel: code,
                amount: value,
                taxAmount: '0',
                ratePercent: null,
                nature: 'services',
              },
            ],
          }),
        )
        const split = splitClosingBalances(closingOf(entries))
        const entry = postOpeningBalances({ date: '2027-01-01', ...split })
        const before = balances(entries)
        const result = sum([
          '0',
          ...Object.entries(before)
            .filter(([code]) => /^[67]/.test(code))
            .map(([, v]) => negate(v)),
        ])
        const expected = Object.fromEntries(Object.entries(before).filter(([code]) => /^[1-5]/.test(code)))
        if (toCents(result) !== '0.00') expected[/^-/.test(result) ? '129' : '120'] = toCents(negate(result))
        expect(balances([entry])).toEqual(
          Object.fromEntries(Object.entries(expected).sort(([a], [b]) => a.localeCompare(b))),
        )
        if (entry) expect(isBalanced(entry)).toBe(true)
      }),
      { numRuns: 200 },
    )
  })
})

describe('an opening carried forward from the one before and the lines a posting moved (the set posting)', () => {
  const amount = fc.integer({ min: -500_000, max: 500_000 }).map((n) => toCents(divide(n, 100)))
  const account = fc.constantFrom('101', '120', '129', '401', '411', '44566', '471000', '5121', '606', '626', '706')
  const auxiliary = fc.constantFrom(undefined, 'C42', 'C43')
  const balancesOf = fc.array(fc.tuple(account, amount, auxiliary), { maxLength: 10 }).map((rows) =>
    closingOf(
      rows.map(([code, value, aux]) => ({
        journalCode: 'OD',
        journalLabel: 'Opérations diverses',
        date: '2026-05-01',
        label: 'Mouvement',
        pieceRef: 'M1',
        pieceDate: '2026-05-01',
        // Each against the bank, so that the year balances as real entries do.
        lines: [
          {
            accountCode: code,
            accountLabel: `Compte ${code}`,
            auxiliary: aux && /^4[01]/.test(code) ? { code: aux, label: 'Atelier Dupont' } : null,
            label: 'Mouvement',
            debit: /^-/.test(value) ? '0.00' : value,
            credit: /^-/.test(value) ? negate(value) : '0.00',
            vat: null,
          },
          {
            accountCode: '5121',
            accountLabel: 'Compte 5121',
            auxiliary: null,
            label: 'Mouvement',
            debit: /^-/.test(value) ? negate(value) : '0.00',
            credit: /^-/.test(value) ? '0.00' : value,
            vat: null,
          },
        ],
      })),
    ),
  )

  it('reads back what an opening carries, its carried 120 apart from the result it posts to 120', () => {
    const carried = {
      balances: [closing('120', '-300.00'), closing('401', '-650.00'), closing('411', '1200.00', 'C42')],
      result: '250.00',
    }
    const entry = postOpeningBalances({ date: '2027-01-01', ...carried })
    expect(book(entry)).toEqual(['C 120 300.00', 'C 401 650.00', 'D 411 C42 1200.00', 'C 120 250.00'])
    expect(carriedBalancesOf(entry)).toEqual(carried)
    expect(carriedBalancesOf(null)).toEqual({ balances: [], result: '0.00' })
  })

  it('gives the opening the whole year gives, for any year and any lines moved after it (generated)', () => {
    fc.assert(
      fc.property(balancesOf, balancesOf, (before, moves) => {
        const opening = postOpeningBalances({ date: '2027-01-01', ...splitClosingBalances(before) })
        const whole = new Map<string, ClosingBalance>()
        for (const balance of [...before, ...moves]) {
          const key = `${balance.accountCode} ${balance.auxiliary?.code ?? ''}`
          const known = whole.get(key)
          whole.set(key, known ? { ...known, balance: add(known.balance, balance.balance) } : balance)
        }
        const fromTheYear = postOpeningBalances({
          date: '2027-01-01',
          ...splitClosingBalances([...whole.values()].filter((balance) => toCents(balance.balance) !== '0.00')),
        })
        const carried = postOpeningBalances({
          date: '2027-01-01',
          ...moveCarriedBalances(carriedBalancesOf(opening), moves),
        })
        expect(carried).toEqual(fromTheYear)
      }),
      { numRuns: 300 },
    )
  })

  it('refuses a line of a class the à-nouveaux have no place for', () => {
    expect(() => moveCarriedBalances({ balances: [], result: '0' }, [closing('801', '5.00')])).toThrow(RangeError)
  })
})

describe('the starting values of the first fiscal year (decision 0024 "AN")', () => {
  it('debits a bank or a cash box, credits what an associate is owed, each against 471', () => {
    const entry = postStartingValues({
      date: '2026-01-01',
      values: [
        { journal: { code: 'BQ1', label: 'Compte pro', accountCode: '5121' }, typeCode: 'BQ', value: '1000' },
        { journal: { code: 'BQ2', label: 'Livret', accountCode: '5122' }, typeCode: 'BQ', value: '-200.5' },
        { journal: { code: 'CAI1', label: 'Caisse', accountCode: '5301' }, typeCode: 'CAI', value: '80' },
        { journal: { code: 'CC1', label: 'CCA Jeanne Martin', accountCode: '4551' }, typeCode: 'CC', value: '500' },
        { journal: { code: 'EX1', label: "Compte de l'exploitant", accountCode: '1081' }, typeCode: 'EX', value: '0' },
      ],
    })
    expect(book(entry)).toEqual([
      'D 5121 1000.00',
      'C 471000 1000.00',
      'C 5122 200.50',
      'D 471000 200.50',
      'D 5301 80.00',
      'C 471000 80.00',
      'C 4551 500.00',
      'D 471000 500.00',
    ])
    expect(entry).toMatchObject({ ...{ journalCode: OPENING_JOURNAL.code }, pieceRef: 'AN-2026', date: '2026-01-01' })
    expect(entry?.lines[0]).toMatchObject({ accountLabel: 'Compte pro', label: 'Solde de départ – Compte pro' })
    expect(entry?.lines[1]).toMatchObject({ accountLabel: "Compte d'attente", label: 'Solde de départ – Compte pro' })
  })

  it('is nothing when every value is 0', () => {
    const values = [
      { journal: { code: 'BQ1', label: 'Compte pro', accountCode: '5121' }, typeCode: 'BQ' as const, value: '0.00' },
    ]
    expect(postStartingValues({ date: '2026-01-01', values })).toBeNull()
  })
})
