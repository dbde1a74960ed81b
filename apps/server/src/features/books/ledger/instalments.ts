import { type InvoiceInstalments, invoiceInstalments, type TransferPayingInvoices } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { createInstalmentsRepo, type Turn } from './instalments-repo'

/**
 * Where the reading starts: a transfer (what it pays), or invoices (what every transfer paid them). `everyTransfer`
 * reads the later transfers too, the whole chain the links make: what a change of one link can move.
 */
export type InstalmentsAround = { transactionId: number } | { invoiceIds: readonly number[]; everyTransfer?: boolean }

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
  const repo = createInstalmentsRepo(db, organizationId)
  let last: Turn | null = null
  let frontier: number[]
  if ('transactionId' in around) {
    const row = await repo.turnOf(around.transactionId)
    if (!row) return none
    last = row
    frontier = (await repo.invoicesOf([row.id])).map((link) => link.invoiceId)
  } else frontier = [...new Set(around.invoiceIds)]
  const bounded = !('everyTransfer' in around && around.everyTransfer)

  const seenInvoices = new Set(frontier)
  const seenTransfers = new Set<number>()
  while (frontier.length > 0) {
    const paying = await repo.paying(frontier, last)
    // Read from invoices, the invoices' last transfer is the last one that matters.
    if (bounded) last ??= paying.at(-1) ?? null
    const fresh = paying.map((row) => row.id).filter((id) => !seenTransfers.has(id))
    for (const id of fresh) seenTransfers.add(id)
    frontier = []
    for (const link of await repo.invoicesOf(fresh))
      if (!seenInvoices.has(link.invoiceId)) {
        seenInvoices.add(link.invoiceId)
        frontier.push(link.invoiceId)
      }
  }
  if (seenTransfers.size === 0) return none

  const ids = [...seenTransfers]
  const rows = await repo.transfers(ids)
  const links = await repo.invoicesOf(ids)
  const netToPay = new Map(links.map((link) => [link.invoiceId, link.netToPay]))
  const transfers: TransferPayingInvoices[] = rows.map((row) => ({
    ...row,
    invoiceIds: links.filter((link) => link.transactionId === row.id).map((link) => link.invoiceId),
  }))
  return invoiceInstalments(transfers, netToPay)
}
