import type { Model } from './ledger-year-books'
import { euros, pad, RATES, type Rate, toWholeEuros } from './ledger-year-scenario'

/**
 * What each report of the acceptance test must say, from the independent books.
 */
// ---------------------------------------------------------------------------------------------------------------------
// What each report must say

export const MONTHS = Array.from({ length: 12 }, (_, index) => `2026-${pad(index + 1)}`)
const monthOf = (date: string) => date.slice(0, 7)
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

/** Per account of classes 6 and 7, the 12 months: produits credit − debit, charges debit − credit. */
export function operatingAccount(model: Model) {
  const rows = (prefix: '6' | '7') => {
    const accounts = [...new Set(model.postings.filter((p) => p.account.startsWith(prefix)).map((p) => p.account))]
    return new Map(
      accounts
        .sort()
        .map((account) => [
          account,
          MONTHS.map((month) =>
            sum(
              model.postings
                .filter((p) => p.account === account && monthOf(p.date) === month)
                .map((p) => (prefix === '7' ? -p.amount : p.amount)),
            ),
          ),
        ]),
    )
  }
  const income = rows('7')
  const outcome = rows('6')
  const totals = (map: Map<string, number[]>) =>
    MONTHS.map((_, index) => sum([...map.values()].map((row) => row[index] ?? 0)))
  return { income, outcome, incomeTotals: totals(income), outcomeTotals: totals(outcome) }
}

/** Sales per month and rate: the documents' HT and VAT at their dates (deposits and credit notes included). */
export function salesByMonth(model: Model) {
  return MONTHS.map((month) => {
    const docs = [...model.documents.values()].filter((doc) => monthOf(doc.date) === month)
    const byRate = Object.fromEntries(
      RATES.map((rate) => [
        rate,
        {
          base: sum(docs.map((doc) => doc.byRate[rate]?.base ?? 0)),
          tax: sum(docs.map((doc) => doc.byRate[rate]?.tax ?? 0)),
        },
      ]),
    ) as Record<Rate, { base: number; tax: number }>
    const base = sum(RATES.map((rate) => byRate[rate].base))
    const tax = sum(RATES.map((rate) => byRate[rate].tax))
    return { month, byRate, base, tax, ttc: base + tax }
  })
}

export type VatMonth = {
  month: string
  collected: Record<Rate, { base: number; tax: number }>
  collectedTotal: number
  deductible: number
}

/** VAT due per month: collected (44571) per rate with its base, deductible (44566). */
export function vatByMonth(model: Model): VatMonth[] {
  return MONTHS.map((month) => {
    const own = model.postings.filter((p) => p.vat && monthOf(p.date) === month)
    const collected = Object.fromEntries(
      RATES.map((rate) => {
        const rows = own.filter((p) => p.vat?.kind === 'collected' && p.vat.rate === rate)
        return [rate, { base: sum(rows.map((p) => p.vat?.base ?? 0)), tax: sum(rows.map((p) => p.vat?.tax ?? 0)) }]
      }),
    ) as Record<Rate, { base: number; tax: number }>
    return {
      month,
      collected,
      collectedTotal: sum(RATES.map((rate) => collected[rate].tax)),
      deductible: sum(own.filter((p) => p.vat?.kind === 'deductible').map((p) => p.vat?.tax ?? 0)),
    }
  })
}

export type Ca3 = {
  A1: number
  B5: number
  lines: Record<'08' | '09' | '9B', { base: number; tax: number }>
  '15': number
  '16': number
  '20': number
  '21': number
  '22': number
  '23': number
  '25': number
  '27': number
  TD: number
  '28': number
  '32': number
}

const LINE_OF: Record<Rate, '08' | '09' | '9B'> = { '20': '08', '5.5': '09', '10': '9B' }

/** The form's totals from its entered boxes: gross VAT, deductible VAT, then a credit or VAT to pay. */
function settle(entries: Omit<Ca3, '16' | '23' | '25' | '27' | 'TD' | '28' | '32'>): Ca3 {
  const gross = sum(Object.values(entries.lines).map((line) => line.tax)) + entries['15']
  const deductible = entries['20'] + entries['21'] + entries['22']
  const due = gross - deductible
  const toPay = Math.max(due, 0)
  const credit = Math.max(-due, 0)
  return { ...entries, '16': gross, '23': deductible, '25': credit, '27': credit, TD: toPay, '28': toPay, '32': toPay }
}

