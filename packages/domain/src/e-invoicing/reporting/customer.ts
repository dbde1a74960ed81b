import type { IsoDate } from '../../dates/calendar'
import { rateKey, spread, sumOf } from '../../ledger/posting/lines'
import { documentNature, revenueAtRate, type SalesDocumentForPosting } from '../../ledger/posting/sales-shares'
import type { VatNature } from '../../ledger/posting/types'
import { isZero, subtract, toCents } from '../../money/arithmetic'
import { CONTACT_TYPE_BUSINESS_ID, COUNTRY_FRANCE_CODE, SALES_CATEGORY_CODES } from '../../reference/ids'
import type { ReportableSale, ReportingCustomer, ReportingVatPart, VatTreatment } from './scope'

/**
 * What the server's stored sales are for e-reporting: who the customer is, where each part's VAT stands, and the
 * parts themselves. The documents record no legal ground for a 0 % (export, intra-EU supply, art. 261…) and no margin
 * scheme: the rules below read what they do record — the rate, the customer's country and numbers, the franchise.
 */

/** The customer as the validated document printed it (its snapshot), its billing address's country resolved. */
export type DocumentCustomerFacts = {
  contactTypeId: number
  /** ISO 3166-1 alpha-2 of the billing address; null when the document has none. */
  countryCode: string | null
  registrySiren: string | null
  intracommunityTaxNumber: string | null
}

const given = (value: string | null | undefined): string | null => value?.trim() || null

/**
 * A business counts as subject to VAT unless a French one has neither a SIREN nor a VAT number: every French company
 * that sells has a SIREN, so one without is an association or a body without trade, a private person in all but the
 * contact's type. A business established abroad is taken as subject (a foreign company seldom shows a number that
 * Carnet could check, and CGI art. 290 reports it one by one either way). A document without a customer, or without a
 * billing address, is a sale in France: the counter's case.
 */
export function reportingCustomerOf(facts: DocumentCustomerFacts | null): ReportingCustomer {
  const countryCode = given(facts?.countryCode)?.toUpperCase() ?? COUNTRY_FRANCE_CODE
  if (!facts || facts.contactTypeId !== CONTACT_TYPE_BUSINESS_ID)
    return { kind: 'individual', countryCode, subjectToVat: false }
  const identified = given(facts.registrySiren) !== null || given(facts.intracommunityTaxNumber) !== null
  return { kind: 'business', countryCode, subjectToVat: countryCode !== COUNTRY_FRANCE_CODE || identified }
}

/**
 * Where a part's VAT stands, from its rate and the customer's place:
 * - a rate above 0 is French VAT charged: France is the place of supply;
 * - at 0 % to a customer in France, an exemption in France (art. 261…) or the franchise en base: French VAT's
 *   territory all the same;
 * - at 0 % to a customer abroad, the export, the intra-EU supply or the service taxed where the customer is: outside
 *   French VAT — but for a seller in franchise en base selling to a private person abroad, whose sale stays French
 *   (services where the seller is, goods below the distance-selling threshold) under the franchise.
 * Never `margin-scheme`: the documents do not record it.
 */
export function vatTreatmentOf(
  ratePercent: string,
  context: { taxFree: boolean; customer: ReportingCustomer },
): VatTreatment {
  const { customer } = context
  if (!isZero(ratePercent) || customer.countryCode === COUNTRY_FRANCE_CODE) return 'french-vat'
  if (context.taxFree && customer.kind === 'individual') return 'french-vat'
  return 'outside-french-vat'
}

/**
 * A validated invoice, deposit invoice or credit note as stored: the ledger's reading of its lines and stored breakdown
 * (revenueAtRate), so the parts equal the document and its sales entry to the cent.
 */
export type StoredSale = Pick<
  SalesDocumentForPosting,
  'isCreditNote' | 'isDeposit' | 'vatOnDebits' | 'taxFree' | 'lines' | 'deliveryFees' | 'disbursement' | 'vatBreakdown'
> & {
  number: string
  date: IsoDate
  customer: DocumentCustomerFacts | null
}

const NATURES: readonly VatNature[] = ['goods', 'services']

/**
 * One part per nature × rate: each stored rate's base split over goods and services as the sales entry splits it
 * (PRODUCT and SERVICE lines in proportion, delivery fees with the goods they carry), its VAT in proportion of those
 * bases, the larger taking the rounding cent (the sales entry's collected VAT). Disbursements (débours) are left out:
 * the customer's expense paid in its name, no operation of the seller. Signed as stored: a credit note's are < 0.
 */
