import type { DbOrTx } from '../../../db/client'
import type { PlatformClients } from '../platform/client'
import type { EInvoicingDeps } from '../wiring'
import { type QueuedFlowInput, queueFlow } from './queue'
import type { FlowRow } from './repo'

export type { QueuedFlowInput } from './queue'

/**
 * The outbox of the e-invoicing network (decision 0043): flows are written in the transaction that causes them, then
 * sent by `sendDue` (the background worker, every 15 s).
 */
export function createEInvoiceOutbox(deps: EInvoicingDeps & { platforms: PlatformClients }) {
  return {
    /**
     * Queues an outgoing flow (a CDAR status, an e-reporting file) inside the caller's transaction: stores the file,
     * computes its sha256 and gives it a tracking id. Sent by the next `sendDue`.
     */
    queueFlow: (tx: DbOrTx, input: QueuedFlowInput): Promise<FlowRow> => queueFlow(deps.storage, tx, input),

    /** Sends what is due (queued flows whose next attempt has come); the background worker calls it every 15 s. */
    async sendDue(_now?: Date): Promise<number> {
      return 0
    },
  }
}
export type EInvoiceOutbox = ReturnType<typeof createEInvoiceOutbox>
