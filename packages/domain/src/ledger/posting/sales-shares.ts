import { DELIVERY_FEES_RATE, operationNature } from '../../documents/totals'
import type { LineType } from '../../documents/types'
import { isZero, subtract, toCents } from '../../money/arithmetic'
import type { VatRateTotal } from '../../vat/breakdown'
import { type LedgerAccount, POSTING_ACCOUNTS } from './accounts'
import { rateKey, spread, sumOf } from './lines'
import type { Party, VatDueOn, VatNature, VatOperation } from './types'

/** The customer's place for VAT: in France, in another member state (with or without a VAT number), outside the EU. */
export type CustomerVatArea = 'france' | 'euWithVatNumber' | 'euWithoutVatNumber' | 'outsideEu'

/** The area of a customer from its country (ISO alpha-2, EU membership) and intra-EU VAT number; France when unknown. */
export function customerVatAreaOf(
  country: { code: string; isEu: boolean } | null,
  intracommunityTaxNumber: string | null | undefined,
): CustomerVatArea {
  if (!country || country.code === 'FR') return 'france'
  if (!country.isEu) return 'outsideEu'
  return intracommunityTaxNumber?.trim() ? 'euWithVatNumber' : 'euWithoutVatNumber'
}

/**
 * What a sale at 0 % is on the CA3 (BOI-TVA-DECLA-20-30-10): goods leaving the EU an export (E1), goods to a business
 * of another member state that gave its VAT number an intra-EU supply (F2, exempt under CGI art. 262 ter); services
 * to a business abroad are outside French VAT and, like an exempt French sale, go to E2 (no operation).
 */
export function zeroRatedOperation(area: CustomerVatArea | undefined, nature: VatNature): VatOperation | undefined {
  if (nature !== 'goods') return undefined
  if (area === 'outsideEu') return 'export'
  if (area === 'euWithVatNumber') return 'intraCommunitySupply'
  return undefined
}

export type SalesLineForPosting = {
  /** PRODUCT lines are goods (707), SERVICE lines services (706); MISC lines follow the typed lines of their rate. */
  type: LineType
  /** The line's net HT as stored (after its own discount), signed: negative on credit notes and deduction lines. */
  totalTaxExcluded: string
  ratePercent: string
  /** On a final invoice's deduction line: the deposit invoice it deducts (the line then debits 4191). */
  depositInvoiceId?: number | null
}

/**
 * A validated invoice, credit note, deposit invoice or final invoice, as stored: its lines give the accounts and the
 * proportions, its stored breakdown (`vatBreakdown`, settled for a final invoice) gives every amount, so the entry
 * equals the document to the cent without computing its totals again. The global discount is not an input: per rate,
 * it is what the stored base lacks from the lines (the same goes for a final invoice's frozen discount lines).
 */
export type SalesDocumentForPosting = {
  reference: string
  /** The document's date (datedAt): the entry's and the piece's date. */
  date: string
  customer: Party
  /**
   * Where the customer is, from the billing address printed on the document: at 0 %, goods leaving the EU are an
   * export (E1), goods to a business of another member state that gave its VAT number an intra-EU supply (F2).
   * Absent: in France.
   */
  customerVatArea?: CustomerVatArea
  isCreditNote: boolean
  isDeposit: boolean
  /** The organisation opted for VAT on débits: services' VAT is due at the invoice, not at its payment. */
  vatOnDebits: boolean
  /** Franchise en base: no VAT, no VAT tags (no return to feed). */
  taxFree: boolean
  lines: readonly SalesLineForPosting[]
  /** HT, at DELIVERY_FEES_RATE (0 % when tax-free), as documentTotals puts them. */
  deliveryFees: string | null
  /** Débours: HT at 0 %, outside the VAT base. */
  disbursement: string | null
  totalTaxIncluded: string
  vatBreakdown: readonly VatRateTotal[]
}

/** A part of one rate's base on one account, credit-positive (an invoice's revenue is positive, a credit note's negative). */
export type RevenueShare = { account: LedgerAccount; nature: VatNature; amount: string }

/** The document's nature as the invoice prints it (goods only, else services): what untyped amounts follow. */
export const documentNature = (doc: SalesDocumentForPosting): VatNature =>
  operationNature(doc.lines.map((line) => line.type)) === 'GOODS' ? 'goods' : 'services'

/**
 * VAT collected on goods is due at the invoice, on services at their payment (encaissements) unless the organisation
 * opted for débits; a deposit's VAT is due when it is paid, for goods too since 2023 (CGI art. 269-2-a).
 */
export function collectedVatDueOn(nature: VatNature, doc: SalesDocumentForPosting): VatDueOn {
  if (nature === 'services') return doc.vatOnDebits ? 'invoice' : 'payment'
  return doc.isDeposit ? 'payment' : 'invoice'
}

