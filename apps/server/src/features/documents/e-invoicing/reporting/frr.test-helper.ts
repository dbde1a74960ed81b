import type {
  AggregatedPayment,
  AggregatedTransaction,
  PaymentRateAmount,
  PeriodFigures,
  ReportingCategory,
  UnitaryPayment,
  UnitaryTransaction,
} from '@app/domain'
import { reportingRate, sum, toCents } from '@app/domain'
import { child, children, readXmlTree, textAt, type XmlElement } from '../cdar/xml-tree'
import { TYPE_CREDIT_NOTE } from './frr'

/**
 * What an FRR file says, read back into the domain's shapes, so a test can compare it with what was built. The
 * 10.2 block names the invoice, not its buyer: its payments come back without buyerCountryCode/buyerVatNumber. Rates
 * come back in the domain's canonical form ("20", "5.5").
 */
export type ReadFrr = {
  documentId: string
  typeCode: string
  corrects: string | null
  issuer: { siren: string; name: string; vatNumber: string | null }
  period: { start: string; end: string }
  figures: PeriodFigures
}

const must = (parent: XmlElement | undefined, ...path: string[]): string => {
  const value = textAt(parent, ...path)
  if (value === null) throw new Error(`FRR: ${path.join('/')} missing`)
  return value
}
const day = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`
const rates = (payment: XmlElement | undefined): PaymentRateAmount[] =>
  children(payment, 'SubTotals').map((s) => ({
    ratePercent: reportingRate(must(s, 'TaxPercent')),
    amount: must(s, 'Amount'),
  }))

function transactions(report: XmlElement): PeriodFigures {
  const aggregated = children(report, 'Transactions').map(
    (group): AggregatedTransaction => ({
      date: day(must(group, 'Date')),
      category: must(group, 'CategoryCode') as ReportingCategory,
      ratePercent: reportingRate(must(group, 'TaxSubtotal', 'TaxPercent')),
      taxExcluded: must(group, 'TaxExclusiveAmount'),
      tax: must(group, 'TaxTotal'),
      operations: Number(must(group, 'TransactionsCount')),
    }),
  )
  const unitary = children(report, 'Invoice').map(
    (invoice): UnitaryTransaction => ({
      number: must(invoice, 'ID'),
      date: day(must(invoice, 'IssueDate')),
      isCreditNote: must(invoice, 'TypeCode') === TYPE_CREDIT_NOTE,
      buyerCountryCode: must(invoice, 'Buyer', 'PostalAddress', 'CountryId'),
      buyerVatNumber: textAt(invoice, 'Buyer', 'TaxRegistrationId'),
      rates: children(invoice, 'TaxSubTotal').map((rate) => ({
        category: must(rate, 'CategoryCode') as ReportingCategory,
        ratePercent: reportingRate(must(rate, 'TaxPercent')),
        taxExcluded: must(rate, 'TaxableAmount'),
        tax: must(rate, 'TaxTotal'),
      })),
      taxExcluded: must(invoice, 'MonetaryTotal', 'TaxBasisTotalAmount'),
      tax: must(invoice, 'MonetaryTotal', 'TaxAmount'),
      taxIncluded: must(invoice, 'MonetaryTotal', 'GrandTotalAmount'),
    }),
  )
  return { kind: 'transactions', aggregated, unitary }
}

function payments(report: XmlElement): PeriodFigures {
  const aggregated = children(report, 'Transactions', 'Payment').flatMap((payment): AggregatedPayment[] =>
    rates(payment).map((rate) => ({ date: day(must(payment, 'Date')), ...rate })),
  )
  const unitary = children(report, 'Invoice').map((invoice) => {
    const payment = child(invoice, 'Payment')
    const paid = rates(payment)
    return {
      date: day(must(payment, 'Date')),
      invoiceNumber: must(invoice, 'InvoiceID'),
      invoiceDate: day(must(invoice, 'IssueDate')),
      rates: paid,
      amount: toCents(sum(paid.map((rate) => rate.amount))),
    } as UnitaryPayment
  })
  return { kind: 'payments', aggregated, unitary }
}

export function readFrr(xml: string): ReadFrr {
  const root = readXmlTree(xml)
  if (root.name !== 'Report') throw new Error(`FRR: root ${root.name} is not Report`)
  const header = child(root, 'ReportDocument')
  const transactionsReport = child(root, 'TransactionsReport')
  const report = transactionsReport ?? child(root, 'PaymentsReport')
  if (!report) throw new Error('FRR: no TransactionsReport nor PaymentsReport')
  return {
    documentId: must(header, 'Id'),
    typeCode: must(header, 'TypeCode'),
    corrects: textAt(header, 'References', 'ReportId'),
    issuer: {
      siren: must(header, 'Issuer', 'Id'),
      name: must(header, 'Issuer', 'Name'),
      vatNumber: textAt(header, 'Issuer', 'TaxRegistrationId'),
    },
    period: {
      start: day(must(report, 'ReportPeriod', 'StartDate')),
      end: day(must(report, 'ReportPeriod', 'EndDate')),
    },
    figures: transactionsReport ? transactions(report) : payments(report),
  }
}
