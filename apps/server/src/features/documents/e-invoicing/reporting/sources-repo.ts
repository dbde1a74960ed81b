import { cashSaleLineKind, INVOICE_STATE_IDS, type IsoDate } from '@app/domain'
import { and, asc, between, eq, inArray, isNotNull, ne, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../../../db/client'
import { linkedTransaction } from '../../../../db/joins'
import {
  accountingEntries,
  countries,
  invoiceLines,
  invoicePayments,
  invoices,
  journals,
  journalTypes,
  salesSettings,
  taxes,
  transactionAllocations,
  transactionInvoices,
  transactions,
} from '../../../../db/schema/index'

export type DateRange = { from: IsoDate; to: IsoDate }

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const row of rows) {
    const group = groups.get(keyOf(row))
    if (group) group.push(row)
    else groups.set(keyOf(row), [row])
  }
  return groups
}

/** The cash-sales journals' type (decision 0022): their transactions are the takings over the counter. */
const CASH_SALES_JOURNAL_TYPE = 'ES'

/**
 * What e-reporting reads of the books, as stored: the validated sales documents with their lines, the invoices paid
 * in a range, and the cash sales. Nothing is computed here (sources.ts maps, the domain decides).
 */
export function createReportingSourcesRepo(db: DbOrTx) {
  /** Invoices, deposit invoices and credit notes that were validated (a number, not a draft, not a recurring model). */
  async function documents(organizationId: number, which: SQL | undefined) {
    const validated = and(
      eq(invoices.organizationId, organizationId),
      ne(invoices.stateId, INVOICE_STATE_IDS.DRAFT),
      isNotNull(invoices.reference),
      eq(invoices.isRecurring, false),
      which,
    )
    const rows = await db
      .select({
        id: invoices.id,
        reference: invoices.reference,
        datedAt: invoices.datedAt,
        isCreditNote: invoices.isCreditNote,
        isDeposit: invoices.isDeposit,
        vatOnDebits: invoices.vatOnDebits,
        taxFree: invoices.taxFree,
        customer: invoices.customer,
        deliveryFees: invoices.deliveryFees,
        disbursement: invoices.disbursement,
        vatBreakdown: invoices.vatBreakdown,
      })
      .from(invoices)
      .where(validated)
      .orderBy(asc(invoices.datedAt), asc(invoices.id))
    if (rows.length === 0) return []
    // The same documents' lines by the same condition: a year of invoices makes no list of ids to send.
    const lines = await db
      .select({
        invoiceId: invoiceLines.invoiceId,
        type: invoiceLines.type,
        totalTaxExcluded: invoiceLines.totalTaxExcluded,
        ratePercent: invoiceLines.ratePercent,
        depositInvoiceId: invoiceLines.depositInvoiceId,
      })
      .from(invoiceLines)
      .innerJoin(
        invoices,
        and(eq(invoices.organizationId, invoiceLines.organizationId), eq(invoices.id, invoiceLines.invoiceId)),
      )
      .where(validated)
      .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position))
    const linesOf = groupBy(lines, (line) => line.invoiceId)
    // The customer's country as the document printed its billing address.
    const countryIds = [...new Set(rows.flatMap((row) => row.customer?.billingAddress?.countryId ?? []))]
    const codes =
      countryIds.length === 0
        ? []
        : await db
            .select({ id: countries.id, code: countries.code })
            .from(countries)
            .where(inArray(countries.id, countryIds))
    const codeOf = new Map(codes.map((country) => [country.id, country.code]))
    return rows.map((row) => {
      const countryId = row.customer?.billingAddress?.countryId
      return {
        ...row,
        reference: row.reference ?? '',
        countryCode: countryId ? (codeOf.get(countryId) ?? null) : null,
        lines: linesOf.get(row.id) ?? [],
      }
    })
  }

  return {
    /** The validated sales documents dated within the range. */
    documentsDated: (organizationId: number, range: DateRange) =>
      documents(organizationId, between(invoices.datedAt, range.from, range.to)),

    /** Some validated sales documents, by id (the invoices of payments, wherever they are dated). */
    documentsOf: (organizationId: number, ids: readonly number[]) =>
      ids.length === 0 ? Promise.resolve([]) : documents(organizationId, inArray(invoices.id, [...ids])),

    /**
     * The invoices something paid within the range: a payment recorded by hand dated in it, or a bank line attached
     * to them dated in it (what a line pays of each is the books' instalments, read by paymentsOf).
     */
    async paidWithin(organizationId: number, range: DateRange): Promise<number[]> {
      const byHand = await db
        .selectDistinct({ id: invoicePayments.invoiceId })
        .from(invoicePayments)
        .where(
          and(
            eq(invoicePayments.organizationId, organizationId),
            between(invoicePayments.paidAt, range.from, range.to),
          ),
        )
      const byBank = await db
        .selectDistinct({ id: transactionInvoices.invoiceId })
        .from(transactionInvoices)
        .innerJoin(transactions, linkedTransaction)
        .where(
          and(
            eq(transactionInvoices.organizationId, organizationId),
            between(transactions.datedAt, range.from, range.to),
          ),
        )
      return [...new Set([...byHand, ...byBank].map((row) => row.id))].sort((a, b) => a - b)
    },

    /** The cash sales dated within the range, with their "Vente" lines (account, rate, amount TTC and VAT). */
    async cashSalesDated(organizationId: number, range: DateRange) {
      const cashSalesJournal = and(
        eq(journals.organizationId, transactions.organizationId),
        eq(journals.id, transactions.journalId),
      )
      const dated = and(
        eq(transactions.organizationId, organizationId),
        eq(journalTypes.code, CASH_SALES_JOURNAL_TYPE),
        between(transactions.datedAt, range.from, range.to),
      )
      const sales = await db
        .select({ id: transactions.id, reference: transactions.reference, datedAt: transactions.datedAt })
        .from(transactions)
        .innerJoin(journals, cashSalesJournal)
        .innerJoin(journalTypes, eq(journalTypes.id, journals.journalTypeId))
        .where(dated)
        .orderBy(asc(transactions.datedAt), asc(transactions.id))
      if (sales.length === 0) return []
      const lines = await db
        .select({
          transactionId: transactionAllocations.transactionId,
          name: transactionAllocations.name,
          accountCode: accountingEntries.code,
          ratePercent: taxes.amount,
          amount: transactionAllocations.amount,
          taxAmount: transactionAllocations.taxAmount,
        })
        .from(transactionAllocations)
        .innerJoin(
          transactions,
          and(
            eq(transactions.organizationId, transactionAllocations.organizationId),
            eq(transactions.id, transactionAllocations.transactionId),
          ),
        )
        .innerJoin(journals, cashSalesJournal)
        .innerJoin(journalTypes, eq(journalTypes.id, journals.journalTypeId))
        .innerJoin(accountingEntries, eq(accountingEntries.id, transactionAllocations.accountingEntryId))
        .innerJoin(taxes, eq(taxes.id, transactionAllocations.taxId))
        .where(dated)
        .orderBy(asc(transactionAllocations.transactionId), asc(transactionAllocations.position))
      const linesOf = groupBy(
        lines.filter((line) => cashSaleLineKind(line.name) === 'sale'),
        (line) => line.transactionId,
      )
      return sales.map((sale) => ({ ...sale, lines: linesOf.get(sale.id) ?? [] }))
    },

    /** The organisation's option for VAT on débits today (no sales settings yet: not opted). */
    async vatOnDebits(organizationId: number): Promise<boolean> {
      const [row] = await db
        .select({ vatOnDebits: salesSettings.vatOnDebits })
        .from(salesSettings)
        .where(eq(salesSettings.organizationId, organizationId))
      return row?.vatOnDebits ?? false
    },
  }
}

export type ReportingSourcesRepo = ReturnType<typeof createReportingSourcesRepo>
