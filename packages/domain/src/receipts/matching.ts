import { searchKey } from '../contacts/search-key'
import { daysBetween, isIsoDate } from '../dates/calendar'
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

/** Words of a bank label that say how the money went, not to whom: "PAIEMENT PAR CARTE" names no supplier. */
const BANK_WORDS = new Set([
  'achat',
  'carte',
  'cheque',
  'chq',
  'com',
  'dab',
  'ech',
  'emetteur',
  'emis',
  'europeen',
  'fact',
  'facture',
  'gab',
  'inst',
  'mdt',
  'motif',
  'paiement',
  'par',
  'prelev',
  'prelevement',
  'prlv',
  'recu',
  'ref',
  'remise',
  'retrait',
  'rum',
  'sepa',
  'vir',
  'virement',
  'www',
])
/** Words of a supplier's name that say what kind of company it is or join its words, not which one it is. */
const COMPANY_WORDS = new Set([
  'and',
  'aux',
  'com',
  'des',
  'eurl',
  'europe',
  'france',
  'gmbh',
  'inc',
  'ireland',
  'les',
  'limited',
  'llc',
  'ltd',
  'pty',
  'sarl',
  'sas',
  'sasu',
  'societe',
  'sur',
  'the',
  'www',
])

const words = (text: string) =>
  searchKey(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3)

/**
 * Whether a label's word names a supplier's word: the same word, or one the start of the other when both have four
 * letters or more (banks cut names: "BOULANGERIE MART", "PHARMACIE DU MARC"); "PAR" is no start of "PARKING".
 */
const sameWord = (wanted: string, seen: string) =>
  wanted === seen || (Math.min(wanted.length, seen.length) >= 4 && (seen.startsWith(wanted) || wanted.startsWith(seen)))

/** How much of the supplier's name the label holds (0 to 1), word by word, the bank's own words set aside. */
function nameLikeness(supplier: string, labels: string[]): number {
  const wanted = words(supplier).filter((word) => !COMPANY_WORDS.has(word))
  if (wanted.length === 0) return 0
  const present = [...new Set(labels.flatMap(words))].filter((word) => !BANK_WORDS.has(word))
  const found = wanted.filter((word) => present.some((seen) => sameWord(word, seen)))
  return found.length / wanted.length
}

/** A card payment's label, as banks begin it: "CB", "CARTE X1234", "PAIEMENT PAR CARTE", "FACTURE CARTE DU". */
const CARD_LABEL = /^\s*(?:(?:PAIEMENT|ACHAT|FACTURE|FACT|PAIE)\.?\s+(?:PAR\s+)?(?:CB|CARTE)|CARTE|CB)\b/i
/** The card's date in it: "12/11", "12.11.26", "12/11/2026", or "DU 121126" as some banks write it. */
const CARD_DATE = /(?:^|[\s*])(\d{2})[/.](\d{2})(?:[/.](\d{4}|\d{2}))?(?=\s|$)|\bDU\s+(\d{2})(\d{2})(\d{2})(?=\s|$)/i
/**
 * How long after a card payment the bank may book it: a few days for an immediate-debit card, up to the month's end
 * for a deferred-debit one (all of a month's payments booked on its last day, each with its own card date).
 */
const CARD_BOOKING_DAYS = 45

/**
 * The card's date a card payment's label carries: a ticket is dated that day, while the bank books it one to three
 * days later, or at the month's end for a deferred-debit card. Null for another operation, or a date the label cannot
 * mean (after the booking, too long before it, not a day).
 */
function cardDate(transaction: Pick<MatchTransaction, 'datedAt' | 'rawName'>): string | null {
  const booked = transaction.datedAt
  if (!CARD_LABEL.test(transaction.rawName)) return null
  const found = CARD_DATE.exec(transaction.rawName)
  if (!found) return null
  const [day, month, written] = found[1] ? [found[1], found[2], found[3]] : [found[4], found[5], found[6]]
  const bookedYear = Number(booked.slice(0, 4))
  const years = written
    ? [written.length === 2 ? 2000 + Number(written) : Number(written)]
    : [bookedYear, bookedYear - 1] // "28/12" booked on 2 January is last year's
  for (const year of years) {
    const date = `${year}-${month}-${day}`
    if (!isIsoDate(date)) continue
    const before = daysBetween(date, booked)
    if (before >= 0 && before <= CARD_BOOKING_DAYS) return date
  }
  return null
}

