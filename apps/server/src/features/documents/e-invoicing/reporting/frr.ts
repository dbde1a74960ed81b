import {
  type AggregatedPayment,
  type AggregatedTransaction,
  type PaymentRateAmount,
  type PeriodFigures,
  toCents,
  type UnitaryPayment,
  type UnitaryTransaction,
} from '@app/domain'
import { XMLBuilder } from 'fast-xml-parser'
import { compact, type Node, text } from '../../factur-x/values'
import { date102, instant204 } from '../cdar/syntax'

/**
 * The e-reporting file (flux 10, flow syntax FRR) a company hands its PA: the DGFiP's `Report` with its header
 * (`ReportDocument`) and one block, `TransactionsReport` (10.1 invoices to businesses abroad, 10.3 B2C days) or
 * `PaymentsReport` (10.2, 10.4). Element names follow the public mappings of the DGFiP's final format; where they say
 * nothing, test-kits/e-reporting/README.md gives our reading, and test-kits/e-reporting/frr.xsd checks the result.
 */

export type FrrInput = {
  figures: PeriodFigures
  period: { start: string; end: string }
  /** Unique id of this report (the lead passes the flow's tracking id, ≤ 64 chars). */
  documentId: string
  issuedAt: string
  issuer: { siren: string; name: string; vatNumber: string | null }
  /** A correction of an earlier report of the same period: its documentId. */
  corrects: string | null
}

/** The reporting company: SIREN (scheme 0002), role SE (seller). */
export const SCHEME_SIREN = '0002'
export const ROLE_SELLER = 'SE'
/** TT-4: first transmission of a period, or a corrective one. */
export const TYPE_INITIAL = 'IN'
export const TYPE_CORRECTIVE = 'RE'
/** UNTDID 1001: invoice, credit note. */
export const TYPE_INVOICE = '380'
export const TYPE_CREDIT_NOTE = '381'
const EUR = 'EUR'

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
})

const vat = (vatNumber: string | null): Node | null =>
  vatNumber ? { '@_qualifyingId': 'VAT', '#text': vatNumber.replace(/\s+/g, '').toUpperCase() } : null

/** 10.3: one group per day × category × rate, as the domain totals them (its count of documents is per rate). */
function transactionsGroup(line: AggregatedTransaction): Node {
  return {
    Date: date102(line.date),
    TransactionsCurrency: EUR,
    CategoryCode: line.category,
    TaxExclusiveAmount: toCents(line.taxExcluded),
    TaxTotal: toCents(line.tax),
    TransactionsCount: String(line.operations),
    TaxSubtotal: {
      TaxPercent: toCents(line.ratePercent),
      TaxableAmount: toCents(line.taxExcluded),
      TaxTotal: toCents(line.tax),
    },
  }
}

/** 10.1: an invoice or credit note to a business abroad, amounts signed as the domain gives them. */
function reportedInvoice(sale: UnitaryTransaction): Node {
  return {
    ID: sale.number,
    IssueDate: date102(sale.date),
    TypeCode: sale.isCreditNote ? TYPE_CREDIT_NOTE : TYPE_INVOICE,
    CurrencyCode: EUR,
    Buyer: compact({
      TaxRegistrationId: vat(sale.buyerVatNumber),
      PostalAddress: { CountryId: sale.buyerCountryCode.toUpperCase() },
    }),
    MonetaryTotal: {
      TaxBasisTotalAmount: toCents(sale.taxExcluded),
      TaxAmount: toCents(sale.tax),
      GrandTotalAmount: toCents(sale.taxIncluded),
    },
    TaxSubTotal: sale.rates.map((rate) => ({
      TaxableAmount: toCents(rate.taxExcluded),
      TaxTotal: toCents(rate.tax),
      TaxPercent: toCents(rate.ratePercent),
      CategoryCode: rate.category,
    })),
  }
}

const subTotals = (rates: readonly PaymentRateAmount[]): Node[] =>
  rates.map((rate) => ({ TaxPercent: toCents(rate.ratePercent), CurrencyCode: EUR, Amount: toCents(rate.amount) }))

