import { searchKey } from '../contacts/search-key'

/**
 * Categories suggested for an uncategorised bank line (spec/money.md §4 "Transaction", §9: at most 3), told by that
 * line alone: the organisation's own history of like lines, its rules that almost match, and the line's own words. No
 * suggestion is better than a guess: nothing here falls back on "usual" categories.
 */

export const CATEGORY_SUGGESTIONS_MAX = 3

/**
 * Where a suggestion comes from: a rule of the organisation that matches the line or almost does, lines of its books
 * with a label alike or the same counterparty, the line's own words.
 */
export const CATEGORY_SUGGESTION_SOURCES = ['rule', 'history', 'counterparty', 'keywords'] as const
export type CategorySuggestionSource = (typeof CATEGORY_SUGGESTION_SOURCES)[number]

/**
 * Words that say how the money moved, not who to: a bank writes them on every line ("PRLV SEPA", "CB", "VIR INST"),
 * so two lines sharing them are not alike.
 */
const BOILERPLATE = new Set(
  [
    'achat',
    'avoir',
    'carte',
    'cb',
    'cheque',
    'chq',
    'de',
    'des',
    'du',
    'ech',
    'echeance',
    'emis',
    'et',
    'fac',
    'fact',
    'facture',
    'inst',
    'la',
    'le',
    'les',
    'paiement',
    'par',
    'pour',
    'prel',
    'prelevement',
    'prlv',
    'recu',
    'ref',
    'sa',
    'sarl',
    'sas',
    'sepa',
    'vers',
    'vir',
    'virement',
    'web',
  ].map(searchKey),
)

/** A label's words, folded: case, accents, punctuation gone ("CB CARREFOUR 12/03" → cb, carrefour, 12, 03). */
const wordsOf = (label: string): string[] =>
  searchKey(label)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

/**
 * The words that tell one line from another: no numbers (dates, card and reference numbers change every time), no
 * bank boilerplate, no one- or two-letter scraps, in their order ("PRLV SEPA ORANGE SA 123456" → orange).
 */
export function significantWords(label: string): string[] {
  return wordsOf(label).filter((word) => word.length > 2 && !/\d/.test(word) && !BOILERPLATE.has(word))
}

/**
 * How alike two bank labels are, from 0 to 1: 1 the same folded label, 0.9 the same words once dates and references
 * are left out, less when they share the first word (usually the merchant), then by the share of words in common.
 */
export function labelSimilarity(a: string, b: string): number {
  if (searchKey(a) === searchKey(b)) return 1
  const left = significantWords(a)
  const right = significantWords(b)
  if (left.length === 0 || right.length === 0) return 0
  const rightSet = new Set(right)
  const common = new Set(left.filter((word) => rightSet.has(word))).size
  const union = new Set([...left, ...right]).size
  if (common === union) return 0.9
  const jaccard = common / union
  if (left[0] === right[0]) return 0.6 + 0.2 * jaccard
  return jaccard >= 0.5 ? 0.5 * jaccard : 0
}

/** Below this, two labels are not alike enough for one's category to be suggested for the other. */
export const SIMILAR_LABEL = 0.5

/** A categorised line of the organisation's books, one row per category it was given. */
export type HistoryLine = {
  categoryId: number
  label: string
  counterparty: string | null
  /** YYYY-MM-DD. */
  datedAt: string
}

export type RankedCategory = { categoryId: number; source: CategorySuggestionSource; score: number }

const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000

/** A line of last month weighs about twice one of a year ago: habits change, suppliers too. */
const recency = (date: string, today: string) => 1 / (1 + Math.max(0, dayNumber(today) - dayNumber(date)) / 365)

/** A counterparty named alike weighs less than a label alike: one supplier may be paid for several things. */
const COUNTERPARTY_WEIGHT = 0.6

/**
 * The categories the organisation gave lines like this one, the best first: each earlier line weighs how alike its
 * label is (or its counterparty, the same once folded) times how recent it is, and a category adds up its lines, so
 * that many and recent uses win. A category known by its label says "history", by its counterparty alone
 * "counterparty".
 */
