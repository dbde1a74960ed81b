import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { linkedTransaction } from '../../../db/joins'
import { invoices, journals, transactionInvoices, transactions } from '../../../db/schema/index'

type Link = { organizationId: number; transactionId: number; invoiceId: number }

const linked = (link: Link) =>
  and(
    eq(transactionInvoices.organizationId, link.organizationId),
    eq(transactionInvoices.transactionId, link.transactionId),
    eq(transactionInvoices.invoiceId, link.invoiceId),
  )

export async function findTransfer(db: DbOrTx, organizationId: number, transactionId: number) {
  const [row] = await db
    .select({ id: transactions.id, amount: transactions.amount, datedAt: transactions.datedAt })
    .from(transactions)
    .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, transactionId)))
  return row
}

/** The invoices a transfer is linked to. */
export async function invoiceIdsOfTransfer(tx: DbOrTx, organizationId: number, transactionId: number) {
  const rows = await tx
    .select({ id: transactionInvoices.invoiceId })
    .from(transactionInvoices)
    .where(
      and(eq(transactionInvoices.organizationId, organizationId), eq(transactionInvoices.transactionId, transactionId)),
    )
  return rows.map((row) => row.id)
}

export async function findInvoiceKind(tx: DbOrTx, organizationId: number, invoiceId: number) {
  const [invoice] = await tx
    .select({ isCreditNote: invoices.isCreditNote, isRecurring: invoices.isRecurring })
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
  return invoice
}

export async function findInvoiceToAttach(db: DbOrTx, organizationId: number, invoiceId: number) {
  const [invoice] = await db
    .select({ stateId: invoices.stateId, isCreditNote: invoices.isCreditNote, isRecurring: invoices.isRecurring })
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
  return invoice
}

export async function invoiceExists(db: DbOrTx, organizationId: number, invoiceId: number) {
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
  return invoice !== undefined
}

/** The invoices told as paid: their reference and total, by id. */
export async function paidInvoices(db: DbOrTx, organizationId: number, ids: number[]) {
  return db
    .select({ id: invoices.id, reference: invoices.reference, totalTaxIncluded: invoices.totalTaxIncluded })
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, ids)))
    .orderBy(asc(invoices.id))
}

export async function hasLink(db: DbOrTx, link: Link) {
  const [row] = await db.select({ one: sql`1` }).from(transactionInvoices).where(linked(link))
  return row !== undefined
}

export async function insertLink(tx: DbOrTx, link: Link) {
  await tx.insert(transactionInvoices).values(link)
}

export async function deleteLink(tx: DbOrTx, link: Link) {
  await tx.delete(transactionInvoices).where(linked(link))
}

/** The transfers linked to an invoice, with their account's name, oldest first. */
export async function transfersOfInvoice(db: DbOrTx, organizationId: number, invoiceId: number) {
  return db
    .select({
      id: transactions.id,
      name: transactions.name,
      datedAt: transactions.datedAt,
      amount: transactions.amount,
      journalName: journals.name,
    })
    .from(transactionInvoices)
    .innerJoin(transactions, linkedTransaction)
    .innerJoin(
      journals,
      and(eq(journals.organizationId, transactions.organizationId), eq(journals.id, transactions.journalId)),
    )
    .where(and(eq(transactionInvoices.organizationId, organizationId), eq(transactionInvoices.invoiceId, invoiceId)))
    .orderBy(asc(transactions.datedAt), asc(transactions.id))
}
