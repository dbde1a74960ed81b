import {
  add,
  INVOICE_STATE_IDS,
  type MileageDetail,
  paidByTransfers,
  RECEIPT_STATE_IDS,
  type StoredMovement,
  type StoredSplitLine,
} from '@app/domain'
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { idsParam, inIds } from '../../../db/ids'
import { linkedInvoice, netToPayByTransfers, paidByHand } from '../../../db/joins'
import { jsonRows } from '../../../db/json-rows'
import {
  accountingEntries,
  contacts,
  countries,
  invoiceLines,
  invoicePayments,
  invoices,
  journals,
  journalTypes,
  organizations,
  receipts,
  receiptTransactions,
  transactionAllocations,
  transactionInvoices,
  transactions,
} from '../../../db/schema/index'
import { type InstalmentsAround, instalmentsAround } from './instalments'

/** Rows grouped by a key, each group in the rows' order. */
function groupBy<Row, Key>(rows: readonly Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>()
  for (const row of rows) {
    const key = keyOf(row)
    const group = groups.get(key)
    if (group) group.push(row)
    else groups.set(key, [row])
  }
  return groups
}

/** A bank line as its posting reads it, with its journal: the domain's StoredMovement. */
type BankLineRow = StoredMovement['transaction']

/** A part of a bank line's split, with its category's account and its VAT. */
type AllocationForLedger = StoredSplitLine & { transactionId: number; mileage: MileageDetail | null }

/** The bulk reading behind `transactions` (sources-repo): lines by id with what their posting reads, as JSON. */
async function transactionsForLedger(db: DbOrTx, organizationId: number, ids: readonly number[]) {
  const rows =
    ids.length === 0
      ? []
      : await jsonRows<BankLineRow>(
          db,
          sql`select t.id, t.name, t.dated_at as "datedAt", t.amount::text as amount, t.reference,
              j.code as "journalCode", j.name as "journalName", j.account_code as "journalAccountCode",
              jt.code as "journalTypeCode"
            from transactions t
            join journals j on j.organization_id = t.organization_id and j.id = t.journal_id
            join journal_types jt on jt.id = j.journal_type_id
            where t.organization_id = ${organizationId} and t.id = any(${idsParam(ids)})`,
        )
  const present = rows.map((row) => row.id)
  const allocations =
    present.length === 0
      ? []
      : await jsonRows<AllocationForLedger>(
          db,
          sql`select a.transaction_id as "transactionId", a.name, a.amount::text as amount,
              a.tax_amount::text as "taxAmount", e.code as "accountCode", e.name as "accountLabel",
              x.amount::text as "ratePercent", x.account_code as "taxAccountCode", a.mileage
            from transaction_allocations a
            join accounting_entries e on e.id = a.accounting_entry_id
            join taxes x on x.id = a.tax_id
            where a.organization_id = ${organizationId} and a.transaction_id = any(${idsParam(present)})
            order by a.transaction_id, a.position`,
        )
  const paidInvoices = await db
    .select({
      transactionId: transactionInvoices.transactionId,
      id: invoices.id,
      reference: invoices.reference,
      contactId: invoices.contactId,
      customer: invoices.customer,
      name: invoices.name,
      // What the bank lines pay of it: what the payments recorded by hand left (decision 0034).
      amount: netToPayByTransfers,
      paidByHand,
      totalTaxIncluded: invoices.totalTaxIncluded,
    })
    .from(transactionInvoices)
    .innerJoin(invoices, linkedInvoice)
    .where(
      and(
        eq(transactionInvoices.organizationId, organizationId),
        inIds(transactionInvoices.transactionId, present),
        ne(invoices.stateId, INVOICE_STATE_IDS.DRAFT),
      ),
    )
    .orderBy(asc(invoices.datedAt), asc(invoices.id))
  // The validated receipts the line may pay, in their order as invoices are (expected.ts decides which post).
  const paidReceipts = await db
    .select({ transactionId: receiptTransactions.transactionId, id: receipts.id })
    .from(receiptTransactions)
    .innerJoin(
      receipts,
      and(
        eq(receipts.organizationId, receiptTransactions.organizationId),
        eq(receipts.id, receiptTransactions.receiptId),
      ),
    )
    .where(
      and(
        eq(receiptTransactions.organizationId, organizationId),
        inIds(receiptTransactions.transactionId, present),
        eq(receipts.stateId, RECEIPT_STATE_IDS.VALIDATED),
      ),
    )
    .orderBy(asc(receipts.datedAt), asc(receipts.id))
  const allocationsOf = groupBy(allocations, (allocation) => allocation.transactionId)
  const invoicesOf = groupBy(paidInvoices, (invoice) => invoice.transactionId)
  const receiptsOf = groupBy(paidReceipts, (receipt) => receipt.transactionId)
  return new Map(
    rows.map((row) => [
      row.id,
      {
        transaction: row,
        allocations: (allocationsOf.get(row.id) ?? []).map(({ transactionId: _, ...allocation }) => allocation),
        paidInvoices: (invoicesOf.get(row.id) ?? []).map(({ transactionId: _, ...invoice }) => invoice),
        paidReceipts: (receiptsOf.get(row.id) ?? []).map((receipt) => receipt.id),
      },
    ]),
  )
}

