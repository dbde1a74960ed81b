import {
  abs,
  compare,
  type DocumentTotals,
  documentTotals,
  formatPercentFr,
  type InvoicePrint,
  isZero,
  sum,
} from '@app/domain'
import {
  ALLOWANCE_DISCOUNT,
  CHARGE_DELIVERY,
  currencyCode,
  PAYMENT_SEPA_TRANSFER,
  PAYMENT_TRANSFER,
  VAT_DUE_ON_INVOICE,
  VAT_DUE_ON_PAYMENT,
} from './codes'
import { compact, date102, money, type Node, type Sign, text } from './values'
import { type CategoryContext, tradeTax, vatCategory } from './vat'

/** BG-16 payment instructions, BG-20/21 document allowances and charges, BG-23 VAT breakdown, BG-22 totals. */

/** The document's totals recomputed from its DTO, for the parts the DTO does not spell out (discount per rate). */
export function totalsOf(print: InvoicePrint): DocumentTotals {
  const doc = print.document
  return documentTotals({
    lines: doc.lines.map((line) => ({
      quantity: line.quantity,
      amount: line.amount,
      ratePercent: line.tax.amount,
      discount: line.discount,
    })),
    discount: doc.discount,
    deliveryFees: doc.deliveryFees,
    disbursement: doc.disbursement,
    taxFree: doc.taxFree,
  })
}

/** Whether the VAT payer's 0 % base is made of disbursements only (see vat.ts for the category it gets). */
export function categoryContext(print: InvoicePrint): CategoryContext {
  const doc = print.document
  return {
    taxFree: doc.taxFree,
    zeroRateIsOnlyDisbursements: !doc.lines.some((line) => compare(line.tax.amount, 0) === 0),
  }
}

/**
 * BG-20 (allowances: the global discount, one per VAT rate, as documentTotals spread it) and BG-21 (charges:
 * delivery fees at 20 %, or 0 % when tax-free; disbursements at 0 %, category E — see vat.ts).
 */
export function documentAllowancesAndCharges(
  print: InvoicePrint,
  totals: DocumentTotals,
  sign: Sign,
  context: CategoryContext,
) {
  const doc = print.document
  const discountLabel =
    !doc.discount?.amount && doc.discount?.percentage
      ? `Remise de ${formatPercentFr(doc.discount.percentage)}`
      : 'Remise'
  const entries: { isCharge: boolean; amount: string; node: Node }[] = []
  const push = (isCharge: boolean, stored: string, ratePercent: string, reasonCode: string | null, reason: string) => {
    const shown = sign(stored)
    // A negative allowance is written as a charge of the same size (and the reverse): amounts in BG-20/21 stay positive.
    const flipped = compare(shown, 0) < 0
    const charge = flipped ? !isCharge : isCharge
    const amount = abs(shown)
    entries.push({
      isCharge: charge,
      amount,
      node: compact({
        'ram:ChargeIndicator': { 'udt:Indicator': charge ? 'true' : 'false' },
        'ram:ActualAmount': money(amount),
        'ram:ReasonCode': flipped ? null : reasonCode,
        'ram:Reason': text(reason),
        'ram:CategoryTradeTax': tradeTax(vatCategory(ratePercent, context)),
      }),
    })
  }
  for (const part of totals.discountByRate)
    push(false, part.amount, part.ratePercent, ALLOWANCE_DISCOUNT, discountLabel)
  if (!isZero(totals.deliveryFees)) {
    push(true, totals.deliveryFees, doc.taxFree ? '0' : '20', CHARGE_DELIVERY, 'Frais de livraison')
  }
  if (!isZero(totals.disbursement)) push(true, totals.disbursement, '0', null, 'Débours')
  return {
    nodes: entries.map((entry) => entry.node),
    /** BT-107 and BT-108, as the XML shows them. */
    allowanceTotal: sum(entries.filter((entry) => !entry.isCharge).map((entry) => entry.amount)),
    chargeTotal: sum(entries.filter((entry) => entry.isCharge).map((entry) => entry.amount)),
    hasAllowances: entries.some((entry) => !entry.isCharge),
    hasCharges: entries.some((entry) => entry.isCharge),
  }
}