export function rankHistory(
  line: { label: string; counterparty: string | null },
  history: readonly HistoryLine[],
  today: string,
): RankedCategory[] {
  const counterparty = searchKey(line.counterparty ?? '')
  const byCategory = new Map<number, { byLabel: number; byCounterparty: number }>()
  for (const earlier of history) {
    const weight = recency(earlier.datedAt, today)
    const alike = labelSimilarity(line.label, earlier.label)
    const sameCounterparty = counterparty !== '' && searchKey(earlier.counterparty ?? '') === counterparty
    if (alike < SIMILAR_LABEL && !sameCounterparty) continue
    const total = byCategory.get(earlier.categoryId) ?? { byLabel: 0, byCounterparty: 0 }
    if (alike >= SIMILAR_LABEL) total.byLabel += alike * weight
    else total.byCounterparty += COUNTERPARTY_WEIGHT * weight
    byCategory.set(earlier.categoryId, total)
  }
  return [...byCategory]
    .map(([categoryId, { byLabel, byCounterparty }]) => ({
      categoryId,
      source: (byLabel > 0 ? 'history' : 'counterparty') as CategorySuggestionSource,
      score: byLabel + byCounterparty,
    }))
    .sort((a, b) => b.score - a.score || a.categoryId - b.categoryId)
}

/**
 * French bank labels and the accounts of the chart they point to, best first (the accounts of the general
 * categories, classes 6 and 7 of the PCG and the curated balance accounts). A phrase matches whole words of the folded
 * label, in a row; the longest phrase that matches wins ("frais de port" before "frais"). `out` for money out, `in`
 * for money in. No guess at what is personal: a transfer to someone by name gets nothing here.
 */
export const LABEL_KEYWORDS: readonly { phrases: readonly string[]; codes: readonly string[]; way: 'out' | 'in' }[] = [
  // Bank services.
  {
    phrases: ['frais', 'commission', 'commissions', 'cotis carte', 'cotisation carte', 'agios', 'tenue de compte'],
    codes: ['627'],
    way: 'out',
  },
  {
    phrases: ['frais de port', 'colissimo', 'chronopost', 'mondial relay', 'dhl', 'fedex'],
    codes: ['6241'],
    way: 'out',
  },
  // Social contributions: the operator's own first (most of the app's users), an employer's next.
  { phrases: ['urssaf', 'cipav', 'ssi'], codes: ['646', '431'], way: 'out' },
  // Supermarkets: supplies.
  {
    phrases: [
      'carrefour',
      'leclerc',
      'auchan',
      'monoprix',
      'lidl',
      'intermarche',
      'franprix',
      'super u',
      'hyper u',
      'aldi',
      'cora',
    ],
    codes: ['6064', '6068'],
    way: 'out',
  },
  // Travel: trains, fuel, tolls, taxis, flights, hotels, parking.
  {
    phrases: [
      'sncf',
      'ouigo',
      'tgv',
      'total',
      'totalenergies',
      'esso',
      'shell',
      'avia',
      'peage',
      'autoroute',
      'autoroutes',
      'aprr',
      'sanef',
      'uber',
      'taxi',
      'bolt',
      'heetch',
      'blablacar',
      'air france',
      'easyjet',
      'ryanair',
      'ratp',
      'navigo',
      'parking',
      'indigo',
      'hotel',
      'ibis',
    ],
    codes: ['6251'],
    way: 'out',
  },
  {
    phrases: ['restaurant', 'brasserie', 'uber eats', 'deliveroo', 'just eat', 'mcdonald s'],
    codes: ['6257'],
    way: 'out',
  },
  { phrases: ['amazon', 'fnac', 'darty', 'ikea', 'bureau vallee', 'top office'], codes: ['6064', '6063'], way: 'out' },
  { phrases: ['amazon web services', 'aws', 'ovh', 'o2switch', 'ionos', 'gandi'], codes: ['6156', '651'], way: 'out' },
  {
    phrases: ['adobe', 'microsoft', 'google workspace', 'github', 'notion', 'slack', 'canva', 'dropbox', 'zoom'],
    codes: ['651'],
    way: 'out',
  },
  { phrases: ['google ads', 'facebk', 'facebook ads', 'meta ads', 'linkedin ads'], codes: ['6231'], way: 'out' },
  {
    phrases: ['orange', 'sosh', 'sfr', 'bouygues telecom', 'free mobile', 'free telecom', 'freebox', 'la poste'],
    codes: ['626'],
    way: 'out',
  },
  { phrases: ['edf', 'engie'], codes: ['6061'], way: 'out' },
  {
    phrases: ['assurance', 'assurances', 'axa', 'maif', 'macif', 'allianz', 'hiscox', 'generali', 'groupama', 'mma'],
    codes: ['616'],
    way: 'out',
  },
  { phrases: ['expert comptable', 'honoraires', 'avocat'], codes: ['6226'], way: 'out' },
  { phrases: ['greffe', 'infogreffe', 'inpi'], codes: ['6227'], way: 'out' },
  { phrases: ['loyer', 'coworking'], codes: ['6132'], way: 'out' },
  // Taxes: the VAT return, the CFE, else either.
  { phrases: ['dgfip tva', 'impots tva', 'tva'], codes: ['44551'], way: 'out' },
  { phrases: ['cfe'], codes: ['63511'], way: 'out' },
  {
    phrases: ['dgfip', 'impots', 'impot', 'tresor public', 'finances publiques'],
    codes: ['44551', '63511'],
    way: 'out',
  },
  // Cash taken out of the bank goes to the cash box through the internal transfers account.
  { phrases: ['retrait dab', 'retrait', 'dab'], codes: ['580'], way: 'out' },
  { phrases: ['echeance pret', 'remboursement pret', 'pret'], codes: ['164'], way: 'out' },
  // Money in: card payment providers pay out sales.
  { phrases: ['stripe', 'sumup', 'payplug', 'paypal'], codes: ['706', '707'], way: 'in' },
  { phrases: ['interets', 'remuneration livret'], codes: ['768'], way: 'in' },
]

