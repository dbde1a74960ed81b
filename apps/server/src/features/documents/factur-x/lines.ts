import { abs, type DocumentLineDto, LINE_DISCOUNT_DEFAULT_NAME, lineTotals, negate, subtract } from '@app/domain'
import { ALLOWANCE_DISCOUNT, uneceUnitCode } from './codes'
import { compact, isNegativeAmount, isZeroAmount, money, type Node, price, type Sign, text } from './values'
import { type CategoryContext, tradeTax, vatCategory } from './vat'

/**
 * One invoice line (BG-25). The net price (BT-146) can never be negative (BR-27): a line with a negative unit price
 * (a deposit deducted on a final invoice, a credit note line once signed) keeps its net amount and shows a positive
 * price with a negative quantity. A line discount is a line allowance (BG-27), named as a line discount is
 * (spec/sales.md §3: 'Nouvelle remise'), and BT-131 = quantity × price − discount.
 */
export function lineItem(line: DocumentLineDto, index: number, sign: Sign, context: CategoryContext): Node {
  const totals = lineTotals({
    quantity: line.quantity,
    amount: line.amount,
    ratePercent: line.tax.amount,
    discount: line.discount,
  })
  const unitPrice = sign(line.amount)
  const negativePrice = isNegativeAmount(unitPrice)
  const quantity = negativePrice ? negate(line.quantity) : line.quantity
  const gross = sign(totals.gross)
  const net = sign(line.totalTaxExcluded)
  const discount = subtract(gross, net)
  const unitCode = uneceUnitCode(line.unit.code)
  const category = vatCategory(line.tax.amount, context)

  const allowances: Node[] = []
  if (!isZeroAmount(discount)) {
    // A discount on a negative line is negative: written as a charge of the same size, so amounts stay positive.
    const isCharge = isNegativeAmount(discount)
    const percentage = line.discount?.amount ? null : (line.discount?.percentage ?? null)
    allowances.push(
      compact({
        'ram:ChargeIndicator': { 'udt:Indicator': isCharge ? 'true' : 'false' },
        'ram:CalculationPercent': percentage && !isCharge ? percentage : null,
        'ram:BasisAmount': percentage && !isCharge ? money(gross) : null,
        'ram:ActualAmount': money(abs(discount)),
        'ram:ReasonCode': isCharge ? null : ALLOWANCE_DISCOUNT,
        'ram:Reason': LINE_DISCOUNT_DEFAULT_NAME,
      }),
    )
  }

  return {
    'ram:AssociatedDocumentLineDocument': { 'ram:LineID': String(index + 1) },
    'ram:SpecifiedTradeProduct': compact({
      'ram:SellerAssignedID': text(line.reference),
      'ram:Name': text(line.name) ?? '-',
      'ram:Description': text(line.description),
    }),
    'ram:SpecifiedLineTradeAgreement': {
      'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': price(abs(unitPrice)) },
    },
    'ram:SpecifiedLineTradeDelivery': {
      'ram:BilledQuantity': { '@_unitCode': unitCode, '#text': quantity },
    },
    'ram:SpecifiedLineTradeSettlement': compact({
      'ram:ApplicableTradeTax': tradeTax(category),
      'ram:SpecifiedTradeAllowanceCharge': allowances,
      'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': money(net) },
    }),
  }
}
