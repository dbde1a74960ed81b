import { messages } from '../messages/index'
import { formatPercentFr } from '../money/format'
import { CONTACT_TYPE_BUSINESS_ID } from '../reference/ids'
import type { OperationNature } from './types'

const d = messages.documents

/** What a document says about itself for its mandatory mentions (research/anchors-mission.md §c.2). */
export type MentionFacts = {
  kind: 'invoice' | 'quote'
  isCreditNote?: boolean
  taxFree: boolean
  vatOnDebits: boolean
  nature: OperationNature
  /** Business customers (contact type 1) get the late-payment mentions of Code de commerce L441-10. */
  customerContactTypeId: number | null
  /** Annual late-penalty rate in percent, when the document has one. */
  latePenalties: string | null
}

export const NATURE_LABELS: Record<OperationNature, string> = {
  GOODS: 'Livraison de biens',
  SERVICES: 'Prestation de services',
  MIXED: 'Livraison de biens et prestation de services',
}

/**
 * The mentions a document must print, in reading order: nature of the operation (décret 2022-1299), "TVA non
 * applicable, art. 293 B du CGI" for tax-free organisations, the option for VAT on debits (services only), and, on
 * invoices to business customers, the late-penalty rate (the legal default when none is set), the 40 € recovery
 * indemnity and the early-payment discount conditions (none).
 */
export function legalMentions(facts: MentionFacts): string[] {
  const mentions = [`Nature de l'opération : ${NATURE_LABELS[facts.nature]}`]
  if (facts.taxFree) mentions.push(d.taxFreeMention)
  else if (facts.vatOnDebits && facts.nature !== 'GOODS') mentions.push(d.vatOnDebitsMention)
  const business = facts.customerContactTypeId === CONTACT_TYPE_BUSINESS_ID
  if (facts.kind === 'invoice' && !facts.isCreditNote && business) {
    // The rate must be printed on every invoice to a business (L441-10): the legal default when none is set.
    mentions.push(
      facts.latePenalties !== null
        ? d.latePenaltiesMention(formatPercentFr(facts.latePenalties))
        : d.legalLatePenaltiesMention,
    )
    mentions.push(d.recoveryIndemnityMention)
    mentions.push(d.noEarlyPaymentDiscountMention)
  }
  return mentions
}
