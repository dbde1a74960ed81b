import { compare, messages } from '@app/domain'
import { rate } from './values'

/**
 * VAT categories (UNTDID 5305) of our rates. EN 16931 allows one VAT breakdown per category and rate, and our
 * documents have one base per rate (documents/totals.ts), so each rate maps to one category:
 * - a rate above 0: S (standard rate);
 * - 0 % at a tax-free organisation (franchise en base): E, exemption reason "TVA non applicable, art. 293 B du CGI",
 *   code VATEX-FR-FRANCHISE;
 * - 0 % at a VAT payer: E as well. Its base holds the disbursements (débours, outside the VAT base: art. 267 II 2° du
 *   CGI, art. 79 c of directive 2006/112/EC, hence VATEX-EU-79-C when they are all there is at 0 %) and the lines at
 *   the "exempt or out of scope" tax, whose exact ground (export, intra-EU supply, art. 261…) we do not record: those
 *   get a generic exemption text without a code. O ("not subject") is not usable for débours: BR-O-11…14 forbid any
 *   other category on an invoice that has O. K, G, AE would need data we do not have (the legal ground).
 */
export type VatCategory = {
  code: 'S' | 'E'
  /** "20.00", "0.00". */
  rate: string
  exemptionReason: string | null
  exemptionReasonCode: string | null
}

export type CategoryContext = {
  taxFree: boolean
  /** True when the VAT payer's 0 % base holds only disbursements (no line at 0 %). */
  zeroRateIsOnlyDisbursements: boolean
}

export const EXEMPTION_DISBURSEMENT = 'Débours (art. 267 II 2° du CGI)'
export const EXEMPTION_GENERIC = 'Exonération de TVA'

export function vatCategory(ratePercent: string, context: CategoryContext): VatCategory {
  if (context.taxFree) {
    return {
      code: 'E',
      rate: rate('0'),
      exemptionReason: messages.documents.taxFreeMention,
      exemptionReasonCode: 'VATEX-FR-FRANCHISE',
    }
  }
  if (compare(ratePercent, 0) > 0)
    return { code: 'S', rate: rate(ratePercent), exemptionReason: null, exemptionReasonCode: null }
  return context.zeroRateIsOnlyDisbursements
    ? { code: 'E', rate: rate('0'), exemptionReason: EXEMPTION_DISBURSEMENT, exemptionReasonCode: 'VATEX-EU-79-C' }
    : { code: 'E', rate: rate('0'), exemptionReason: EXEMPTION_GENERIC, exemptionReasonCode: null }
}

/** The element CII puts on a line or an allowance/charge: the category and rate only (BG-30, BG-21, BG-20). */
export const tradeTax = (category: VatCategory) => ({
  'ram:TypeCode': 'VAT',
  'ram:CategoryCode': category.code,
  'ram:RateApplicablePercent': category.rate,
})
