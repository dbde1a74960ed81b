/**
 * The receipt matcher (issue 15, beyond the spec) at the size GET /receipt-matches allows itself: 1,000 receipts and
 * 5,000 bank lines of six months, paired in memory by @app/domain's suggestMatches; beside it, every receipt scored
 * against every line as the first version did, on a tenth of that (the pairs it would look at grow as the product).
 */
import { type MatchReceipt, type MatchTransaction, scoreMatch, suggestMatches } from '@app/domain'

const SUPPLIERS = ['OVH SAS', 'Orange', 'SNCF Voyageurs', 'Boulanger', 'Free Pro', 'Amazon EU', 'Leroy Merlin', 'EDF']

/** A day of the six months from 2026-05-01, as YYYY-MM-DD. */
const day = (index: number) => new Date(Date.UTC(2026, 4, 1 + (index % 180))).toISOString().slice(0, 10)

function world(receiptCount: number, lineCount: number) {
  const receipts: MatchReceipt[] = []
  const lines: MatchTransaction[] = []
  for (let index = 0; index < lineCount; index++) {
    const supplier = SUPPLIERS[index % SUPPLIERS.length] as string
    const cents = 500 + ((index * 7919) % 150_000)
    lines.push({
      id: index + 1,
      datedAt: day(index),
      amount: `-${(cents / 100).toFixed(2)}`,
      name: supplier.toUpperCase(),
      rawName: `CB ${supplier.toUpperCase()} ${index}`,
      counterparty: null,
    })
    // One receipt for every fifth line, dated a few days before it: the others are card payments without one.
    if (index % 5 === 0 && receipts.length < receiptCount)
      receipts.push({
        id: receipts.length + 1,
        datedAt: day(index + 180 - (index % 4)),
        taxIncluded: (cents / 100).toFixed(2),
        taxExcluded: null,
        supplierName: supplier,
        reference: `F-${index}`,
      })
  }
  return { receipts, lines }
}

const time = (run: () => unknown) => {
  const start = performance.now()
  const result = run()
  return { ms: performance.now() - start, result }
}

export function benchMatching() {
  const full = world(1000, 5000)
  const paired = time(() => suggestMatches(full.receipts, full.lines))
  console.log(
    `receipt matcher, 1,000 receipts × 5,000 lines (the route's bound): ${paired.ms.toFixed(0)} ms, ${(paired.result as unknown[]).length} pairs offered`,
  )
  const small = world(100, 500)
  const naive = time(() => {
    let scored = 0
    for (const receipt of small.receipts) for (const line of small.lines) if (scoreMatch(receipt, line)) scored++
    return scored
  })
  const indexed = time(() => suggestMatches(small.receipts, small.lines))
  console.log(
    `  100 × 500: every pair scored ${naive.ms.toFixed(0)} ms; suggestMatches (lines looked up by payable amount) ${indexed.ms.toFixed(0)} ms`,
  )
}
