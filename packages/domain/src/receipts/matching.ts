import { searchKey } from '../contacts/search-key'
import { daysBetween } from '../dates/calendar'
import { abs, add, compare, divide, multiply, toCents } from '../money/arithmetic'

/** A receipt as the matcher reads it: what the editor or the e-invoice gave. */
export type MatchReceipt = {
  id: number
  datedAt: string | null
  taxIncluded: string | null
  taxExcluded: string | null
  supplierName: string | null
  reference: string | null
}

/** A bank line as the matcher reads it: signed amount, cleaned and raw labels, counterparty. */
export type MatchTransaction = {
  id: number
  datedAt: string
  amount: string
  name: string
  rawName: string
  counterparty: string | null
}

/**
 * What the organisation taught its matcher: pairs it declined (never offered again) and, per supplier (folded name),
 * the folded labels of the transactions it confirmed for that supplier.
 */
export type MatcherMemory = { declined: ReadonlySet<string>; supplierLabels: ReadonlyMap<string, ReadonlySet<string>> }

export const emptyMemory: MatcherMemory = { declined: new Set(), supplierLabels: new Map() }
export const pairKey = (receiptId: number, transactionId: number) => `${receiptId}:${transactionId}`

export type MatchSuggestion = { receiptId: number; transactionId: number; score: number; reasons: string[] }

/** French VAT rates a receipt's HT may have been paid at (CGI art. 278 to 281 nonies). */
const FRENCH_RATES = ['20', '10', '5.5', '2.1'] as const
/** Below this score a pair is not offered. */
export const MATCH_THRESHOLD = 0.6
/** An invoice may be paid up to this long after (or a card ticket a few days before) its date. */
const MAX_DAYS_AFTER = 75
const MAX_DAYS_BEFORE = 10

/** The dates a receipt's payment is looked for in (days before and after its date): the queries fetching candidates. */
export const MATCH_WINDOW = { daysBefore: MAX_DAYS_BEFORE, daysAfter: MAX_DAYS_AFTER } as const
/** The VAT rates (percent) an HT-only receipt is tried at, for the queries fetching candidates. */
export const MATCH_VAT_RATES: readonly string[] = FRENCH_RATES

/**
 * The amounts (positive, to the cent) a bank line may show to pay this receipt: its TTC, and its HT at each French
 * rate. scoreMatch accepts no other, so a query may fetch only the lines of these amounts.
 */
export function payableAmounts(receipt: Pick<MatchReceipt, 'taxIncluded' | 'taxExcluded'>): string[] {
  const amounts = new Set<string>()
  if (receipt.taxIncluded) amounts.add(toCents(receipt.taxIncluded))
  if (receipt.taxExcluded)
    for (const rate of FRENCH_RATES) amounts.add(toCents(multiply(receipt.taxExcluded, add('1', divide(rate, '100')))))
  return [...amounts]
}

const words = (text: string) =>
  searchKey(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3)

/** How much of the supplier's name the label holds (0 to 1), word by word, a word counting when one starts the other. */
function nameLikeness(supplier: string, labels: string[]): number {
  const wanted = words(supplier).filter((word) => !['sas', 'sarl', 'sasu', 'eurl', 'france', 'societe'].includes(word))
  if (wanted.length === 0) return 0
  const present = new Set(labels.flatMap(words))
  const found = wanted.filter((word) => [...present].some((seen) => seen.startsWith(word) || word.startsWith(seen)))
  return found.length / wanted.length
}

const compact = (text: string) => searchKey(text).replace(/[^a-z0-9]/g, '')

function dayGap(days: number): string {
  if (days === 0) return 'même jour'
  const count = Math.abs(days)
  return `${count} jour${count > 1 ? 's' : ''} d'écart`
}

/**
 * How well a receipt and a transaction go together, and why: the amount must agree (TTC, or HT plus a French VAT
 * rate); then the date gap, the supplier's name in the label, what the organisation confirmed before, and the invoice
 * number in the raw label add up. Null when they cannot go together (another amount, money in, too far apart, or a
 * pair the organisation declined).
 */
