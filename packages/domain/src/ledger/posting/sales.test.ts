import { describe, expect, it } from 'vitest'
import { splitByRates } from '../../documents/deposits'
import { settleFinalInvoiceVat } from '../../documents/final-invoice'
import { documentTotals } from '../../documents/totals'
import { add, toCents } from '../../money/arithmetic'
import { isBalanced } from './balance'
import { type CustomerVatArea, customerVatAreaOf, postSalesDocument } from './sales'
import { balances, book, storedDocument } from './test-support'

describe('a validated invoice posts to the sales journal (decision 0024 "VT")', () => {
  it('1,000 € HT of services at 20 %: D 411 1,200 / C 706 1,000 / C 44574 200, VAT pending until paid', () => {
    const entry = postSalesDocument(
      storedDocument({ reference: 'F-2026-0007', lines: [{ type: 'SERVICE', amount: '1000', ratePercent: '20' }] }),
    )
    expect(book(entry)).toEqual(['D 411 C42 1200.00', 'C 706 1000.00', 'C 44574 200.00'])
    expect(entry).toMatchObject({
      journalCode: 'VT',
      journalLabel: 'Ventes',
      date: '2026-03-10',
      label: 'Facture F-2026-0007 – Atelier Dupont',
      pieceRef: 'F-2026-0007',
      pieceDate: '2026-03-10',
    })
    const [customer, sales, vat] = entry?.lines ?? []
    expect(customer?.auxiliary).toEqual({ code: 'C42', label: 'Atelier Dupont' })
    expect(customer?.vat).toBeNull()
    const tag = { ratePercent: '20', kind: 'collected', nature: 'services', dueOn: 'payment' }
    expect(sales?.vat).toEqual({ ...tag, base: '1000.00' })
    expect(vat?.vat).toEqual({ ...tag, base: '1000.00' })
  })

  it('goods go to 707 with their VAT due at the invoice; services under the débits option too', () => {
    const goods = postSalesDocument(storedDocument({ lines: [{ type: 'PRODUCT', amount: '50', ratePercent: '5.5' }] }))
    expect(book(goods)).toEqual(['D 411 C42 52.75', 'C 707 50.00', 'C 44571 2.75'])
    expect(goods?.lines[2]?.vat).toMatchObject({ ratePercent: '5.5', nature: 'goods', dueOn: 'invoice' })

    const debits = postSalesDocument(
      storedDocument({ vatOnDebits: true, lines: [{ type: 'SERVICE', amount: '100', ratePercent: '20' }] }),
    )
    expect(debits?.lines[2]?.vat?.dueOn).toBe('invoice')
  })

  it('a credit note is the mirror: D 706, D 44574, C 411 (the stored negative amounts do the mirror)', () => {
    const entry = postSalesDocument(
      storedDocument({
        reference: 'AV-2026-0001',
        isCreditNote: true,
        lines: [{ type: 'SERVICE', amount: '-1000', ratePercent: '20' }],
      }),
    )
    expect(book(entry)).toEqual(['C 411 C42 1200.00', 'D 706 1000.00', 'D 44574 200.00'])
    expect(entry?.label).toBe('Avoir AV-2026-0001 – Atelier Dupont')
    expect(entry?.lines[2]?.vat?.base).toBe('-1000.00')
  })

  it('three rates with a global discount of 10.01 € and delivery fees: each rate to the cent, the rounding spread', () => {
    const doc = storedDocument({
      lines: [
        { type: 'PRODUCT', amount: '100', ratePercent: '20' },
        { type: 'SERVICE', amount: '100', ratePercent: '20' },
        { type: 'SERVICE', amount: '50', ratePercent: '10' },
        { type: 'PRODUCT', amount: '30', ratePercent: '5.5' },
      ],
      discount: { amount: '10.01', percentage: null },
      deliveryFees: '15',
    })
    // documentTotals gives the discount 7.15 / 1.79 / 1.07 by rate: bases 207.85 (incl. 15 of fees), 48.21, 28.93.
    expect(doc.vatBreakdown.map((rate) => [rate.ratePercent, rate.taxExcluded, rate.taxAmount])).toEqual([
      ['20', '207.85', '41.57'],
      ['10', '48.21', '4.82'],
      ['5.5', '28.93', '1.59'],
    ])
    const entry = postSalesDocument(doc)
    // At 20 %, goods and services weigh the same: 192.85 / 2 = 96.425 each, which rounds to 192.86; the goods (first
    // of equals) absorb the cent. Its VAT 41.57 splits by nature over 111.42 (goods and fees) and 96.43.
    expect(book(entry)).toEqual([
      'D 411 C42 332.97',
      'C 707 96.42',
      'C 706 96.43',
      'C 7085 15.00',
      'C 706 48.21',
      'C 707 28.93',
      'C 44571 22.28',
      'C 44574 19.29',
      'C 44574 4.82',
      'C 44571 1.59',
    ])
    expect(entry?.lines[0]?.debit).toBe(doc.totalTaxIncluded)
    expect(entry?.lines.slice(6).map((line) => [line.vat?.nature, line.vat?.base, line.vat?.dueOn])).toEqual([
      ['goods', '111.42', 'invoice'],
      ['services', '96.43', 'payment'],
      ['services', '48.21', 'payment'],
      ['goods', '28.93', 'invoice'],
    ])
  })

  it('a percentage discount leaves an odd cent at one rate: the larger nature takes it, the rate stays exact', () => {
    const doc = storedDocument({
      lines: [
        { type: 'PRODUCT', amount: '33.33', ratePercent: '20' },
        { type: 'SERVICE', amount: '66.67', ratePercent: '20' },
      ],
      discount: { amount: null, percentage: '3.3' },
    })
    expect(doc.vatBreakdown[0]?.taxExcluded).toBe('96.70')
    // 96.70 × 33.33 / 100 = 32.230… → 32.23 and 64.47: the services (the larger) absorb what rounding leaves.
    expect(book(postSalesDocument(doc))).toEqual([
      'D 411 C42 116.04',
      'C 707 32.23',
      'C 706 64.47',
      'C 44571 6.45',
      'C 44574 12.89',
    ])
  })

  it('disbursements credit 467 outside the VAT; MISC lines follow their rate’s typed lines or the document’s nature', () => {
    const entry = postSalesDocument(
      storedDocument({
        lines: [
          { type: 'SERVICE', amount: '200', ratePercent: '20' },
          { type: 'MISC', amount: '-20', ratePercent: '20' },
          { type: 'MISC', amount: '10', ratePercent: '10' },
        ],
        disbursement: '35.50',
      }),
    )
    expect(book(entry)).toEqual([
      'D 411 C42 262.50',
      'C 706 180.00',
      'C 706 10.00',
      'C 467 35.50',
      'C 44574 36.00',
      'C 44574 1.00',
    ])
    expect(entry?.lines[3]?.vat).toBeNull()
  })

  it('a sale at 0 % abroad tags its goods an export (E1) or an intra-EU supply (F2); services and French sales none', () => {
    const zeroRated = (customerVatArea: CustomerVatArea, type: 'PRODUCT' | 'SERVICE') =>
      postSalesDocument(storedDocument({ customerVatArea, lines: [{ type, amount: '300', ratePercent: '0' }] }))
        ?.lines[1]?.vat?.operation
    expect(zeroRated('outsideEu', 'PRODUCT')).toBe('export')
    expect(zeroRated('euWithVatNumber', 'PRODUCT')).toBe('intraCommunitySupply')
    expect(zeroRated('euWithoutVatNumber', 'PRODUCT')).toBeUndefined()
    expect(zeroRated('france', 'PRODUCT')).toBeUndefined()
    expect(zeroRated('outsideEu', 'SERVICE')).toBeUndefined()
    expect(zeroRated('euWithVatNumber', 'SERVICE')).toBeUndefined()
    // At 20 % a sale abroad is a French sale: no operation.
    const taxed = postSalesDocument(
      storedDocument({ customerVatArea: 'outsideEu', lines: [{ type: 'PRODUCT', amount: '100', ratePercent: '20' }] }),
    )
    expect(taxed?.lines.map((line) => line.vat?.operation)).toEqual([undefined, undefined, undefined])

    expect(customerVatAreaOf({ code: 'US', isEu: false }, null)).toBe('outsideEu')
    expect(customerVatAreaOf({ code: 'DE', isEu: true }, ' DE123456789 ')).toBe('euWithVatNumber')
    expect(customerVatAreaOf({ code: 'DE', isEu: true }, '  ')).toBe('euWithoutVatNumber')
    expect(customerVatAreaOf({ code: 'FR', isEu: true }, 'FR27552032534')).toBe('france')
    expect(customerVatAreaOf(null, null)).toBe('france')
  })

  it('a tax-free organisation (franchise en base) posts no VAT and no VAT tags', () => {
    const entry = postSalesDocument(
      storedDocument({
        taxFree: true,
        lines: [{ type: 'SERVICE', amount: '800', ratePercent: '20' }],
        deliveryFees: '12',
      }),
    )
    expect(book(entry)).toEqual(['D 411 C42 812.00', 'C 706 800.00', 'C 7085 12.00'])
    expect(entry?.lines.every((line) => line.vat === null)).toBe(true)
  })

  it('an invoice of 0.00 posts nothing; stored totals that do not hold together are refused', () => {
    expect(
      postSalesDocument(storedDocument({ lines: [{ type: 'SERVICE', amount: '0', ratePercent: '20' }] })),
    ).toBeNull()
    const doc = storedDocument({ lines: [{ type: 'SERVICE', amount: '1000', ratePercent: '20' }] })
    expect(() => postSalesDocument({ ...doc, totalTaxIncluded: '1200.01' })).toThrow(/does not make its TTC 1200.01/)
    const reduced = storedDocument({ lines: [{ type: 'PRODUCT', amount: '10', ratePercent: '5.5' }] })
    expect(() => postSalesDocument({ ...reduced, deliveryFees: '10' })).toThrow(/no stored VAT breakdown at 20 %/)
  })
})

