import { describe, expect, it } from 'vitest'
import { assertBalanced, entryTotals, isBalanced, reverseEntry } from './balance'
import type { PostingEntry } from './types'

const entry = (lines: PostingEntry['lines']): PostingEntry => ({
  journalCode: 'VT',
  journalLabel: 'Ventes',
  date: '2026-03-10',
  label: 'Facture F-2026-0007',
  pieceRef: 'F-2026-0007',
  pieceDate: '2026-03-10',
  lines,
})
const customer = {
  accountCode: '411',
  accountLabel: 'Clients',
  auxiliary: { code: 'C42', label: 'Atelier Dupont' },
  label: 'Facture',
  debit: '1200.00',
  credit: '0.00',
}
const sales = {
  accountCode: '706',
  accountLabel: 'Prestations de services',
  label: 'Facture',
  debit: '0.00',
  credit: '1000.00',
  vat: {
    ratePercent: '20',
    base: '1000.00',
    kind: 'collected' as const,
    nature: 'services' as const,
    dueOn: 'payment' as const,
  },
}
const vat = { ...sales, accountCode: '44571', accountLabel: 'TVA collectée', credit: '200.00' }

describe('an entry balances', () => {
  it('when its debits equal its credits to the cent', () => {
    expect(isBalanced(entry([customer, sales, vat]))).toBe(true)
    expect(isBalanced(entry([customer, sales]))).toBe(false)
    expect(entryTotals(entry([customer, sales]))).toEqual({ debit: '1200.00', credit: '1000.00', gap: '200.00' })
  })

  it('assertBalanced names the journal, the piece and the gap, and refuses malformed lines', () => {
    expect(() => assertBalanced(entry([customer, { ...sales, credit: '1000.01' }, vat]))).toThrow(
      'Entry VT F-2026-0007 does not balance: debit 1200.00, credit 1200.01, gap -0.01',
    )
    expect(() => assertBalanced(entry([customer]))).toThrow(/at least two needed/)
    expect(() => assertBalanced(entry([customer, { ...sales, debit: '5.00', credit: '5.00' }]))).toThrow(
      /exactly one of debit/,
    )
    expect(() => assertBalanced(entry([customer, { ...sales, credit: '-1000.00' }]))).toThrow(/never negative/)
    expect(() => assertBalanced(entry([{ ...customer, debit: '1200' }, sales, vat]))).toThrow(/two decimals/)
    expect(assertBalanced(entry([customer, sales, vat]))).toEqual(entry([customer, sales, vat]))
  })

  it('a reversal swaps debit and credit, negates the VAT bases, and keeps the piece', () => {
    const reversed = reverseEntry(entry([customer, sales, vat]), '2026-03-15', 'Annulation – Facture F-2026-0007')
    expect(reversed).toMatchObject({
      date: '2026-03-15',
      label: 'Annulation – Facture F-2026-0007',
      pieceRef: 'F-2026-0007',
      pieceDate: '2026-03-10',
    })
    expect(
      reversed.lines.map((line) => [line.accountCode, line.debit, line.credit, line.vat?.base ?? null, line.label]),
    ).toEqual([
      ['411', '0.00', '1200.00', null, 'Annulation – Facture F-2026-0007'],
      ['706', '1000.00', '0.00', '-1000.00', 'Annulation – Facture F-2026-0007'],
      ['44571', '200.00', '0.00', '-1000.00', 'Annulation – Facture F-2026-0007'],
    ])
    expect(reversed.lines[0]?.auxiliary).toEqual(customer.auxiliary)
    expect(isBalanced(reversed)).toBe(true)
  })
})
