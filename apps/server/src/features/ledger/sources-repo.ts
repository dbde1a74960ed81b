import { INVOICE_STATE_IDS } from '@app/domain'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import {
  accountingEntries,
  invoiceLines,
  invoices,
  journals,
  journalTypes,
  organizations,
  taxes,
  transactionAllocations,
  transactionInvoices,
  transactions,
} from '../../db/schema/index'

/** What the posting reads of the documents: the rows as stored, nothing computed again (decision 0024). */
export function createLedgerSourcesRepo(db: DbOrTx) {
  return {
    async organization(organizationId: number) {
      const [row] = await db
        .select({ fiscalYearStartedAt: organizations.fiscalYearStartedAt })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      return row ?? null
    },

    /** A validated (or later) invoice or credit note with its lines; null for a draft or a missing one. */
    async invoice(organizationId: number, id: number) {
      const [row] = await db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            eq(invoices.id, id),
            ne(invoices.stateId, INVOICE_STATE_IDS.DRAFT),
          ),
        )
      if (!row || row.reference === null) return null
      const [paidBy] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(transactionInvoices)
        .where(and(eq(transactionInvoices.organizationId, organizationId), eq(transactionInvoices.invoiceId, id)))
      const lines = await db
        .select({
          type: invoiceLines.type,
          totalTaxExcluded: invoiceLines.totalTaxExcluded,
          ratePercent: invoiceLines.ratePercent,
          depositInvoiceId: invoiceLines.depositInvoiceId,
        })
        .from(invoiceLines)
        .where(and(eq(invoiceLines.organizationId, organizationId), eq(invoiceLines.invoiceId, id)))
        .orderBy(asc(invoiceLines.position))
      return { invoice: row, lines, paidByTransactions: Number(paidBy?.count ?? 0) }
    },

    async transaction(organizationId: number, id: number) {
      const [row] = await db
        .select({
          id: transactions.id,
          name: transactions.name,
          datedAt: transactions.datedAt,
          amount: transactions.amount,
          reference: transactions.reference,
          journalCode: journals.code,
          journalName: journals.name,
          journalAccountCode: journals.accountCode,
          journalTypeCode: journalTypes.code,
        })
        .from(transactions)
        .innerJoin(
          journals,
          and(eq(journals.organizationId, transactions.organizationId), eq(journals.id, transactions.journalId)),
        )
        .innerJoin(journalTypes, eq(journalTypes.id, journals.journalTypeId))
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, id)))
      if (!row) return null
      const allocations = await db
        .select({
          name: transactionAllocations.name,
          amount: transactionAllocations.amount,
          taxAmount: transactionAllocations.taxAmount,
          accountCode: accountingEntries.code,
          accountLabel: accountingEntries.name,
          ratePercent: taxes.amount,
          taxAccountCode: taxes.accountCode,
          mileage: transactionAllocations.mileage,
        })
        .from(transactionAllocations)
        .innerJoin(accountingEntries, eq(accountingEntries.id, transactionAllocations.accountingEntryId))
        .innerJoin(taxes, eq(taxes.id, transactionAllocations.taxId))
        .where(
          and(eq(transactionAllocations.organizationId, organizationId), eq(transactionAllocations.transactionId, id)),
        )
        .orderBy(asc(transactionAllocations.position))
      const paidInvoices = await db
        .select({
          id: invoices.id,
          reference: invoices.reference,
          contactId: invoices.contactId,
          customer: invoices.customer,
          name: invoices.name,
          amount: invoices.amount,
          totalTaxIncluded: invoices.totalTaxIncluded,
        })
        .from(transactionInvoices)
        .innerJoin(
          invoices,
          and(
            eq(invoices.organizationId, transactionInvoices.organizationId),
            eq(invoices.id, transactionInvoices.invoiceId),
          ),
        )
        .where(
          and(
            eq(transactionInvoices.organizationId, organizationId),
            eq(transactionInvoices.transactionId, id),
            ne(invoices.stateId, INVOICE_STATE_IDS.DRAFT),
          ),
        )
        .orderBy(asc(invoices.datedAt), asc(invoices.id))
      return { transaction: row, allocations, paidInvoices }
    },

    /** Every source of the organisation, for the rebuild. */
    async sourceIds(organizationId: number) {
      const invoiceRows = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), ne(invoices.stateId, INVOICE_STATE_IDS.DRAFT)))
      const transactionRows = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.organizationId, organizationId))
      return { invoice: invoiceRows.map((r) => r.id), transaction: transactionRows.map((r) => r.id) }
    },

    /** The transactions that paid these invoices (an invoice's reference or customer feeds their entries). */
    async transactionsPaying(organizationId: number, invoiceIds: readonly number[]) {
      if (invoiceIds.length === 0) return []
      const rows = await db
        .select({ id: transactionInvoices.transactionId })
        .from(transactionInvoices)
        .where(
          and(
            eq(transactionInvoices.organizationId, organizationId),
            inArray(transactionInvoices.invoiceId, [...invoiceIds]),
          ),
        )
      return rows.map((r) => r.id)
    },
  }
}

export type LedgerSourcesRepo = ReturnType<typeof createLedgerSourcesRepo>
export type TransactionForLedger = NonNullable<Awaited<ReturnType<LedgerSourcesRepo['transaction']>>>
export type InvoiceForLedger = NonNullable<Awaited<ReturnType<LedgerSourcesRepo['invoice']>>>
