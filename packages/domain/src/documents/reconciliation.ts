import { searchKey } from '../contacts/search-key'
import { formatDateFr } from '../dates/format'
import { add, compare, isPositive } from '../money/arithmetic'
import { formatEuro } from '../money/format'
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from './payments'

/**
 * Which invoices an incoming bank line pays (issue 30): suggestions with their reasons, best first, for the user to
 * confirm in one click. A payment recorded by hand of the line's amount asks to be reconciled with it; otherwise the
 * line's label naming an invoice's number or its customer, and its amount being what one invoice, or several of one
 * customer, leave to pay.
 */

export type OpenInvoice = {
  id: number
  reference: string
  customerId: number | null
  customerName: string
  datedAt: string
  /** TTC left to pay once the payments and credit notes count. */
  leftToPay: string
  /** Payments recorded by hand that wait for their bank line. */
  waiting: readonly { amount: string; paidAt: string; method: PaymentMethod }[]
}

export type BankLineToMatch = { amount: string; label: string; datedAt: string }

export type InvoiceSuggestion = {
  kind: 'reconcile' | 'pay'
  invoiceIds: number[]
  reasons: string[]
  score: number
}

/** At most this many suggestions for a line, and this many invoices of one customer added up to its amount. */
export const INVOICE_SUGGESTIONS_MAX = 5
const GROUP_MAX = 4
const GROUP_CANDIDATES_MAX = 12

/** "F-2026-0007", "F 2026 0007", "f20260007": a reference compared on its letters and digits only. */
const compact = (text: string) => searchKey(text).replace(/[^a-z0-9]/g, '')

/** The words of a name worth looking for in a bank label: 3 letters or more, legal forms and small words left out. */
const NAME_NOISE = new Set([
  'sarl',
  'sas',
  'sasu',
  'eurl',
  'sa',
  'sci',
  'snc',
  'ei',
  'eirl',
  'les',
  'des',
  'the',
  'and',
  'et',
  'cie',
])
const nameWords = (name: string) =>
  searchKey(name)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3 && !NAME_NOISE.has(word))

/** The label names the customer: every word of a short name, or at least two words of a long one. */
export function labelNamesCustomer(label: string, customerName: string): boolean {
  const words = nameWords(customerName)
  if (words.length === 0) return false
  const labelWords = new Set(searchKey(label).split(/[^a-z0-9]+/))
  const found = words.filter((word) => labelWords.has(word)).length
  return words.length <= 2 ? found === words.length : found >= 2
}

/** The label cites the invoice's number (letters and digits compared, the number's last digits at least). */
export const labelCitesReference = (label: string, reference: string): boolean => {
  const ref = compact(reference)
  return ref.length >= 4 && compact(label).includes(ref)
}

const euro = (amount: string) => formatEuro(amount)

/** The subsets of `invoices` (up to GROUP_MAX of them) whose amounts left to pay add up to `amount`. */
function groupsMaking(invoices: readonly OpenInvoice[], amount: string): OpenInvoice[][] {
  const found: OpenInvoice[][] = []
  const candidates = invoices.slice(0, GROUP_CANDIDATES_MAX)
  const walk = (start: number, chosen: OpenInvoice[], total: string) => {
    if (chosen.length >= 2 && compare(total, amount) === 0) found.push([...chosen])
    if (chosen.length === GROUP_MAX || compare(total, amount) >= 0) return
    for (let index = start; index < candidates.length; index++) {
      const invoice = candidates[index] as OpenInvoice
      walk(index + 1, [...chosen, invoice], add(total, invoice.leftToPay))
    }
  }
  walk(0, [], '0')
  return found
}

/** The suggestions for an incoming line, best first; none for money out. */
export function suggestInvoicesForLine(line: BankLineToMatch, invoices: readonly OpenInvoice[]): InvoiceSuggestion[] {
  if (!isPositive(line.amount)) return []
  const suggestions: InvoiceSuggestion[] = []
  for (const invoice of invoices) {
    const reasons: string[] = []
    let score = 0
    const waiting = invoice.waiting.find((payment) => compare(payment.amount, line.amount) === 0)
    if (waiting) {
      score += 100
      reasons.push(
        `Paiement de ${euro(waiting.amount)} enregistré le ${formatDateFr(waiting.paidAt)} (${PAYMENT_METHOD_LABELS[waiting.method].toLowerCase()})`,
      )
    }
    if (labelCitesReference(line.label, invoice.reference)) {
      score += 60
      reasons.push(`Le libellé cite la facture ${invoice.reference}`)
    }
    if (!waiting && isPositive(invoice.leftToPay) && compare(invoice.leftToPay, line.amount) === 0) {
      score += 40
      reasons.push(`Même montant que ce qui reste à payer (${euro(invoice.leftToPay)})`)
    }
    if (labelNamesCustomer(line.label, invoice.customerName)) {
      score += 30
      reasons.push(`Le libellé nomme le client ${invoice.customerName}`)
    }
    // A line dated before its invoice is rarely its payment.
    if (line.datedAt < invoice.datedAt) score -= 15
    // A name alone, with another amount, says too little.
    if (score >= 40) suggestions.push({ kind: waiting ? 'reconcile' : 'pay', invoiceIds: [invoice.id], reasons, score })
  }

  const byCustomer = new Map<number, OpenInvoice[]>()
  for (const invoice of invoices)
    if (invoice.customerId !== null && isPositive(invoice.leftToPay) && invoice.datedAt <= line.datedAt)
      byCustomer.set(invoice.customerId, [...(byCustomer.get(invoice.customerId) ?? []), invoice])
  for (const own of byCustomer.values()) {
    for (const group of groupsMaking(own, line.amount)) {
      const name = (group[0] as OpenInvoice).customerName
      const named = labelNamesCustomer(line.label, name)
      suggestions.push({
        kind: 'pay',
        invoiceIds: group.map((invoice) => invoice.id),
        reasons: [
          `Même montant que ${group.length} factures de ${name} (${group.map((invoice) => invoice.reference).join(', ')})`,
          ...(named ? [`Le libellé nomme le client ${name}`] : []),
        ],
        score: 35 + (named ? 30 : 0),
      })
    }
  }
  return suggestions
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.invoiceIds.length - b.invoiceIds.length ||
        (a.invoiceIds[0] ?? 0) - (b.invoiceIds[0] ?? 0),
    )
    .slice(0, INVOICE_SUGGESTIONS_MAX)
}