describe('a deposit invoice and the final invoice (4191)', () => {
  // A quote of 1,000 € of services at 20 % and 100.05 € of goods at 10 %, a deposit of 30 % HT (330.02 €).
  const quoteLines = [
    { type: 'SERVICE' as const, amount: '1000', ratePercent: '20' },
    { type: 'PRODUCT' as const, amount: '100.05', ratePercent: '10' },
  ]
  const quote = documentTotals({ lines: quoteLines.map((line) => ({ ...line, quantity: '1' })) })
  const depositParts = splitByRates(quote.byRate, '330.02', 'HT')
  const deposit = storedDocument({
    reference: 'F-2026-0010',
    isDeposit: true,
    lines: depositParts.map((part) => ({ type: 'SERVICE', amount: part.amount, ratePercent: part.ratePercent })),
  })
  const finalLines = [
    ...quoteLines,
    ...depositParts.map((part) => ({
      type: 'MISC' as const,
      amount: `-${part.amount}`,
      ratePercent: part.ratePercent,
      depositInvoiceId: 10,
    })),
  ]
  const unsettled = storedDocument({ reference: 'F-2026-0011', lines: finalLines })
  const settled = settleFinalInvoiceVat(
    {
      byRate: [...unsettled.vatBreakdown],
      totalTaxExcluded: '0',
      totalTaxes: '0',
      totalTaxIncluded: unsettled.totalTaxIncluded,
    },
    quote.byRate,
    [[...deposit.vatBreakdown]],
  )
  const final = { ...unsettled, vatBreakdown: settled.byRate, totalTaxIncluded: settled.totalTaxIncluded }

  it('the deposit credits 4191 instead of 70x, its VAT due when paid', () => {
    const entry = postSalesDocument(deposit)
    expect(book(entry)).toEqual(['D 411 C42 393.02', 'C 4191 300.00', 'C 4191 30.02', 'C 44574 60.00', 'C 44574 3.00'])
    expect(entry?.label).toBe("Facture d'acompte F-2026-0010 – Atelier Dupont")
    expect(entry?.lines.every((line) => !line.vat || line.vat.dueOn === 'payment')).toBe(true)
  })

  it('the final invoice debits 4191 for the deductions, credits the whole sales, and its settled VAT', () => {
    // settleFinalInvoiceVat: at 10 %, the quote's 10.01 minus the deposit's 3.00 = 7.01 (not round2(70.03 × 10 %)).
    expect(final.vatBreakdown.map((rate) => rate.taxAmount)).toEqual(['140.00', '7.01'])
    const entry = postSalesDocument(final)
    expect(book(entry)).toEqual([
      'D 411 C42 917.04',
      'C 706 1000.00',
      'D 4191 300.00',
      'C 707 100.05',
      'D 4191 30.02',
      'C 44574 140.00',
      'C 44571 7.01',
    ])
    expect(entry && isBalanced(entry)).toBe(true)
  })

  it('together: 4191 back to zero, 411 the quote’s TTC, 70x the quote’s HT, 44571 + 44574 the quote’s VAT', () => {
    const books = balances([postSalesDocument(deposit), postSalesDocument(final)])
    expect(books).toEqual({
      '411': quote.totalTaxIncluded,
      '44571': '-7.01',
      '44574': '-203.00',
      '706': '-1000.00',
      '707': '-100.05',
    })
    // The goods' VAT is due at the final invoice; the services' and the deposit's wait for the payments.
    expect(toCents(add(books['44571'] ?? '0', books['44574'] ?? '0'))).toBe(`-${quote.totalTaxes}`)
  })
})
