import {
  INVOICE_STATE_IDS,
  type InvoiceInstalments,
  invoiceInstalments,
  type TransferPayingInvoices,
} from '@app/domain'
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { linkedInvoice, linkedTransaction, netToPayByTransfers } from '../../../db/joins'
import { invoices, transactionInvoices, transactions } from '../../../db/schema/index'

/**
 * Where the reading starts: a transfer (what it pays), or invoices (what every transfer paid them). `everyTransfer`
 * reads the later transfers too, the whole chain the links make: what a change of one link can move.
 */
export type InstalmentsAround = { transactionId: number } | { invoiceIds: readonly number[]; everyTransfer?: boolean }

type Turn = { date: string; id: number }

/**
 * What the transfers pay of the invoices (domain invoiceInstalments), read for one transfer or some invoices: what a
 * transfer pays of an invoice depends on what earlier transfers paid it, and, when one of them pays other invoices
 * too, on what those took of it first, and so on. The reading follows the links through the transfers up to the last
 * one that matters (the transfer itself, or the invoices' last), never later ones: they cannot change what an earlier
 * transfer pays. Invoices still drafts pay nothing, as the books say (sources-repo.ts paidInvoices).
 */
export async function instalmentsAround(
  db: DbOrTx,
  organizationId: number,
  around: InstalmentsAround,
): Promise<InvoiceInstalments> {
  const none: InvoiceInstalments = { byTransfer: new Map(), byInvoice: new Map() }
  let last: Turn | null = null
  let frontier: number[]
  if ('transactionId' in around) {
    const [row] = await db
      .select({ date: transactions.datedAt, id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, around.transactionId)))
    if (!row) return none
    last = row
    frontier = (await invoicesOf(db, organizationId, [row.id])).map((link) => link.invoiceId)
  } else frontier = [...new Set(around.invoiceIds)]
  const bounded = !('everyTransfer' in around && around.everyTransfer)

  const seenInvoices = new Set(frontier)
  const seenTransfers = new Set<number>()
  while (frontier.length > 0) {
    const upToLast: SQL | undefined = last
      ? sql`(${transactions.datedAt}, ${transactions.id}) <= (${last.date}::date, ${last.id})`
      : undefined
    const paying = await db
      .selectDistinct({ date: transactions.datedAt, id: transactions.id })
      .from(transactionInvoices)
      .innerJoin(transactions, linkedTransaction)
      .where(
        and(
          eq(transactionInvoices.organizationId, organizationId),
          inArray(transactionInvoices.invoiceId, frontier),
          upToLast,
        ),
      )
      .orderBy(asc(transactions.datedAt), asc(transactions.id))
    // Read from invoices, the invoices' last transfer is the last one that matters.
    if (bounded) last ??= paying.at(-1) ?? null
    const fresh = paying.map((row) => row.id).filter((id) => !seenTransfers.has(id))
    for (const id of fresh) seenTransfers.add(id)
    frontier = []
    for (const link of await invoicesOf(db, organizationId, fresh))
      if (!seenInvoices.has(link.invoiceId)) {
        seenInvoices.add(link.invoiceId)
        frontier.push(link.invoiceId)
      }
  }
  if (seenTransfers.size === 0) return none

  const ids = [...seenTransfers]
  const rows = await db
    .select({ id: transactions.id, date: transactions.datedAt, amount: transactions.amount })
    .from(transactions)
    .where(and(eq(transactions.organizationId, organizationId), inArray(transactions.id, ids)))
  const links = await invoicesOf(db, organizationId, ids)
  const netToPay = new Map(links.map((link) => [link.invoiceId, link.netToPay]))
  const transfers: TransferPayingInvoices[] = rows.map((row) => ({
    ...row,
    invoiceIds: links.filter((link) => link.transactionId === row.id).map((link) => link.invoiceId),
  }))
  return invoiceInstalments(transfers, netToPay)
}

/** The invoices these transfers pay, each transfer's in the order it pays them (the invoices' date, then id). */
function invoicesOf(db: DbOrTx, organizationId: number, transactionIds: readonly number[]) {
  if (transactionIds.length === 0) return Promise.resolve([])
  return db
    .select({
      transactionId: transactionInvoices.transactionId,
      invoiceId: invoices.id,
      // The payments recorded by hand pay first: the bank lines pay what they leave (decision 0034).
      netToPay: netToPayByTransfers,
    })
    .from(transactionInvoices)
    .innerJoin(invoices, linkedInvoice)
    .where(
      and(
        eq(transactionInvoices.organizationId, organizationId),
        inArray(transactionInvoices.transactionId, [...transactionIds]),
        ne(invoices.stateId, INVOICE_STATE_IDS.DRAFT),
      ),
    )
    .orderBy(asc(transactionInvoices.transactionId), asc(invoices.datedAt), asc(invoices.id))
}