// What the posting of every invoice reads: their SQL built once (db/compiled.ts).
const fiscalStartOf = compiled('posting_fiscal_start', (db) =>
  db
    .select({ fiscalYearStartedAt: organizations.fiscalYearStartedAt })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('organizationId'))),
)
const issuedInvoice = compiled('posting_invoice', (db) =>
  db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, sql.placeholder('organizationId')),
        eq(invoices.id, sql.placeholder('id')),
        ne(invoices.stateId, INVOICE_STATE_IDS.DRAFT),
      ),
    ),
)
const transfersOf = compiled('posting_invoice_transfers', (db) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(transactionInvoices)
    .where(
      and(
        eq(transactionInvoices.organizationId, sql.placeholder('organizationId')),
        eq(transactionInvoices.invoiceId, sql.placeholder('id')),
      ),
    ),
)
const invoiceLinesOf = compiled('posting_invoice_lines', (db) =>
  db
    .select({
      type: invoiceLines.type,
      totalTaxExcluded: invoiceLines.totalTaxExcluded,
      ratePercent: invoiceLines.ratePercent,
      depositInvoiceId: invoiceLines.depositInvoiceId,
    })
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.organizationId, sql.placeholder('organizationId')),
        eq(invoiceLines.invoiceId, sql.placeholder('id')),
      ),
    )
    .orderBy(asc(invoiceLines.position)),
)
const countryOf = compiled('posting_country', (db) =>
  db
    .select({ code: countries.code, isEu: countries.isEu })
    .from(countries)
    .where(eq(countries.id, sql.placeholder('countryId'))),
)
const paymentsByHandOf = compiled('posting_invoice_payments', (db) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.organizationId, sql.placeholder('organizationId')),
        eq(invoicePayments.invoiceId, sql.placeholder('id')),
      ),
    ),
)

