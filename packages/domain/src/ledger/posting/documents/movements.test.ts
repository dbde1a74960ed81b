import { describe, expect, it } from 'vitest'
import { book } from '../test-support'
import { salesEntryOf } from './invoices'
import {
  movementEntryOf,
  rateAsWritten,
  receiptPaymentsOf,
  type StoredMovement,
  type StoredSplitLine,
  splitLinePart,
} from './movements'
import { servicesAndGoods, storedInvoice } from './test-support'

const phone: StoredSplitLine = {
  name: 'Forfait',
  amount: '-60.00',
  taxAmount: '-10.00',
  accountCode: '626',
  accountLabel: 'Frais postaux et de télécommunications',
  ratePercent: '20.0000',
  taxAccountCode: null,
  mileage: null,
}
const line = (over: Partial<StoredMovement['transaction']>, rest: Partial<Omit<StoredMovement, 'transaction'>> = {}) =>
  ({
    transaction: {
      id: 1001,
      name: 'Orange',
      datedAt: '2026-03-12',
      amount: '-60.00',
      reference: null,
      journalCode: 'BQ1',
      journalName: 'Compte courant',
      journalAccountCode: '5121',
      journalTypeCode: 'BQ',
      ...over,
    },
    allocations: [],
    paidInvoices: [],
    ...rest,
  }) satisfies StoredMovement

const invoice = storedInvoice(servicesAndGoods)
const paidInvoice = {
  id: 7,
  reference: 'F-2026-0007',
  contactId: 42,
  customer: { name: 'Atelier Dupont', intracommunityTaxNumber: null },
  name: 'Facture',
  amount: '720.00',
  paidByHand: '0',
  totalTaxIncluded: '720.00',
}

describe('a split line as a part of its movement', () => {
  it('writes the stored rate without its trailing zeros', () => {
    expect(rateAsWritten('20.0000')).toBe('20')
    expect(rateAsWritten('5.5000')).toBe('5.5')
    expect(rateAsWritten('0.0000')).toBe('0')
    expect(splitLinePart(phone)).toMatchObject({ ratePercent: '20', nature: 'services', label: 'Forfait' })
  })

  it('is outside VAT when its tax has no VAT account, no rate and no VAT', () => {
    const transfer = { ...phone, accountCode: '580', taxAmount: '0', ratePercent: '0.0000' }
    expect(splitLinePart(transfer).ratePercent).toBeNull()
    expect(splitLinePart({ ...transfer, taxAccountCode: '44571' }).ratePercent).toBe('0')
  })
})

describe('what a bank line pays of its receipts, after its invoices', () => {
  const purchase = (pieceRef: string, taxIncluded: string) => ({
    supplier: { id: 7, name: 'Orange' },
    taxIncluded,
    pieceRef,
  })

  it('pays them in their order, each up to its TTC, until the line is used up', () => {
    expect(receiptPaymentsOf('-100.00', [purchase('FA-1', '60.00'), purchase('FA-2', '60.00')])).toEqual([
      { supplier: { id: 7, name: 'Orange' }, amount: '-60.00', receiptRef: 'FA-1' },
      { supplier: { id: 7, name: 'Orange' }, amount: '-40.00', receiptRef: 'FA-2' },
    ])
  })

  it('pays a supplier’s credit note with money in, never a receipt', () => {
    expect(receiptPaymentsOf('25.00', [purchase('FA-1', '60.00'), purchase('AV-1', '-25.00')])).toEqual([
      { supplier: { id: 7, name: 'Orange' }, amount: '25.00', receiptRef: 'AV-1' },
    ])
    expect(receiptPaymentsOf('0', [purchase('FA-1', '60.00')])).toEqual([])
  })
})

describe('the entry of a bank, cash or expense line', () => {
  it('posts a categorised bank line to its journal, known by its reference else T<id>', () => {
    const entry = movementEntryOf(line({}, { allocations: [phone] }))
    expect(book(entry)).toEqual(['C 5121 60.00', 'D 626 50.00', 'D 44566 10.00'])
    expect(entry).toMatchObject({ journalCode: 'BQ1', pieceRef: 'T1001' })
    expect(movementEntryOf(line({ reference: 'REF-9' }, { allocations: [phone] }))?.pieceRef).toBe('REF-9')
  })

  it('settles the invoice it pays and makes its share of the pending VAT due; its revenue is in VT already', () => {
    const sales = new Map([[7, salesEntryOf(invoice)]])
    const entry = movementEntryOf(
      line({ name: 'Virement Dupont', amount: '720.00' }, { paidInvoices: [paidInvoice] }),
      sales,
    )
    expect(book(entry)).toEqual(['D 5121 720.00', 'C 411 C42 720.00', 'D 44574 100.00', 'C 44571 100.00'])
    expect(entry?.lines[1]?.settles).toEqual({ pieceRef: 'F-2026-0007' })
  })

  it('leaves the completing VAT to the payments by hand when the invoice has some', () => {
    const sales = new Map([[7, salesEntryOf(invoice)]])
    const partly = { ...paidInvoice, amount: '360.00', paidByHand: '360.00' }
    const entry = movementEntryOf(line({ amount: '360.00' }, { paidInvoices: [partly] }), sales)
    expect(book(entry)).toEqual(['D 5121 360.00', 'C 411 C42 360.00', 'D 44574 50.00', 'C 44571 50.00'])
  })

  it('keeps a split only when it makes what the invoices and receipts leave, else waits on the holding account', () => {
    const purchases = [{ supplier: { id: 7, name: 'Orange' }, taxIncluded: '60.00', pieceRef: 'FA-1' }]
    expect(book(movementEntryOf(line({ amount: '-60.00' }, { allocations: [phone] }), new Map(), purchases))).toEqual([
      'C 5121 60.00',
      'D 401 F7 60.00',
    ])
    expect(book(movementEntryOf(line({ amount: '-80.00' }, { allocations: [phone] })))).toEqual([
      'C 5121 80.00',
      'D 471000 80.00',
    ])
  })

  it('posts an expense note with its mileage outside VAT, owed on the associate’s account', () => {
    const mileage = { ...phone, name: 'Trajet', amount: '40.00', taxAmount: '0', accountCode: '6251', mileage: {} }
    const lunch = { ...phone, name: 'Repas', amount: '24.00', taxAmount: '4.00', accountCode: '6257' }
    const entry = movementEntryOf(
      line(
        { journalCode: 'CC1', journalName: 'CCA Jeanne', journalAccountCode: '4551', journalTypeCode: 'CC' },
        {
          allocations: [mileage, lunch],
        },
      ),
    )
    expect(book(entry)).toEqual(['C 4551 64.00', 'D 6251 40.00', 'D 6257 20.00', 'D 44566 4.00'])
    expect(entry?.lines[1]?.vat ?? null).toBeNull()
  })

  it('posts a cash sale: its Encaissement lines debit the till, its Vente lines credit the sales', () => {
    const takings = { ...phone, name: 'Encaissement espèces', amount: '12.00', taxAmount: '0', accountCode: '530' }
    const sold = { ...phone, name: 'Vente', amount: '12.00', taxAmount: '2.00', accountCode: '707' }
    const entry = movementEntryOf(
      line(
        { amount: '0', journalCode: 'ES1', journalName: 'Ventes', journalAccountCode: '5301', journalTypeCode: 'ES' },
        { allocations: [takings, sold] },
      ),
    )
    expect(book(entry)).toEqual(['D 5301 12.00', 'C 707 10.00', 'C 44571 2.00'])
  })
})