/** BG-23, one entry per rate of the document's own breakdown (the DTO's: a final invoice's VAT is settled there). */
export function vatBreakdown(print: InvoicePrint, sign: Sign, context: CategoryContext): Node[] {
  const doc = print.document
  return doc.vatBreakdown.map((entry) => {
    const category = vatCategory(entry.ratePercent, context)
    // BT-8: VAT due when paid (services without the option for debits) or at the invoice date (option taken).
    const dueDateTypeCode =
      category.code === 'S' && doc.nature !== 'GOODS'
        ? doc.vatOnDebits
          ? VAT_DUE_ON_INVOICE
          : VAT_DUE_ON_PAYMENT
        : null
    return compact({
      'ram:CalculatedAmount': money(sign(entry.taxAmount)),
      'ram:TypeCode': 'VAT',
      'ram:ExemptionReason': category.exemptionReason,
      'ram:BasisAmount': money(sign(entry.taxExcluded)),
      'ram:CategoryCode': category.code,
      'ram:ExemptionReasonCode': category.exemptionReasonCode,
      'ram:DueDateTypeCode': dueDateTypeCode,
      'ram:RateApplicablePercent': category.rate,
    })
  })
}

/** The active modes the XML can name: a transfer needs the payee's IBAN (BR-61), so without one it is left out. */
function usableModes(print: InvoicePrint) {
  const { modes, iban } = print.payment
  return modes.filter(
    (mode) => !(mode.untdidCode === PAYMENT_SEPA_TRANSFER || mode.untdidCode === PAYMENT_TRANSFER) || Boolean(iban),
  )
}

/**
 * BG-16. EN 16931 has one payment means per invoice (CII-SR-467/468: every SpecifiedTradeSettlementPaymentMeans
 * would need the same code and text), so the XML names the first usable active mode (the transfer first, with IBAN
 * BT-84 and BIC BT-86); the other accepted modes are listed in the payment terms (BT-20). Credit notes carry none.
 */
export function paymentMeans(print: InvoicePrint): Node[] {
  if (print.document.isCreditNote) return []
  const mode = usableModes(print)[0]
  if (!mode) return []
  const { iban, bic, accountName } = print.payment
  const isTransfer = mode.untdidCode === PAYMENT_SEPA_TRANSFER || mode.untdidCode === PAYMENT_TRANSFER
  return [
    compact({
      'ram:TypeCode': mode.untdidCode,
      'ram:Information': text(mode.name),
      'ram:PayeePartyCreditorFinancialAccount': isTransfer
        ? compact({ 'ram:IBANID': iban?.replace(/\s/g, ''), 'ram:AccountName': text(accountName) })
        : null,
      'ram:PayeeSpecifiedCreditorFinancialInstitution':
        isTransfer && text(bic) ? { 'ram:BICID': text(bic) as string } : null,
    }),
  ]
}

/**
 * BT-20 (the terms sentence, then the accepted payment modes) and BT-9; the due date never precedes the issue date
 * (BR-FR-CO-07), except for an invoice already paid at issue, whose due date is the day it was paid (`paidAt`).
 */
export function paymentTerms(print: InvoicePrint, paidAt: string | null = null): Node {
  const doc = print.document
  const due = paidAt ?? (doc.paymentLimitAt < doc.datedAt ? doc.datedAt : doc.paymentLimitAt)
  const modes = doc.isCreditNote ? [] : usableModes(print).map((mode) => mode.name)
  const sentences = [
    print.paymentTerms
      ? `${print.paymentTerms.startsWith('Paiement') ? print.paymentTerms : `Paiement à ${print.paymentTerms}`}.`
      : null,
    modes.length > 0 ? `Moyens de paiement acceptés : ${modes.join(', ')}.` : null,
  ].filter((sentence): sentence is string => sentence !== null)
  return compact({
    'ram:Description': text(sentences.join(' ')),
    'ram:DueDateDateTime': date102(due),
  })
}

/**
 * The day an invoice already paid at issue was paid: BR-FR-CO-09 wants it as the due date (BT-9) of a B2/S2/M2
 * invoice. The day it was paid in full, else its last payment's, else its own date (paid on the spot).
 */
export function paidAtIssue(print: InvoicePrint): string {
  const doc = print.document
  const days = doc.payments.map((payment) => payment.paidAt).sort()
  return doc.paymentDateAt ?? days[days.length - 1] ?? doc.datedAt
}

export const invoiceCurrency = (print: InvoicePrint) => currencyCode(print.document.currencyId)