/**
 * The 3310-CA3-SD of each month from the notice's rules: a rate line whose net tax is negative goes to 21 (its base
 * to B5); negative deductible VAT goes to 15; box 22 carries the previous month's 27. Also in whole euros, each entered
 * box rounded half up and the totals recomputed from them, the credit carried in euros too.
 */
export function ca3ByMonth(model: Model): { boxes: Ca3; rounded: Ca3 }[] {
  let credit = 0
  let roundedCredit = 0
  return vatByMonth(model).map((month) => {
    const lines = { '08': { base: 0, tax: 0 }, '09': { base: 0, tax: 0 }, '9B': { base: 0, tax: 0 } }
    let A1 = 0
    let B5 = 0
    let box21 = 0
    for (const rate of RATES) {
      const { base, tax } = month.collected[rate]
      if (tax < 0 || (tax === 0 && base < 0)) {
        box21 -= tax
        B5 -= base
      } else {
        lines[LINE_OF[rate]] = { base, tax }
        A1 += base
      }
    }
    const boxes = settle({
      A1: Math.max(A1, 0),
      B5: B5 + Math.max(-A1, 0),
      lines,
      '15': Math.max(-month.deductible, 0),
      '20': Math.max(month.deductible, 0),
      '21': box21,
      '22': credit,
    })
    const euro = toWholeEuros
    const rounded = settle({
      A1: euro(boxes.A1),
      B5: euro(boxes.B5),
      lines: {
        '08': { base: euro(lines['08'].base), tax: euro(lines['08'].tax) },
        '09': { base: euro(lines['09'].base), tax: euro(lines['09'].tax) },
        '9B': { base: euro(lines['9B'].base), tax: euro(lines['9B'].tax) },
      },
      '15': euro(boxes['15']),
      '20': euro(boxes['20']),
      '21': euro(boxes['21']),
      '22': euro(roundedCredit),
    })
    credit = boxes['27']
    roundedCredit = rounded['27']
    return { boxes, rounded }
  })
}

/** Balances per account (debit − credit), and per customer on 411. */
export function balances(model: Model) {
  const byAccount = new Map<string, number>()
  const byCustomer = new Map<number, number>()
  for (const posting of model.postings) {
    byAccount.set(posting.account, (byAccount.get(posting.account) ?? 0) + posting.amount)
    if (posting.account === '411')
      byCustomer.set(posting.customer ?? -1, (byCustomer.get(posting.customer ?? -1) ?? 0) + posting.amount)
  }
  return { byAccount, byCustomer }
}

/**
 * The books on a cash basis, one row per bank line: money in per month, and the purchases paid per month (every
 * category the scenario spends on is bought: phone, travel, bank fees); the withdrawal nobody categorised is no
 * purchase.
 */
export function booksByMonth(model: Model) {
  const book = (sign: 1 | -1) =>
    MONTHS.map((month) => {
      const rows = model.bankLines.filter(
        (line) =>
          monthOf(line.date) === month &&
          Math.sign(line.amountCents) === sign &&
          (sign === 1 || line.category !== undefined),
      )
      return { month, rows: rows.length, total: sum(rows.map((line) => sign * line.amountCents)) }
    })
  return { income: book(1), expenses: book(-1) }
}

/** "mars 2026": how the books name a month. */
export const FRENCH_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
]

export type Box = { code: string; amount: string; rounded: string; base: string | null; roundedBase: string | null }

/** The boxes the test compares, as the model computes them. */
export function expectedBoxes(boxes: Ca3) {
  const lines = Object.entries(boxes.lines).map(([code, { base, tax }]) => ({
    code,
    amount: euros(tax),
    base: euros(base),
  }))
  const others = (['A1', 'B5', '15', '16', '20', '21', '22', '23', '25', '27', 'TD', '28', '32'] as const).map(
    (code) => ({ code, amount: euros(boxes[code]), base: null }),
  )
  return [...lines, ...others]
}

/** "12 946": whole euros as the form prints them. */
export const printed = (cents: number) => String(cents / 100).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
