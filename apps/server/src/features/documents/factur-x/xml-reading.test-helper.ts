import { negate } from '@app/domain'
import { XMLParser } from 'fast-xml-parser'
import { expect } from 'vitest'

/** Reading our CII XML back in the tests: the figures a validator and an accountant look at. */
export const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
})
export const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value]
const textOf = (value: unknown) =>
  String(typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['#text'] : value)

/** BT-3, BT-109, BT-110, BT-112, BT-115 and the VAT breakdown (BT-116/117 by rate) as the XML says them. */
export function readXml(xml: string) {
  const root = parser.parse(xml).CrossIndustryInvoice
  const settlement = root.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement
  const sums = settlement.SpecifiedTradeSettlementHeaderMonetarySummation
  return {
    typeCode: String(root.ExchangedDocument.TypeCode),
    lines: asArray(root.SupplyChainTradeTransaction.IncludedSupplyChainTradeLineItem).length,
    totalTaxExcluded: textOf(sums.TaxBasisTotalAmount),
    totalTaxes: textOf(sums.TaxTotalAmount),
    totalTaxIncluded: textOf(sums.GrandTotalAmount),
    amount: textOf(sums.DuePayableAmount),
    vat: asArray(settlement.ApplicableTradeTax).map((tax: Record<string, unknown>) => ({
      rate: textOf(tax.RateApplicablePercent),
      base: textOf(tax.BasisAmount),
      tax: textOf(tax.CalculatedAmount),
      category: textOf(tax.CategoryCode),
    })),
    referenced: asArray(settlement.InvoiceReferencedDocument).map((ref: Record<string, unknown>) =>
      textOf(ref.IssuerAssignedID),
    ),
    notes: asArray(root.ExchangedDocument.IncludedNote).map((note: Record<string, unknown>) =>
      String(note.SubjectCode ?? ''),
    ),
  }
}

type Dto = {
  totalTaxExcluded: string
  totalTaxes: string
  totalTaxIncluded: string
  amount: string
  isCreditNote: boolean
  vatBreakdown: { ratePercent: string; taxExcluded: string; taxAmount: string }[]
}

/** The XML totals are the invoice's, to the cent (a credit note's shown positive, as type 381 wants). */
export function expectSameTotals(xml: string, dto: Dto) {
  const shown = (amount: string) => (dto.isCreditNote ? negate(amount) : amount)
  const cents = (amount: string) => Number(shown(amount)).toFixed(2)
  const read = readXml(xml)
  expect({
    totalTaxExcluded: read.totalTaxExcluded,
    totalTaxes: read.totalTaxes,
    totalTaxIncluded: read.totalTaxIncluded,
    amount: read.amount,
    vat: read.vat.map(({ rate, base, tax }) => ({ rate: Number(rate), base, tax })),
  }).toEqual({
    totalTaxExcluded: cents(dto.totalTaxExcluded),
    totalTaxes: cents(dto.totalTaxes),
    totalTaxIncluded: cents(dto.totalTaxIncluded),
    amount: cents(dto.amount),
    vat: dto.vatBreakdown.map((entry) => ({
      rate: Number(entry.ratePercent),
      base: cents(entry.taxExcluded),
      tax: cents(entry.taxAmount),
    })),
  })
  return read
}
