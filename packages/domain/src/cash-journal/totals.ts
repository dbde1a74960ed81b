import { add, negate, subtract, sum, toCents } from '../money/index'

/** What a VAT rate adds up to: before tax, the tax, and with it (decimal strings, cents). */
export type RateTotal = { rate: string; ht: string; tva: string; ttc: string }

/** A line of a cash sale or movement as the journal keeps it: its amount is tax included. */
export type JournalLine = {
  name: string
  kind: 'sale' | 'receipt' | 'movement'
  amount: string
  taxAmount: string
  rate: string
}

const byRate = (totals: readonly RateTotal[]) => new Map(totals.map((total) => [total.rate, total]))

/** The sale lines grouped by VAT rate, sorted by rate: the takings a closing adds up. */
export function saleRateTotals(lines: readonly JournalLine[]): RateTotal[] {
  const grouped = new Map<string, RateTotal>()
  for (const line of lines.filter((candidate) => candidate.kind === 'sale')) {
    const current = grouped.get(line.rate) ?? { rate: line.rate, ht: '0.00', tva: '0.00', ttc: '0.00' }
    grouped.set(line.rate, {
      rate: line.rate,
      ht: toCents(add(current.ht, subtract(line.amount, line.taxAmount))),
      tva: toCents(add(current.tva, line.taxAmount)),
      ttc: toCents(add(current.ttc, line.amount)),
    })
  }
  return sortRates([...grouped.values()])
}

const sortRates = (totals: RateTotal[]) => totals.sort((a, b) => Number(a.rate) - Number(b.rate))

/** Totals added rate by rate (a closing over its entries' changes). */
export function addRateTotals(...lists: readonly (readonly RateTotal[])[]): RateTotal[] {
  const all = lists.flat()
  const rates = [...new Set(all.map((total) => total.rate))]
  return sortRates(
    rates.map((rate) => {
      const of = all.filter((total) => total.rate === rate)
      return {
        rate,
        ht: toCents(sum(of.map((total) => total.ht))),
        tva: toCents(sum(of.map((total) => total.tva))),
        ttc: toCents(sum(of.map((total) => total.ttc))),
      }
    }),
  )
}

/** What an entry changes: the new totals minus the ones the journal held for the same sale before (none: zero). */
export function rateTotalsChange(before: readonly RateTotal[], after: readonly RateTotal[]): RateTotal[] {
  const negated = before.map((total) => ({
    rate: total.rate,
    ht: negate(total.ht),
    tva: negate(total.tva),
    ttc: negate(total.ttc),
  }))
  const previous = byRate(before)
  return addRateTotals(negated, after).filter(
    (total) => previous.has(total.rate) || after.some((candidate) => candidate.rate === total.rate),
  )
}

/** The grand total of some rate totals. */
export function grandTotal(totals: readonly RateTotal[]): Omit<RateTotal, 'rate'> {
  return {
    ht: toCents(sum(['0', ...totals.map((total) => total.ht)])),
    tva: toCents(sum(['0', ...totals.map((total) => total.tva)])),
    ttc: toCents(sum(['0', ...totals.map((total) => total.ttc)])),
  }
}