export function vatPartsOf(sale: StoredSale, treatmentOf: (ratePercent: string) => VatTreatment): ReportingVatPart[] {
  const doc: SalesDocumentForPosting = {
    ...sale,
    reference: sale.number,
    customer: { id: 0, name: '' },
    totalTaxIncluded: '0',
  }
  const parts: ReportingVatPart[] = []
  for (const rate of sale.vatBreakdown) {
    const ratePercent = rateKey(rate.ratePercent)
    const { shares } = revenueAtRate(doc, rate)
    const bases = NATURES.map((nature) => sumOf(shares.filter((s) => s.nature === nature).map((s) => s.amount)))
    const present = NATURES.filter((_, index) => !isZero(bases[index] ?? '0'))
    if (present.length === 0 && isZero(rate.taxAmount)) continue
    const used = present.length > 0 ? present : [documentNature(doc)]
    const weights = used.map((nature) => bases[NATURES.indexOf(nature)] ?? '0')
    const taxes = spread(toCents(rate.taxAmount), weights)
    used.forEach((nature, index) => {
      parts.push({
        nature,
        ratePercent,
        taxExcluded: toCents(weights[index] ?? '0'),
        tax: taxes[index] ?? '0.00',
        treatment: treatmentOf(ratePercent),
      })
    })
  }
  return parts
}

/**
 * The buyer accounts for the VAT (autoliquidation) when it is a business established abroad that gave its VAT number
 * and the sale charges no French VAT: the intra-EU supply of goods, the service taxed where the customer is. Its parts
 * are outside French VAT already; the flag says the same for the reports' readers.
 */
const reverseChargedBy = (customer: ReportingCustomer, vatNumber: string | null, parts: readonly ReportingVatPart[]) =>
  customer.kind === 'business' &&
  customer.countryCode !== COUNTRY_FRANCE_CODE &&
  vatNumber !== null &&
  parts.length > 0 &&
  parts.every((part) => isZero(part.tax))

/** A stored invoice, deposit invoice or credit note as e-reporting reads it. */
export function reportableSaleOf(sale: StoredSale): ReportableSale {
  const customer = reportingCustomerOf(sale.customer)
  const buyerVatNumber = given(sale.customer?.intracommunityTaxNumber)
  const parts = vatPartsOf(sale, (ratePercent) => vatTreatmentOf(ratePercent, { taxFree: sale.taxFree, customer }))
  return {
    number: sale.number,
    date: sale.date,
    isCreditNote: sale.isCreditNote,
    customer,
    buyerVatNumber,
    parts,
    vatOnDebits: sale.vatOnDebits,
    reverseCharge: reverseChargedBy(customer, buyerVatNumber, parts),
  }
}

/** A "Vente" line of a cash sale: its sales category's account, its tax's rate, its amount TTC and VAT as stored. */
export type CashSaleLineFacts = { accountCode: string; ratePercent: string; amount: string; taxAmount: string }

/**
 * The nature of a cash sale's line from its category: 706 and 708 services; 701 and 707, and any other account, goods
 * (a cash sale is a counter sale, mostly of goods; the cash sales service only takes these four families anyway).
 */
export const cashSaleLineNature = (accountCode: string): VatNature =>
  SALES_CATEGORY_CODES.services.some((prefix) => accountCode.startsWith(prefix)) ? 'services' : 'goods'

/**
 * A cash sale (the day's takings over the counter) as e-reporting reads it: a sale to private persons in France, one
 * part per nature × rate of its "Vente" lines. `vatOnDebits`: the organisation's option, which decides whether its
 * services' payments are reported (the sale is paid on the spot, at its date).
 */
export function cashSaleOf(sale: {
  number: string
  date: IsoDate
  vatOnDebits: boolean
  lines: readonly CashSaleLineFacts[]
}): ReportableSale {
  const parts = new Map<string, ReportingVatPart>()
  for (const line of sale.lines) {
    const nature = cashSaleLineNature(line.accountCode)
    const ratePercent = rateKey(line.ratePercent)
    const key = `${nature}|${ratePercent}`
    const found = parts.get(key)
    const taxExcluded = subtract(line.amount, line.taxAmount)
    parts.set(key, {
      nature,
      ratePercent,
      taxExcluded: toCents(sumOf([found?.taxExcluded ?? '0', taxExcluded])),
      tax: toCents(sumOf([found?.tax ?? '0', line.taxAmount])),
      treatment: 'french-vat',
    })
  }
  return {
    number: sale.number,
    date: sale.date,
    isCreditNote: false,
    customer: { kind: 'individual', countryCode: COUNTRY_FRANCE_CODE, subjectToVat: false },
    buyerVatNumber: null,
    parts: [...parts.values()],
    vatOnDebits: sale.vatOnDebits,
    reverseCharge: false,
  }
}
