import { describe, expect, it } from 'vitest'
import { add } from '../../money/arithmetic'
import { postBankTransaction } from './bank'
import { invoiceInstalments, leavesSomethingToPay, paidByTransfers, type TransferPayingInvoices } from './instalments'
import { postSalesDocument } from './sales'
import { balances, book, storedDocument } from './test-support'
import { instalmentVatShareOf, pendingVatOf } from './vat-on-payment'

const transfer = (id: number, date: string, amount: string, invoiceIds: number[]): TransferPayingInvoices => ({
  id,
  date,
  amount,
  invoiceIds,
})
/** What each transfer pays, as "transfer→invoice amount (before) ✓" when it completes the invoice. */
const paid = (transfers: TransferPayingInvoices[], netToPay: Record<number, string>) => {
  const { byTransfer } = invoiceInstalments(transfers, new Map(Object.entries(netToPay).map(([id, v]) => [+id, v])))
  return [...byTransfer.values()].flatMap((payments) =>
    payments.map((p) => `${p.transferId}→${p.invoiceId} ${p.amount} (${p.paidBefore})${p.completes ? ' ✓' : ''}`),
  )
}

describe('what each transfer pays of each invoice (decision 0024 "A bank line that pays invoices")', () => {
  it('takes the transfers by date, then id, whatever order they come in', () => {
    const transfers = [transfer(9, '2026-06-03', '700.00', [1]), transfer(4, '2026-05-10', '500.00', [1])]
    expect(paid(transfers, { 1: '1200.00' })).toEqual(['4→1 500.00 (0.00)', '9→1 700.00 (500.00) ✓'])
    // On the same day, the smaller id pays first.
    const sameDay = [transfer(8, '2026-05-10', '700.00', [1]), transfer(3, '2026-05-10', '500.00', [1])]
    expect(paid(sameDay, { 1: '1200.00' })).toEqual(['3→1 500.00 (0.00)', '8→1 700.00 (500.00) ✓'])
  })

  it('caps each payment at what earlier transfers left of the net to pay; a paid invoice takes nothing more', () => {
    const transfers = [
      transfer(1, '2026-05-10', '500.00', [1]),
      transfer(2, '2026-06-03', '1000.00', [1]),
      transfer(3, '2026-06-20', '50.00', [1]),
    ]
    expect(paid(transfers, { 1: '1200.00' })).toEqual(['1→1 500.00 (0.00)', '2→1 700.00 (500.00) ✓'])
    const instalments = invoiceInstalments(transfers, new Map([[1, '1200.00']]))
    expect(instalments.byTransfer.get(3)).toEqual([])
    expect(paidByTransfers(instalments, 1)).toBe('1200.00')
    expect(paidByTransfers(instalments, 2)).toBe('0.00')
    expect(instalments.byInvoice.get(1)?.find((payment) => payment.completes)?.date).toBe('2026-06-03')
    expect(leavesSomethingToPay('1200.00', paidByTransfers(instalments, 1))).toBe(false)
    expect(leavesSomethingToPay('1200.00', '500.00')).toBe(true)
    expect(leavesSomethingToPay('-240.00', '-100.00')).toBe(true)
    expect(leavesSomethingToPay('0.00', '0.00')).toBe(false)
  })

  it('lets a transfer pay two invoices in its order, and a later one finish the second', () => {
    const transfers = [transfer(5, '2026-05-10', '1500.00', [1, 2]), transfer(6, '2026-06-01', '180.00', [2])]
    expect(paid(transfers, { 1: '1200.00', 2: '480.00' })).toEqual([
      '5→1 1200.00 (0.00) ✓',
      '5→2 300.00 (0.00)',
      '6→2 180.00 (300.00) ✓',
    ])
    // Attaching an earlier transfer to the first invoice leaves the first transfer more for the second.
    const earlier = [transfer(2, '2026-04-30', '200.00', [1]), ...transfers]
    expect(paid(earlier, { 1: '1200.00', 2: '480.00' })).toEqual([
      '2→1 200.00 (0.00)',
      '5→1 1000.00 (200.00) ✓',
      '5→2 480.00 (0.00) ✓',
    ])
  })

  it('refunds credit notes with money out, pays nothing across signs nor to an invoice it does not know', () => {
    expect(paid([transfer(1, '2026-05-10', '-100.00', [7])], { 7: '-240.00' })).toEqual(['1→7 -100.00 (0.00)'])
    expect(paid([transfer(1, '2026-05-10', '-100.00', [1])], { 1: '1200.00' })).toEqual([])
    expect(paid([transfer(1, '2026-05-10', '100.00', [3])], { 1: '1200.00' })).toEqual([])
  })

  it('leaves an overpayment to the holding account 471, as a single transfer always did', () => {
    const transfers = [transfer(1, '2026-05-10', '500.00', [1]), transfer(2, '2026-06-03', '800.00', [1])]
    const second = invoiceInstalments(transfers, new Map([[1, '1200.00']])).byTransfer.get(2) ?? []
    const entry = postBankTransaction({
      journal: { code: 'BQ1', label: 'Compte courant', accountCode: '5121' },
      date: '2026-06-03',
      label: 'VIR CLIENT',
      pieceRef: 'T2',
      amount: '800.00',
      allocations: [],
      invoicePayments: second.map((p) => ({
        customer: { id: 42, name: 'Atelier' },
        amount: p.amount,
        invoiceRef: 'F1',
      })),
    })
    expect(book(entry)).toEqual(['D 5121 800.00', 'C 411 C42 700.00', 'C 471000 100.00'])
  })
})

