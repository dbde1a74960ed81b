import type { IsoDate } from '../../dates/calendar'

/**
 * What e-reporting (flux 10) covers, sale by sale. Sources: CGI art. 290 (transactions with non-taxable persons and
 * with taxable persons not established in France) and 290 A (payment data), décret n° 2022-1299 (CGI ann. II art. 242
 * nonies M–P), the DGFiP's external specifications (flux 10, category code TT-81) as FNFE and PA guides restate them.
 */

/** The customer as the sale knows it: a private person, or a business (company, association, public body…). */
export type ReportingCustomer = {
  kind: 'individual' | 'business'
  /** ISO 3166-1 alpha-2 of where the customer is established ("FR", "DE", "US"). */
  countryCode: string
  /**
   * Whether the business is subject to VAT (assujetti). A French company with a SIREN that sells is; an association
   * with no commercial activity, or a body of the State for its public mission, is not. Ignored for an individual.
   */
  subjectToVat: boolean
}

/**
 * - `b2b-domestic`: a business established in France and subject to VAT: the invoice goes through e-invoicing, its
 *   payment through the "Encaissée" status; nothing is reported.
 * - `b2c`: a private person or a non-taxable legal person, wherever they live: aggregated reports (10.3, 10.4).
 * - `b2b-international`: a business established outside France: reported invoice by invoice (10.1, 10.2).
 */
export type ReportingScope = 'b2b-domestic' | 'b2c' | 'b2b-international'

/**
 * Only "FR" counts as France here. Doubts: Monaco is France for VAT (its companies have FR VAT numbers) but has no
 * SIREN, so cannot be in the directory; the overseas departments (GP, MQ, RE, GF, YT) are outside the VAT territory
 * of art. 256-0 (trade with them is export/import). Both fall in `b2b-international`, which reports rather than
 * loses them; revisit when the DGFiP's FAQ settles them.
 */
const FRANCE = 'FR'

export function reportingScope(customer: ReportingCustomer): ReportingScope {
  if (customer.kind === 'individual' || !customer.subjectToVat) return 'b2c'
  return customer.countryCode.toUpperCase() === FRANCE ? 'b2b-domestic' : 'b2b-international'
}

export type ReportingNature = 'goods' | 'services'

/**
 * Where the part's VAT stands:
 * - `french-vat`: French VAT applies, at any rate — 0 % too for an operation exempt in France (CGI art. 261…) or a
 *   seller in franchise en base (art. 293 B): they are within the French VAT's territory, only not charged;
 * - `outside-french-vat`: the place of supply is not France (export, intra-EU delivery of goods, distance sales taxed
 *   in the customer's member State, services taxed where the customer is);
 * - `margin-scheme`: VAT on the margin (second-hand goods, art. 297 A; travel agents, art. 266-1-e).
 */
export type VatTreatment = 'french-vat' | 'outside-french-vat' | 'margin-scheme'

/** One part of a sale: its lines of one nature at one VAT rate, amounts signed as stored (a credit note's < 0). */
export type ReportingVatPart = {
  nature: ReportingNature
  /** Percent, as "20", "5.5", "0". */
  ratePercent: string
  taxExcluded: string
  tax: string
  /** Absent: `french-vat`. */
  treatment?: VatTreatment
}

/** A sales invoice or credit note as e-reporting reads it (the server maps its documents to this). */
export type ReportableSale = {
  /** The document's number ("FA-2026-0042"). */
  number: string
  /** Its date: the transaction's date for the reports. */
  date: IsoDate
  isCreditNote: boolean
  customer: ReportingCustomer
  /** The buyer's VAT (or foreign tax) number, for the unitary reports. */
  buyerVatNumber?: string | null
  parts: readonly ReportingVatPart[]
  /** The organisation opted for VAT on débits when it issued the sale: services' VAT is due at the invoice. */
  vatOnDebits: boolean
  /** The buyer accounts for the VAT (autoliquidation, "Autoliquidation" on the invoice). */
  reverseCharge: boolean
}

/**
 * Operation categories of flux 10 (TT-81): TLB1 goods delivered subject to VAT, TPS1 services subject to VAT, TNT1
 * operations not subject to VAT in France (intra-EU ones included), TMA1 operations under the margin scheme.
 */
export type ReportingCategory = 'TLB1' | 'TPS1' | 'TNT1' | 'TMA1'

/**
 * The category of one part. A sale reverse-charged by its buyer is TNT1: the only such sales reported are to foreign
 * businesses (a French buyer's domestic reverse charge is e-invoiced), whose VAT is due in their country.
 * Doubts: whether operations exempt in France and the sales of a franchise en base seller are TLB1/TPS1 at 0 % (our
 * reading: the categories follow the territory, not whether VAT was charged) or TNT1; whether a margin-scheme sale of
 * goods outside France stays TMA1 (we say TNT1: territory first).
 */
export function reportingCategory(
  part: ReportingVatPart,
  sale: Pick<ReportableSale, 'reverseCharge'>,
): ReportingCategory {
  const treatment = part.treatment ?? 'french-vat'
  if (sale.reverseCharge || treatment === 'outside-french-vat') return 'TNT1'
  if (treatment === 'margin-scheme') return 'TMA1'
  return part.nature === 'goods' ? 'TLB1' : 'TPS1'
}

/** Whether the sale's transaction data is reported (10.1 or 10.3): every sale but to a French taxable business. */
export const reportsTransactions = (sale: Pick<ReportableSale, 'customer'>): boolean =>
  reportingScope(sale.customer) !== 'b2b-domestic'

/**
 * Whether payments received for this part are reported (10.2 or 10.4), CGI art. 290 A: services only, when their VAT
 * is due on receipt (the organisation did not opt for débits), not reverse-charged, and French VAT applies (a
 * service taxed elsewhere makes no French VAT due at its payment). Goods never: their VAT is due at delivery.
 * Doubts: deposits on goods (VAT due at payment since 2023) are not covered by art. 290 A's wording (services); a
 * franchise en base seller charges no VAT yet the cadence of its payment reports is published, so its services at
 * 0 % count; margin-scheme services (travel agents) count as the text does not exclude them.
 */
export function paymentCounts(
  part: ReportingVatPart,
  sale: Pick<ReportableSale, 'vatOnDebits' | 'reverseCharge'>,
): boolean {
  const treatment = part.treatment ?? 'french-vat'
  return part.nature === 'services' && !sale.vatOnDebits && !sale.reverseCharge && treatment !== 'outside-french-vat'
}

/** Whether any payment of the sale is reported: some part counts, and the customer is not a French taxable business. */
export const reportsPayments = (sale: ReportableSale): boolean =>
  reportsTransactions(sale) && sale.parts.some((part) => paymentCounts(part, sale))