/** The day the money was spent: the card's date in a card payment's label, else the day the bank booked it. */
export const spentOn = (transaction: Pick<MatchTransaction, 'datedAt' | 'rawName'>): string =>
  cardDate(transaction) ?? transaction.datedAt

/**
 * How far a payment is from a receipt, for ranking pairs of an equal score (the nearer first): days from the receipt's
 * date to the day the money was spent, half a day more when it was spent before the receipt's date (a ticket is
 * printed when the card pays, an invoice is mostly paid after it is issued); a receipt with no date ranks last.
 */
export function paymentGap(
  receiptDatedAt: string | null,
  transaction: Pick<MatchTransaction, 'datedAt' | 'rawName'>,
): number {
  if (!receiptDatedAt) return Number.MAX_SAFE_INTEGER
  const days = daysBetween(receiptDatedAt, spentOn(transaction))
  return days >= 0 ? days : 0.5 - days
}

const compact = (text: string) => searchKey(text).replace(/[^a-z0-9]/g, '')

function dayGap(days: number, byCard: boolean): string {
  if (days === 0) return byCard ? 'payé par carte le jour du ticket' : 'même jour'
  const count = Math.abs(days)
  return `${count} jour${count > 1 ? 's' : ''} d'écart`
}

/**
 * How well a receipt and a transaction go together, and why: the amount must agree (TTC, or HT plus a French VAT
 * rate); then the date gap (from the card's date a card payment's label carries, else from the booking), the
 * supplier's name in the label, what the organisation confirmed before, and the invoice number in the raw label add
 * up. Null when they cannot go together (another amount, money in, too far apart, or a pair the organisation declined).
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
    const paidByCardOn = cardDate(transaction)
    const days = daysBetween(receipt.datedAt, paidByCardOn ?? transaction.datedAt)
    if (days > MAX_DAYS_AFTER || days < -MAX_DAYS_BEFORE) return null
    const gap = Math.abs(days)
    score += gap <= 3 ? 0.2 : gap <= 15 ? 0.12 : 0.05
    // The card's date is the ticket's own: of two parking tickets of one amount a day apart, each finds its line.
    if (days === 0 && paidByCardOn) score += 0.05
    reasons.push(dayGap(days, paidByCardOn !== null))
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
  const candidates: { suggestion: MatchSuggestion; gap: number }[] = []
  for (const receipt of receipts) {
    const lines = new Set(payableAmounts(receipt).flatMap((amount) => byAmount.get(amount) ?? []))
    for (const transaction of lines) {
      const scored = scoreMatch(receipt, transaction, memory)
      if (scored && scored.score >= threshold)
        candidates.push({
          suggestion: { receiptId: receipt.id, transactionId: transaction.id, ...scored },
          gap: paymentGap(receipt.datedAt, transaction),
        })
    }
  }
  // At an equal score the nearer dates pair first: two tickets of one amount a few days apart, each with its line.
  candidates.sort(
    ({ suggestion: a, gap: gapA }, { suggestion: b, gap: gapB }) =>
      b.score - a.score || gapA - gapB || a.receiptId - b.receiptId || a.transactionId - b.transactionId,
  )
  const usedReceipts = new Set<number>()
  const usedTransactions = new Set<number>()
  const chosen: MatchSuggestion[] = []
  for (const { suggestion } of candidates) {
    if (usedReceipts.has(suggestion.receiptId) || usedTransactions.has(suggestion.transactionId)) continue
    usedReceipts.add(suggestion.receiptId)
    usedTransactions.add(suggestion.transactionId)
    chosen.push(suggestion)
  }
  return chosen
}
