import { formatDateFr } from '../dates/format'
import { isNegative, isPositive } from '../money/arithmetic'

/**
 * What an invoice must be before it gets its number (CGI art. 242 nonies A, spec/sales.md §4): the refusals below are
 * the law's, decided here so that the server refuses and the web explains the same thing.
 */

/** The refusal codes of validation, beyond the state table and the seller's legal information. */
export const ISSUING_REFUSALS = {
  nonPositiveTotal: 'NON_POSITIVE_TOTAL',
  dateBeforeLastIssued: 'DATE_BEFORE_LAST_ISSUED',
  customerInfoRequired: 'CUSTOMER_INFO_REQUIRED',
} as const

export type InvoiceTotalFacts = {
  isCreditNote: boolean
  /** A final invoice after deposits: its deposits may already have invoiced everything. */
  isFinal: boolean
  totalTaxExcluded: string
  totalTaxIncluded: string
}

/**
 * Money goes back to a customer through a credit note, the only document with negative totals: an invoice (deposit
 * invoices included) must come to more than zero. A final invoice may come to zero when its deposits invoiced the
 * whole quote (it then states the balance: nothing left to pay), never below.
 */
export function hasIssuableTotal(facts: InvoiceTotalFacts): boolean {
  if (facts.isCreditNote) return true
  const amounts = [facts.totalTaxExcluded, facts.totalTaxIncluded]
  if (facts.isFinal) return !amounts.some((amount) => isNegative(amount))
  return amounts.every((amount) => isPositive(amount))
}

/** The last validated document of a series, as far as its date matters. */
export type LastIssued = { datedAt: string; reference: string }

/**
 * Numbers follow dates within a series (CGI art. 242 nonies A: "une numérotation unique basée sur une séquence
 * chronologique et continue"): a document cannot take the next number with a date before the last one given.
 */
export const followsLastIssued = (datedAt: string, last: LastIssued | null): boolean =>
  last === null || datedAt >= last.datedAt

/** A customer's address as the buyer block prints it. */
export type BuyerAddressFacts = { street: string | null; postcode: string | null; city: string | null } | null

export type BuyerPiece = 'address' | 'street' | 'postcode' | 'city'

/** The buyer's address is a mandatory mention of every invoice (CGI ann. II art. 242 nonies A, 2°): what it lacks. */
export function missingBuyerAddress(address: BuyerAddressFacts): BuyerPiece[] {
  if (address === null) return ['address']
  const missing: BuyerPiece[] = []
  if (!address.street?.trim()) missing.push('street')
  if (!address.postcode?.trim()) missing.push('postcode')
  if (!address.city?.trim()) missing.push('city')
  return missing
}

const BUYER_PIECES: Record<BuyerPiece, string> = {
  address: 'son adresse de facturation',
  street: 'le numéro et la rue de son adresse',
  postcode: 'le code postal de son adresse',
  city: 'la ville de son adresse',
}

export const issuingMessages = {
  nonPositiveTotal:
    "Une facture ne peut pas avoir un total négatif ou nul. Pour rendre de l'argent à ton client, fais-lui un avoir.",
  dateBeforeLastIssued: (kind: 'invoice' | 'creditNote', last: LastIssued) =>
    kind === 'creditNote'
      ? `L'avoir ${last.reference} est daté du ${formatDateFr(last.datedAt)} : les numéros suivent les dates, cet avoir ne peut donc pas être daté d'avant. Valide-le à la date du jour.`
      : `La facture ${last.reference} est datée du ${formatDateFr(last.datedAt)} : les numéros suivent les dates, cette facture ne peut donc pas être datée d'avant. Valide-la à la date du jour.`,
  futureLastIssued: (last: LastIssued) =>
    `Le document ${last.reference} est daté du ${formatDateFr(last.datedAt)}, plus tard qu'aujourd'hui : les numéros ` +
    'suivent les dates, date ce document au plus tôt de ce jour-là.',
  customerInfoRequired: (name: string, missing: readonly BuyerPiece[]) =>
    `Complète la fiche de ${name} avant de valider : il manque ${joinFr(missing.map((piece) => BUYER_PIECES[piece]))}.`,
  createCreditNote: 'Créer un avoir',
  validateToday: (today: string) => `Valider au ${formatDateFr(today)}`,
  completeCustomer: 'Compléter la fiche client',
}

function joinFr(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`
}
