import type { AllowanceChargeFields, LineFields } from './fields'
import { all, attribute, first, text } from './xml'

/**
 * BG-25 invoice lines and BG-20 / BG-21 document allowances and charges, in both syntaxes, as written: they are read
 * for the readable view only, the totals and the VAT breakdown being what the books take.
 */

/** ram:IncludedSupplyChainTradeLineItem, each under the ram:SupplyChainTradeTransaction. */
export function ciiLines(transaction: unknown): LineFields[] {
  return all(transaction, 'IncludedSupplyChainTradeLineItem').map((item) => {
    const product = first(item, 'SpecifiedTradeProduct')
    const price = first(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice')
    const quantity = first(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity')
    const settlement = first(item, 'SpecifiedLineTradeSettlement')
    const tax = first(settlement, 'ApplicableTradeTax')
    return {
      id: text(first(item, 'AssociatedDocumentLineDocument', 'LineID')),
      name: text(first(product, 'Name')),
      description: text(first(product, 'Description')),
      quantity: text(quantity),
      unitCode: attribute(quantity, 'unitCode'),
      netUnitPrice: text(first(price, 'ChargeAmount')),
      priceBaseQuantity: text(first(price, 'BasisQuantity')),
      netAmount: text(first(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount')),
      vatCategoryCode: text(first(tax, 'CategoryCode')),
      vatRatePercent: text(first(tax, 'RateApplicablePercent')),
    }
  })
}

/** cac:InvoiceLine or cac:CreditNoteLine, whose quantity is cbc:InvoicedQuantity or cbc:CreditedQuantity. */
export function ublLines(root: unknown, kind: 'invoice' | 'credit-note'): LineFields[] {
  const [lineName, quantityName] =
    kind === 'invoice' ? ['InvoiceLine', 'InvoicedQuantity'] : ['CreditNoteLine', 'CreditedQuantity']
  return all(root, lineName).map((line) => {
    const item = first(line, 'Item')
    const tax = first(item, 'ClassifiedTaxCategory')
    const quantity = first(line, quantityName)
    return {
      id: text(first(line, 'ID')),
      name: text(first(item, 'Name')),
      description: text(first(item, 'Description')),
      quantity: text(quantity),
      unitCode: attribute(quantity, 'unitCode'),
      netUnitPrice: text(first(line, 'Price', 'PriceAmount')),
      priceBaseQuantity: text(first(line, 'Price', 'BaseQuantity')),
      netAmount: text(first(line, 'LineExtensionAmount')),
      vatCategoryCode: text(first(tax, 'ID')),
      vatRatePercent: text(first(tax, 'Percent')),
    }
  })
}

/** ram:SpecifiedTradeAllowanceCharge of the header settlement (a line's own are inside its line). */
export function ciiAllowancesCharges(settlement: unknown): AllowanceChargeFields[] {
  return all(settlement, 'SpecifiedTradeAllowanceCharge').map((entry) => {
    const tax = first(entry, 'CategoryTradeTax')
    return {
      indicator: text(first(entry, 'ChargeIndicator', 'Indicator')),
      amount: text(first(entry, 'ActualAmount')),
      reason: text(first(entry, 'Reason')),
      reasonCode: text(first(entry, 'ReasonCode')),
      vatCategoryCode: text(first(tax, 'CategoryCode')),
      vatRatePercent: text(first(tax, 'RateApplicablePercent')),
    }
  })
}

/** cac:AllowanceCharge children of the document itself (a line's, or a price's, are further down). */
export function ublAllowancesCharges(root: unknown): AllowanceChargeFields[] {
  return all(root, 'AllowanceCharge').map((entry) => {
    const tax = first(entry, 'TaxCategory')
    return {
      indicator: text(first(entry, 'ChargeIndicator')),
      amount: text(first(entry, 'Amount')),
      reason: text(first(entry, 'AllowanceChargeReason')),
      reasonCode: text(first(entry, 'AllowanceChargeReasonCode')),
      vatCategoryCode: text(first(tax, 'ID')),
      vatRatePercent: text(first(tax, 'Percent')),
    }
  })
}