/** 10.2: a payment from a business abroad, under the invoice it settles. */
const paidInvoice = (payment: UnitaryPayment): Node => ({
  InvoiceID: payment.invoiceNumber,
  IssueDate: date102(payment.invoiceDate),
  Payment: { Date: date102(payment.date), SubTotals: subTotals(payment.rates) },
})

/** 10.4: one group per day, its receipts per rate (the domain's lines, in their order). */
function paidDays(lines: readonly AggregatedPayment[]): Node[] {
  const days = new Map<string, AggregatedPayment[]>()
  for (const line of lines) days.set(line.date, [...(days.get(line.date) ?? []), line])
  return [...days].map(([date, rates]) => ({ Payment: { Date: date102(date), SubTotals: subTotals(rates) } }))
}

function reportBlock(input: FrrInput): Record<string, Node> {
  const { figures, period } = input
  const ReportPeriod = { StartDate: date102(period.start), EndDate: date102(period.end) }
  if (figures.kind === 'transactions')
    return {
      TransactionsReport: compact({
        ReportPeriod,
        Invoice: figures.unitary.map(reportedInvoice),
        Transactions: figures.aggregated.map(transactionsGroup),
      }),
    }
  return {
    PaymentsReport: compact({
      ReportPeriod,
      Invoice: figures.unitary.map(paidInvoice),
      Transactions: paidDays(figures.aggregated),
    }),
  }
}

/** What the schema would refuse and the caller can still fix, said before any XML is written. */
function checkBuildable(input: FrrInput): void {
  const fail = (why: string) => {
    throw new Error(`Fichier d'e-reporting ${input.documentId} : ${why}`)
  }
  if (!/^\d{9}$/.test(input.issuer.siren)) fail('le SIREN de l’entreprise est invalide.')
  if (!text(input.issuer.name)) fail('le nom de l’entreprise manque.')
  if (!input.documentId.trim() || input.documentId.length > 64) fail('l’identifiant doit faire de 1 à 64 caractères.')
  if (input.corrects !== null && (!input.corrects.trim() || input.corrects.length > 64))
    fail('l’identifiant du fichier corrigé doit faire de 1 à 64 caractères.')
  if (input.period.start > input.period.end) fail('la période se termine avant de commencer.')
  if (input.figures.aggregated.length === 0 && input.figures.unitary.length === 0) fail('rien à transmettre.')
}

/**
 * The FRR file of one period's figures: UTF-8 XML, dates YYYYMMDD, the issue instant YYYYMMDDHHMMSS (UTC), amounts
 * with two decimals (credit notes and refunds negative, as the domain nets them). A correction (`corrects`) is of
 * type RE and names the report it replaces. Throws (French) for input the schema would refuse.
 */
export function buildFrr(input: FrrInput): string {
  checkBuildable(input)
  const ReportDocument = compact({
    Id: input.documentId,
    IssueDateTime: { DateTimeString: instant204(input.issuedAt) },
    TypeCode: input.corrects ? TYPE_CORRECTIVE : TYPE_INITIAL,
    References: input.corrects ? { ReportId: input.corrects } : null,
    Issuer: compact({
      Id: { '@_schemeId': SCHEME_SIREN, '#text': input.issuer.siren },
      Name: text(input.issuer.name)?.slice(0, 200),
      TaxRegistrationId: vat(input.issuer.vatNumber),
      RoleCode: ROLE_SELLER,
    }),
  })
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Report: { ReportDocument, ...reportBlock(input) },
  }) as string
}

/** The file's name: company, kind and period, e.g. e-reporting-732829320-transactions-2026-11-01-2026-11-10.xml. */
export function frrFileName(input: Pick<FrrInput, 'figures' | 'period' | 'issuer'>): string {
  const safe = (value: string) => value.replace(/[^\w-]/g, '').slice(0, 40)
  const { figures, period, issuer } = input
  return `e-reporting-${safe(issuer.siren)}-${figures.kind}-${safe(period.start)}-${safe(period.end)}.xml`
}
