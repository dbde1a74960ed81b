import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitByRates } from '../../documents/deposits'
import { settleFinalInvoiceVat } from '../../documents/final-invoice'
import { documentTotals } from '../../documents/totals'
import { add, divide, negate, subtract, sum, toCents } from '../../money/arithmetic'
import { automaticVat } from '../allocations'
import { isBalanced, reverseEntry } from './balance'
import { postBankTransaction } from './bank'
import { postCashSale } from './cash'
import { postExpenseNote } from './expenses'
import { rateKey, sumOf } from './lines'
import type { MovementPart } from './parts'
import { postPurchaseReceipt } from './purchases'
import { postSalesDocument } from './sales'
import { balances, storedDocument, type TestLine } from './test-support'
import type { PostingEntry } from './types'

/**
 * Every event, whatever its amounts, posts a balanced entry that says what the document says: generated inputs
 * (fast-check, as allocations.test.ts) against the invariants of decision 0024.
 */

const RUNS = { numRuns: 200 }
const cents = (min: number, max: number) => fc.integer({ min, max }).map((n) => toCents(divide(n, 100)))
const rate = fc.constantFrom('20', '10', '5.5', '2.1', '0')
const lineType = fc.constantFrom('PRODUCT' as const, 'SERVICE' as const, 'MISC' as const)
const signed = (entry: PostingEntry | null, account: (code: string) => boolean) =>
  toCents(sumOf((entry?.lines ?? []).filter((l) => account(l.accountCode)).map((l) => subtract(l.credit, l.debit))))

const salesLine: fc.Arbitrary<TestLine> = fc.record({
  type: lineType,
  amount: cents(0, 500_000),
  quantity: fc.constantFrom('1', '2', '0.5', '3.25'),
  ratePercent: rate,
  discount: fc.option(fc.record({ amount: fc.constant(null), percentage: fc.constantFrom('5', '12.5', '33') })),
})

const salesDocument = fc.record({
  lines: fc.array(salesLine, { minLength: 1, maxLength: 6 }),
  discount: fc.option(
    fc.oneof(
      fc.record({ amount: fc.constant(null), percentage: fc.constantFrom('3.3', '7', '10', '15.55') }),
      fc.record({ amount: cents(1, 5_000), percentage: fc.constant(null) }),
    ),
  ),
  deliveryFees: fc.option(cents(1, 5_000)),
  disbursement: fc.option(cents(1, 5_000)),
  isCreditNote: fc.boolean(),
  isDeposit: fc.boolean(),
  vatOnDebits: fc.boolean(),
  taxFree: fc.boolean(),
})

describe('sales documents, generated', () => {
  it('balance, 411 is the stored TTC, 44571 + 44574 the stored VAT, each rate’s revenue its stored base', () => {
    fc.assert(
      fc.property(salesDocument, (generated) => {
        // A credit note is the mirror of an invoice: every amount negated, as credit-notes.ts mirrorOf does.
        const mirror = (value: string | null) => (value !== null && generated.isCreditNote ? negate(value) : value)
        const doc = storedDocument({
          ...generated,
          lines: generated.lines.map((line) => ({ ...line, amount: mirror(line.amount) ?? '0' })),
          discount: generated.discount && { ...generated.discount, amount: mirror(generated.discount.amount) },
          deliveryFees: mirror(generated.deliveryFees),
          disbursement: mirror(generated.disbursement),
        })
        const entry = postSalesDocument(doc)
        if (entry === null) return expect(toCents(doc.totalTaxIncluded)).toBe('0.00')
        expect(isBalanced(entry)).toBe(true)
        expect(signed(entry, (code) => code === '411')).toBe(toCents(negate(doc.totalTaxIncluded)))
        expect(signed(entry, (code) => code.startsWith('4457'))).toBe(
          toCents(sumOf(doc.vatBreakdown.map((r) => r.taxAmount))),
        )
        for (const stored of doc.vatBreakdown) {
          const atRate = entry.lines.filter((line) => line.vat?.ratePercent === rateKey(stored.ratePercent))
          const revenue = atRate.filter((line) => !line.accountCode.startsWith('4457'))
          const vatLines = atRate.filter((line) => line.accountCode.startsWith('4457'))
          const disbursement = stored.ratePercent === '0' ? (doc.disbursement ?? '0') : '0'
          if (!doc.taxFree) {
            const base = toCents(subtract(stored.taxExcluded, disbursement))
            expect(toCents(sumOf(revenue.map((l) => subtract(l.credit, l.debit))))).toBe(base)
            expect(toCents(sumOf(revenue.map((l) => l.vat?.base ?? '0')))).toBe(base)
            // A VAT line's base is its nature's revenue at the rate (a nature whose VAT rounds to 0 has no VAT line).
            for (const vatLine of vatLines) {
              const ofNature = revenue.filter((l) => l.vat?.nature === vatLine.vat?.nature)
              expect(vatLine.vat?.base).toBe(toCents(sumOf(ofNature.map((l) => l.vat?.base ?? '0'))))
            }
          }
        }
      }),
      RUNS,
    )
  })

  it('a deposit then the final invoice: 4191 back to zero, 411, 70x and 44571 + 44574 those of the quote', () => {
    const quoteLine = fc.record({
      type: fc.constantFrom('PRODUCT' as const, 'SERVICE' as const),
      amount: cents(1, 500_000),
      ratePercent: fc.constantFrom('20', '10', '5.5'),
    })
    fc.assert(
      fc.property(
        fc.array(quoteLine, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 99 }),
        (lines, pct) => {
          const quote = documentTotals({ lines: lines.map((line) => ({ ...line, quantity: '1' })) })
          const parts = splitByRates(quote.byRate, toCents(divide(quote.totalTaxExcluded, 100 / pct)), 'HT')
          const deposit = storedDocument({
            isDeposit: true,
            lines: parts.map((part) => ({ type: 'SERVICE', amount: part.amount, ratePercent: part.ratePercent })),
          })
          const deductions = parts.map((part) => ({
            type: 'MISC' as const,
            amount: negate(part.amount),
            ratePercent: part.ratePercent,
            depositInvoiceId: 1,
          }))
          const unsettled = storedDocument({ lines: [...lines, ...deductions] })
          const totals = {
            byRate: [...unsettled.vatBreakdown],
            totalTaxExcluded: '0',
            totalTaxes: '0',
            totalTaxIncluded: '0',
          }
          const settled = settleFinalInvoiceVat(totals, quote.byRate, [[...deposit.vatBreakdown]])
          const final = { ...unsettled, vatBreakdown: settled.byRate, totalTaxIncluded: settled.totalTaxIncluded }
          const books = balances([postSalesDocument(deposit), postSalesDocument(final)])
          expect(books['4191']).toBeUndefined()
          expect(books['411'] ?? '0.00').toBe(quote.totalTaxIncluded)
          expect(toCents(add(books['44571'] ?? '0', books['44574'] ?? '0'))).toBe(toCents(negate(quote.totalTaxes)))
          expect(toCents(sum([books['706'] ?? '0', books['707'] ?? '0']))).toBe(toCents(negate(quote.totalTaxExcluded)))
        },
      ),
      RUNS,
    )
  })
})

