/**
 * What the registre des achats counts (spec/account.md §2 "In/out books"): purchases only, told by the account a
 * movement's lines go to, whatever journal posted them (bank, cash box, expense note, or the purchase journal HA
 * through the supplier's invoice a payment settles).
 *
 * Bought: goods and supplies (60), external services (61, 62: rent, fees, travel, telephone, bank services…), licences
 * and software subscriptions (651), and fixed assets (20 intangible, 21 tangible, 23 in progress), each with its
 * deductible VAT (4456x but 44567, a VAT credit the state owes back).
 *
 * Not bought, so left out: the owner's and the associates' money (108, 455, 644), the treasury and internal transfers
 * (5: bank, cash box, 58), the suspense account (471: nobody said yet what the line is), customers (411), taxes and
 * social contributions (44x but deductible VAT, 43, 63, 64), pay (42, 64), loans and their interest (16, 66), financial
 * assets and deposits (26, 27), fines and other exceptional charges (67), depreciation (68) and income tax (69).
 *
 * The prefixes are written once, as patterns that PostgreSQL's `~` and JavaScript's RegExp read alike, so that the
 * books' query and this function cannot disagree.
 */
export const PURCHASE_ACCOUNT_PATTERNS = {
  charge: '^(60|61|62|651)',
  fixedAsset: '^(20|21|23)',
  deductibleVat: '^4456[0-689]',
  /** Suppliers (401), suppliers of fixed assets (404): a payment to one is a purchase when the piece it settles is. */
  supplier: '^40[14]',
} as const

export type PurchaseAccountKind = keyof typeof PURCHASE_ACCOUNT_PATTERNS

/** Charges bought and fixed assets bought, as one pattern: what a purchase's own line is on. */
export const PURCHASED_ACCOUNT_PATTERN = [PURCHASE_ACCOUNT_PATTERNS.charge, PURCHASE_ACCOUNT_PATTERNS.fixedAsset]
  .map((pattern) => `(${pattern})`)
  .join('|')

const MATCHERS = Object.entries(PURCHASE_ACCOUNT_PATTERNS).map(
  ([kind, pattern]) => [kind as PurchaseAccountKind, new RegExp(pattern)] as const,
)

/** What an account is to the registre des achats; null when a line on it is no purchase. */
export function purchaseAccountKind(code: string): PurchaseAccountKind | null {
  for (const [kind, matcher] of MATCHERS) if (matcher.test(code)) return kind
  return null
}

/** A line on this account is something bought (a charge or a fixed asset), VAT and suppliers aside. */
export const isPurchasedAccount = (code: string): boolean => {
  const kind = purchaseAccountKind(code)
  return kind === 'charge' || kind === 'fixedAsset'
}

/**
 * Whether a line counts in the registre des achats: a charge or fixed asset bought, its deductible VAT, or the payment
 * of a supplier's piece whose own charge (`settledCode`, from the purchase journal) is bought. A supplier's piece still
 * on the suspense account waits, as an uncategorised line does.
 */
export function countsAsPurchase(code: string, settledCode: string | null = null): boolean {
  const kind = purchaseAccountKind(code)
  if (kind === 'supplier') return settledCode !== null && isPurchasedAccount(settledCode)
  return kind !== null
}