describe('the VAT made due by each payment of an invoice', () => {
  const invoice = postSalesDocument(
    storedDocument({ reference: 'F-2026-0001', lines: [{ type: 'SERVICE', amount: '1000', ratePercent: '20' }] }),
  )
  const pending = pendingVatOf(invoice)
  const tax = (payment: { amount: string; paidBefore: string; completes: boolean }, total = '1200.00') =>
    instalmentVatShareOf(pending, payment, total).map((share) => share.tax)

  it('moves 83.33 for 500 of 1,200, then exactly the 116.67 left for the 700 that completes it', () => {
    expect(tax({ amount: '500.00', paidBefore: '0.00', completes: false })).toEqual(['83.33'])
    expect(tax({ amount: '700.00', paidBefore: '500.00', completes: true })).toEqual(['116.67'])
    expect(
      instalmentVatShareOf(pending, { amount: '700.00', paidBefore: '500.00', completes: true }, '1200.00'),
    ).toEqual([{ ratePercent: '20', nature: 'services', base: '583.33', tax: '116.67' }])
    // Alone, the 700 still moves its own share.
    expect(tax({ amount: '700.00', paidBefore: '0.00', completes: false })).toEqual(['116.67'])
    expect(balances([invoice])).toMatchObject({ '44574': '-200.00' })
  })

  it('adds up to the pending VAT to the cent over three thirds, and never gives a payment less than nothing', () => {
    const thirds = [
      tax({ amount: '400.00', paidBefore: '0.00', completes: false }),
      tax({ amount: '400.00', paidBefore: '400.00', completes: false }),
      tax({ amount: '400.00', paidBefore: '800.00', completes: true }),
    ].flat()
    expect(thirds).toEqual(['66.67', '66.66', '66.67'])
    expect(thirds.reduce((total, share) => add(total, share), '0')).toBe('200')

    const tiny = [{ type: 'SERVICE' as const, amount: '0.10', ratePercent: '20' }]
    const small = pendingVatOf(postSalesDocument(storedDocument({ reference: 'F-2', lines: tiny })))
    const shares = ['0.03', '0.03', '0.03', '0.03'].map((amount, index) =>
      instalmentVatShareOf(small, { amount, paidBefore: `0.0${index * 3}`, completes: index === 3 }, '0.12'),
    )
    expect(shares.map((share) => share[0]?.tax)).toEqual(['0.01', '0.00', '0.01', '0.00'])
  })
})