const part = fc
  .record({
    accountCode: fc.constantFrom('626', '6064', '706', '2183', '4551', '471000'),
    amount: cents(-500_000, 500_000),
    ratePercent: fc.option(rate),
    nature: fc.constantFrom('goods' as const, 'services' as const),
  })
  .map(
    (p): MovementPart => ({
      ...p,
      accountLabel: `Compte ${p.accountCode}`,
      taxAmount: automaticVat(p.amount, p.ratePercent),
    }),
  )

describe('money movements, generated', () => {
  const journal = { code: 'BQ1', label: 'Banque', accountCode: '5121' }

  it('a bank line balances, 512x is its amount, and its reversal cancels it account by account', () => {
    const payment = fc.record({ amount: cents(-100_000, 100_000), invoiceRef: fc.constantFrom('F-1', 'F-2') })
    fc.assert(
      fc.property(
        fc.array(part, { maxLength: 4 }),
        fc.array(payment, { maxLength: 2 }),
        cents(-1000, 1000),
        (parts, payments, extra) => {
          const settled = sumOf(payments.map((p) => p.amount))
          const amount = toCents(sum([settled, parts.length > 0 ? sumOf(parts.map((p) => p.amount)) : extra]))
          const entry = postBankTransaction({
            journal,
            date: '2026-03-12',
            label: 'Ligne',
            pieceRef: 'T1',
            amount,
            allocations: parts,
            invoicePayments: payments.map((p) => ({ ...p, customer: { id: 1, name: 'Client' } })),
          })
          if (entry === null) return
          expect(isBalanced(entry)).toBe(true)
          expect(signed(entry, (code) => code === '5121')).toBe(toCents(negate(amount)))
          expect(balances([entry, reverseEntry(entry, '2026-03-13', 'Annulation')])).toEqual({})
        },
      ),
      RUNS,
    )
  })

  it('a receipt, an expense note and a cash sale balance, and credit their payer the whole', () => {
    const vatLine = fc.record({ ratePercent: rate, taxExcluded: cents(-50_000, 500_000) }).map((line) => ({
      ...line,
      taxAmount: toCents(divide(Math.round(Number(line.taxExcluded) * Number(line.ratePercent)), 100)),
    }))
    fc.assert(
      fc.property(
        fc.array(vatLine, { maxLength: 3 }),
        cents(-2, 2),
        fc.array(part, { minLength: 1, maxLength: 4 }),
        (vatLines, gap, parts) => {
          const taxIncluded = toCents(sum([gap, ...vatLines.flatMap((l) => [l.taxExcluded, l.taxAmount])]))
          const receipt = postPurchaseReceipt({
            reference: 'FA-1',
            date: '2026-02-28',
            supplier: { id: 2, name: 'Fournisseur' },
            account: { code: '6064', label: 'Fournitures' },
            nature: 'goods',
            taxIncluded,
            vatLines,
          })
          if (receipt) {
            expect(isBalanced(receipt)).toBe(true)
            expect(signed(receipt, (code) => code === '401')).toBe(taxIncluded)
          }

          const expenses = parts.map((p) => ({
            ...p,
            amount: toCents(p.amount.replace('-', '')),
            taxAmount: p.taxAmount.replace('-', ''),
          }))
          const note = postExpenseNote({
            journal: { code: 'CC1', label: 'CCA', accountCode: '4551' },
            date: '2026-11-20',
            label: 'Note',
            pieceRef: 'T2',
            lines: expenses,
          })
          if (note) {
            expect(isBalanced(note)).toBe(true)
            expect(note.lines[0]).toMatchObject({
              accountCode: '4551',
              credit: toCents(sumOf(expenses.map((e) => e.amount))),
            })
          }

          const sales = expenses.map((e) => ({ ...e, accountCode: '707' }))
          const takings = toCents(sumOf(sales.map((s) => s.amount)))
          const cashSale = postCashSale({
            journal: { code: 'ES1', label: 'Ventes au comptant', accountCode: '5301' },
            date: '2026-03-03',
            label: 'Ventes',
            pieceRef: 'T3',
            receipts: [{ accountCode: '530', accountLabel: 'Caisse', amount: takings }],
            sales,
          })
          if (cashSale) expect(isBalanced(cashSale)).toBe(true)
        },
      ),
      RUNS,
    )
  })
})