const lineRate = (doc: SalesDocumentForPosting, line: SalesLineForPosting) =>
  rateKey(doc.taxFree ? '0' : line.ratePercent)
const feesRate = (doc: SalesDocumentForPosting) => rateKey(doc.taxFree ? '0' : DELIVERY_FEES_RATE)
const given = (value: string | null) => (value === null || value === '' ? '0.00' : toCents(value))

const salesAccount = (doc: SalesDocumentForPosting, nature: VatNature): LedgerAccount =>
  doc.isDeposit
    ? POSTING_ACCOUNTS.customerDeposits
    : nature === 'goods'
      ? POSTING_ACCOUNTS.goods
      : POSTING_ACCOUNTS.services

/**
 * One stored rate's base split over accounts, adding up to it exactly: delivery fees (7085) and disbursements (467)
 * as stored, deductions of deposits (4191) as their lines say, and the rest — the sales, after the global discount
 * and any MISC line — on 707 and 706 in proportion to the PRODUCT and SERVICE lines of the rate (spread: the larger
 * absorbs the rounding cent, goods first on a tie). Deductions are split by nature in the same proportions (a deposit
 * line is typed by the quote's nature, not by what it paid for). A rate without typed lines goes to the document's
 * nature; a deposit invoice's sales go to 4191.
 */
export function revenueAtRate(
  doc: SalesDocumentForPosting,
  rate: VatRateTotal,
): { shares: RevenueShare[]; disbursement: string } {
  const key = rateKey(rate.ratePercent)
  const lines = doc.lines.filter((line) => lineRate(doc, line) === key)
  const deductionLines = lines.filter((line) => line.depositInvoiceId != null)
  const netOf = (type: LineType) =>
    sumOf(lines.filter((l) => l.type === type && l.depositInvoiceId == null).map((l) => l.totalTaxExcluded))

  const fees = key === feesRate(doc) ? given(doc.deliveryFees) : '0.00'
  const disbursement = key === '0' ? given(doc.disbursement) : '0.00'
  const deductions = toCents(sumOf(deductionLines.map((line) => line.totalTaxExcluded)))
  const sales = toCents(subtract(subtract(subtract(rate.taxExcluded, fees), disbursement), deductions))

  // Sales and deductions are split by nature in the proportions of the rate's PRODUCT and SERVICE lines.
  const weights = [netOf('PRODUCT'), netOf('SERVICE')]
  const byNature = (amount: string, accountOf: (nature: VatNature) => LedgerAccount): RevenueShare[] => {
    if (weights.every((weight) => isZero(weight))) {
      const nature = documentNature(doc)
      return [{ account: accountOf(nature), nature, amount }]
    }
    const [goods = '0', services = '0'] = spread(amount, weights)
    return [
      { account: accountOf('goods'), nature: 'goods', amount: goods },
      { account: accountOf('services'), nature: 'services', amount: services },
    ]
  }
  // Delivery goes with the goods it carries; only a services-only invoice's fees are part of its services.
  const feesNature = operationNature(doc.lines.map((line) => line.type)) === 'SERVICES' ? 'services' : 'goods'
  const shares: RevenueShare[] = [
    ...byNature(sales, (nature) => salesAccount(doc, nature)),
    { account: POSTING_ACCOUNTS.deliveryFees, nature: feesNature, amount: fees },
    ...byNature(deductions, () => POSTING_ACCOUNTS.customerDeposits),
  ]
  return { shares: shares.filter((share) => !isZero(share.amount)), disbursement }
}

/** Throws when the stored breakdown cannot be the document's: a bug upstream, never to be posted over. */
export function checkStoredTotals(doc: SalesDocumentForPosting): void {
  const where = `Sales document ${doc.reference}`
  const stored = toCents(sumOf(doc.vatBreakdown.map((rate) => rate.taxIncluded)))
  const parts = toCents(sumOf(doc.vatBreakdown.flatMap((rate) => [rate.taxExcluded, rate.taxAmount])))
  if (stored !== toCents(doc.totalTaxIncluded) || parts !== stored)
    throw new Error(`${where}: its VAT breakdown (${parts}, ${stored}) does not make its TTC ${doc.totalTaxIncluded}`)
  const rates = new Set(doc.vatBreakdown.map((rate) => rateKey(rate.ratePercent)))
  const missing = [
    ...doc.lines.filter((line) => !isZero(line.totalTaxExcluded)).map((line) => lineRate(doc, line)),
    ...(isZero(given(doc.deliveryFees)) ? [] : [feesRate(doc)]),
    ...(isZero(given(doc.disbursement)) ? [] : ['0']),
  ].filter((rate) => !rates.has(rate))
  if (missing.length > 0) throw new Error(`${where}: no stored VAT breakdown at ${[...new Set(missing)].join(', ')} %`)
}