/** Whether the phrase's words come in a row among the label's. */
function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let start = 0; start + phrase.length <= words.length; start++) {
    for (const [offset, word] of phrase.entries()) if (words[start + offset] !== word) continue outer
    return true
  }
  return false
}

/**
 * The accounts a bank label's own words point to, best first: the longest phrase that matches first, then the table's
 * order; none when no phrase matches (never a guess). `income` is the line's direction.
 */
export function keywordAccounts(label: string, income: boolean): string[] {
  const words = wordsOf(label)
  const matches: { length: number; index: number; codes: readonly string[] }[] = []
  for (const [index, entry] of LABEL_KEYWORDS.entries()) {
    if ((entry.way === 'in') !== income) continue
    const lengths = entry.phrases.map(wordsOf).filter((phrase) => containsPhrase(words, phrase))
    if (lengths.length > 0)
      matches.push({ length: Math.max(...lengths.map((phrase) => phrase.length)), index, codes: entry.codes })
  }
  matches.sort((a, b) => b.length - a.length || a.index - b.index)
  return [...new Set(matches.flatMap((match) => match.codes))]
}

/**
 * Whether a category may be suggested for a line of this direction: a charge (class 6) never for money in, a revenue
 * (class 7) never for money out, the holding account and folders never (they say nothing).
 */
export function suggestableFor(code: string, income: boolean): boolean {
  if (code === '0' || code.startsWith('471')) return false
  if (code.startsWith('6')) return !income
  if (code.startsWith('7')) return income
  return true
}

/**
 * The suggestions of a line from what each source found, best first and each category once: the rules that match it,
 * its history (label then counterparty, as ranked), the rules it almost matches, then its words. At most `max`.
 */
export function mergeSuggestions(
  sources: {
    ruleMatches: readonly number[]
    history: readonly RankedCategory[]
    nearMisses: readonly number[]
    keywords: readonly number[]
  },
  max = CATEGORY_SUGGESTIONS_MAX,
): { categoryId: number; source: CategorySuggestionSource }[] {
  const ordered: { categoryId: number; source: CategorySuggestionSource }[] = [
    ...sources.ruleMatches.map((categoryId) => ({ categoryId, source: 'rule' as const })),
    ...sources.history.filter((entry) => entry.source === 'history'),
    ...sources.nearMisses.map((categoryId) => ({ categoryId, source: 'rule' as const })),
    ...sources.history.filter((entry) => entry.source === 'counterparty'),
    ...sources.keywords.map((categoryId) => ({ categoryId, source: 'keywords' as const })),
  ]
  const seen = new Set<number>()
  const chosen: { categoryId: number; source: CategorySuggestionSource }[] = []
  for (const { categoryId, source } of ordered) {
    if (seen.has(categoryId)) continue
    seen.add(categoryId)
    chosen.push({ categoryId, source })
    if (chosen.length === max) break
  }
  return chosen
}