export function scoreMatch(
  receipt: MatchReceipt,
  transaction: MatchTransaction,
  memory: MatcherMemory = emptyMemory,
): { score: number; reasons: string[] } | null {
  if (memory.declined.has(pairKey(receipt.id, transaction.id))) return null
  if (compare(transaction.amount, '0') >= 0) return null
  const paid = toCents(abs(transaction.amount))
  const reasons: string[] = []
  let score = 0
  if (receipt.taxIncluded && compare(toCents(receipt.taxIncluded), paid) === 0) {
    score += 0.5
    reasons.push('même montant')
  } else if (receipt.taxExcluded) {
    const rate = FRENCH_RATES.find(
      (candidate) =>
        compare(toCents(multiply(receipt.taxExcluded as string, add('1', divide(candidate, '100')))), paid) === 0,
    )
    if (!rate) return null
    score += 0.4
    reasons.push(`montant HT + TVA à ${rate.replace('.', ',')} %`)
  } else return null

  if (receipt.datedAt) {
    const days = daysBetween(receipt.datedAt, transaction.datedAt)
    if (days > MAX_DAYS_AFTER || days < -MAX_DAYS_BEFORE) return null
    const gap = Math.abs(days)
    score += gap <= 3 ? 0.2 : gap <= 15 ? 0.12 : 0.05
    reasons.push(dayGap(days))
  }

  const labels = [transaction.name, transaction.rawName, transaction.counterparty ?? '']
  if (receipt.supplierName) {
    const supplierKey = searchKey(receipt.supplierName)
    if (memory.supplierLabels.get(supplierKey)?.has(searchKey(transaction.name))) {
      score += 0.25
      reasons.push('déjà associé à ce fournisseur')
    } else if (nameLikeness(receipt.supplierName, labels) >= 0.5) {
      score += 0.2
      reasons.push('fournisseur ressemblant')
    }
  }

  const reference = receipt.reference ? compact(receipt.reference) : ''
  if (reference.length >= 4 && labels.some((label) => compact(label).includes(reference))) {
    score += 0.3
    reasons.push('numéro de facture dans le libellé')
  }
  return { score: Math.min(1, Math.round(score * 100) / 100), reasons }
}

/**
 * The pairs to offer, best first, each receipt and each transaction at most once (the best pair takes them): what the
 * person confirms or declines, nothing attached without their yes.
 */
export function suggestMatches(
  receipts: readonly MatchReceipt[],
  transactions: readonly MatchTransaction[],
  memory: MatcherMemory = emptyMemory,
  threshold = MATCH_THRESHOLD,
): MatchSuggestion[] {
  // Only the lines of an amount the receipt may have been paid with are scored: every receipt against every line
  // took 18 s for 300 receipts and 2,000 lines; the answer is the same.
  const byAmount = new Map<string, MatchTransaction[]>()
  for (const transaction of transactions) {
    if (compare(transaction.amount, '0') >= 0) continue
    const key = toCents(abs(transaction.amount))
    const same = byAmount.get(key)
    if (same) same.push(transaction)
    else byAmount.set(key, [transaction])
  }
  const candidates: MatchSuggestion[] = []
  for (const receipt of receipts) {
    const lines = new Set(payableAmounts(receipt).flatMap((amount) => byAmount.get(amount) ?? []))
    for (const transaction of lines) {
      const scored = scoreMatch(receipt, transaction, memory)
      if (scored && scored.score >= threshold)
        candidates.push({ receiptId: receipt.id, transactionId: transaction.id, ...scored })
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.receiptId - b.receiptId || a.transactionId - b.transactionId)
  const usedReceipts = new Set<number>()
  const usedTransactions = new Set<number>()
  const chosen: MatchSuggestion[] = []
  for (const candidate of candidates) {
    if (usedReceipts.has(candidate.receiptId) || usedTransactions.has(candidate.transactionId)) continue
    usedReceipts.add(candidate.receiptId)
    usedTransactions.add(candidate.transactionId)
    chosen.push(candidate)
  }
  return chosen
}
