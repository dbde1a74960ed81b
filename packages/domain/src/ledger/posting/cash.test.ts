import { describe, expect, it } from 'vitest'
import { postCashOperation, postCashSale } from './cash'
import type { MovementPart } from './parts'
import { book } from './test-support'

const cashBox = { code: 'CAI1', label: 'Caisse', accountCode: '5301' }
const takings = { code: 'ES1', label: 'Ventes au comptant', accountCode: '5301', accountLabel: 'Caisse' }
const sale = (amount: string, taxAmount: string, ratePercent: string, accountCode = '707'): MovementPart => ({
  accountCode,
  accountLabel: accountCode === '707' ? 'Ventes de marchandises' : 'Prestations de services',
  label: 'Vente',
  amount,
  taxAmount,
  ratePercent,
  nature: accountCode === '707' ? 'goods' : 'services',
})

describe('cash (decision 0022)', () => {
  it('a cash movement posts like a bank line, on the cash box’s own account', () => {
    const exit: MovementPart = {
      accountCode: '6064',
      accountLabel: 'Fournitures administratives',
      amount: '-18.00',
      taxAmount: '-3.00',
      ratePercent: '20',
      nature: 'goods',
    }
    const entry = postCashOperation({
      journal: cashBox,
      date: '2026-03-03',
      label: 'Sortie papeterie',
      pieceRef: 'T2001',
      amount: '-18.00',
      allocations: [exit],
    })
    expect(book(entry)).toEqual(['C 5301 18.00', 'D 6064 15.00', 'D 44566 3.00'])
    expect(entry?.journalCode).toBe('CAI1')
  })

  it('a cash sale: Encaissement lines debit (530 becomes the journal’s 5301), Vente lines credit HT and 44571', () => {
    const entry = postCashSale({
      journal: takings,
      date: '2026-03-03',
      label: 'Ventes au comptant du 03/03/2026',
      pieceRef: 'T2002',
      receipts: [
        { accountCode: '530', accountLabel: 'Caisse', label: 'Encaissement espèces', amount: '80.00' },
        { accountCode: '580', accountLabel: 'Virements internes', label: 'Encaissement CB', amount: '52.75' },
      ],
      sales: [sale('120.00', '20.00', '20'), sale('12.75', '0.66', '5.5')],
    })
    expect(book(entry)).toEqual([
      'D 5301 80.00',
      'D 580 52.75',
      'C 707 100.00',
      'C 44571 20.00',
      'C 707 12.09',
      'C 44571 0.66',
    ])
    expect(entry?.lines.map((line) => line.label)).toEqual([
      'Encaissement espèces',
      'Encaissement CB',
      'Vente',
      'Ventes au comptant du 03/03/2026',
      'Vente',
      'Ventes au comptant du 03/03/2026',
    ])
    expect(entry?.lines[3]?.vat).toEqual({
      ratePercent: '20',
      base: '100.00',
      kind: 'collected',
      nature: 'goods',
      dueOn: 'invoice',
    })
  })

  it('refuses a cash sale whose receipts do not make its sales', () => {
    expect(() =>
      postCashSale({
        journal: takings,
        date: '2026-03-03',
        label: 'Ventes',
        pieceRef: 'T2003',
        receipts: [{ accountCode: '530', accountLabel: 'Caisse', amount: '100.00' }],
        sales: [sale('120.00', '20.00', '20')],
      }),
    ).toThrow('Cash sale T2003: receipts make 100.00, sales 120.00')
  })
})
