import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../../db/client'
import { eInvoiceFlows } from '../../../../db/schema/index'

/** Whether a receipt is referenced by a flow (the invoice it came in, a status sent about it): it must stay. */
export async function receivedByNetwork(db: DbOrTx, organizationId: number, receiptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: eInvoiceFlows.id })
    .from(eInvoiceFlows)
    .where(and(eq(eInvoiceFlows.organizationId, organizationId), eq(eInvoiceFlows.receiptId, receiptId)))
    .limit(1)
  return row !== undefined
}