/** What the posting reads of the documents: the rows as stored, nothing computed again (decision 0024). */
export function createLedgerSourcesRepo(db: DbOrTx) {
  return {
    async organization(organizationId: number) {
      const [row] = await fiscalStartOf(db, { organizationId })
      return row ?? null
    },

    /** A validated (or later) invoice or credit note with its lines; null for a draft or a missing one. */
    async invoice(organizationId: number, id: number) {
      const [row] = await issuedInvoice(db, { organizationId, id })
      if (!row || row.reference === null) return null
      const [paidBy] = await transfersOf(db, { organizationId, id })
      const lines = await invoiceLinesOf(db, { organizationId, id })
      // The customer's country as printed on the document: a sale at 0 % abroad is an export or an intra-EU supply.
      const countryId = row.customer?.billingAddress?.countryId
      const [customerCountry] = countryId ? await countryOf(db, { countryId }) : []
      // Payments recorded by hand post their own entries (source 'payment'); an invoice that has some leaves them
      // the VAT its transfers did not make due (expected.ts).
      const [byHand] = await paymentsByHandOf(db, { organizationId, id })
      return {
        invoice: row,
        lines,
        manualPayments: Number(byHand?.count ?? 0),
        paidByTransactions: Number(paidBy?.count ?? 0),
        customerCountry: customerCountry ?? null,
      }
    },

    /**
     * A payment recorded by hand and not reconciled with a bank line (decision 0034), with its invoice and what was
     * paid of that invoice before it: its bank lines (instalments), then the payments by hand before it (date, id).
     * Null once reconciled, deleted, or when its invoice is not in the books.
     */
    async payment(organizationId: number, id: number) {
      const [row] = await db
        .select()
        .from(invoicePayments)
        .where(and(eq(invoicePayments.organizationId, organizationId), eq(invoicePayments.id, id)))
      if (!row || row.transactionId !== null) return null
      const invoice = await this.invoice(organizationId, row.invoiceId)
      if (!invoice) return null
      const earlier = await db
        .select({ total: sql<string>`coalesce(sum(${invoicePayments.amount}), 0)::text` })
        .from(invoicePayments)
        .where(
          and(
            eq(invoicePayments.organizationId, organizationId),
            eq(invoicePayments.invoiceId, row.invoiceId),
            isNull(invoicePayments.transactionId),
            sql`(${invoicePayments.paidAt}, ${invoicePayments.id}) < (${row.paidAt}::date, ${row.id})`,
          ),
        )
      const instalments = await instalmentsAround(db, organizationId, { invoiceIds: [row.invoiceId] })
      return {
        payment: row,
        invoice,
        paidBefore: add(paidByTransfers(instalments, row.invoiceId), earlier[0]?.total ?? '0'),
      }
    },

    async transaction(organizationId: number, id: number) {
      return (await this.transactions(organizationId, [id])).get(id) ?? null
    },

    /**
     * Bank, cash and expense lines with what their posting reads (journal, split, invoices and validated receipts they
     * pay), by id: four queries whatever their number, so that an import posts its lines as a set.
     */
    transactions: (organizationId: number, ids: readonly number[]) => transactionsForLedger(db, organizationId, ids),

    /**
     * A validated receipt with its supplier, the lines it is attached to (in the order they were attached, with their
     * journal's type) and the category of the first one's largest split line; null when it is not validated.
     */
    async receipt(organizationId: number, id: number) {
      const [row] = await db
        .select({
          id: receipts.id,
          reference: receipts.reference,
          datedAt: receipts.datedAt,
          taxExcluded: receipts.taxExcluded,
          taxAmount: receipts.taxAmount,
          taxIncluded: receipts.taxIncluded,
          vatLines: receipts.vatLines,
          contactId: receipts.contactId,
          supplierName: contacts.name,
        })
        .from(receipts)
        .leftJoin(
          contacts,
          and(eq(contacts.organizationId, receipts.organizationId), eq(contacts.id, receipts.contactId)),
        )
        .where(
          and(
            eq(receipts.organizationId, organizationId),
            eq(receipts.id, id),
            eq(receipts.stateId, RECEIPT_STATE_IDS.VALIDATED),
          ),
        )
      if (!row) return null
      const lines = await db
        .select({ id: receiptTransactions.transactionId, journalTypeCode: journalTypes.code })
        .from(receiptTransactions)
        .innerJoin(
          transactions,
          and(
            eq(transactions.organizationId, receiptTransactions.organizationId),
            eq(transactions.id, receiptTransactions.transactionId),
          ),
        )
        .innerJoin(
          journals,
          and(eq(journals.organizationId, transactions.organizationId), eq(journals.id, transactions.journalId)),
        )
        .innerJoin(journalTypes, eq(journalTypes.id, journals.journalTypeId))
        .where(and(eq(receiptTransactions.organizationId, organizationId), eq(receiptTransactions.receiptId, id)))
        .orderBy(asc(receiptTransactions.createdAt), asc(receiptTransactions.transactionId))
      const first = lines[0]
      const [category] = first
        ? await db
            .select({ code: accountingEntries.code, label: accountingEntries.name })
            .from(transactionAllocations)
            .innerJoin(accountingEntries, eq(accountingEntries.id, transactionAllocations.accountingEntryId))
            .where(
              and(
                eq(transactionAllocations.organizationId, organizationId),
                eq(transactionAllocations.transactionId, first.id),
              ),
            )
            .orderBy(desc(sql`abs(${transactionAllocations.amount})`), asc(transactionAllocations.position))
            .limit(1)
        : []
      return { receipt: row, lines, category: category ?? null }
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
      const receiptRows = await db
        .select({ id: receipts.id })
        .from(receipts)
        .where(and(eq(receipts.organizationId, organizationId), eq(receipts.stateId, RECEIPT_STATE_IDS.VALIDATED)))
      const paymentRows = await db
        .select({ id: invoicePayments.id })
        .from(invoicePayments)
        .where(and(eq(invoicePayments.organizationId, organizationId), isNull(invoicePayments.transactionId)))
      return {
        invoice: invoiceRows.map((r) => r.id),
        payment: paymentRows.map((r) => r.id),
        transaction: transactionRows.map((r) => r.id),
        receipt: receiptRows.map((r) => r.id),
      }
    },

    /** What the transfers pay of the invoices around a transfer or some invoices (instalments.ts). */
    instalments: (organizationId: number, around: InstalmentsAround) => instalmentsAround(db, organizationId, around),

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
export type InvoiceForLedger = NonNullable<Awaited<ReturnType<LedgerSourcesRepo['invoice']>>>
export type ReceiptForLedger = NonNullable<Awaited<ReturnType<LedgerSourcesRepo['receipt']>>>
export type PaymentForLedger = NonNullable<Awaited<ReturnType<LedgerSourcesRepo['payment']>>>
export type TransactionForLedger = NonNullable<Awaited<ReturnType<LedgerSourcesRepo['transaction']>>>
