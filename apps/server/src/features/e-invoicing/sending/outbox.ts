// OWNED BY HELPER D1 (sending). Placeholder with the agreed names.

import type { PlatformClients } from '../platform/client'
import type { EInvoicingDeps } from '../wiring'

export function createEInvoiceOutbox(_deps: EInvoicingDeps & { platforms: PlatformClients }) {
  return {
    /** Sends what is due (queued flows whose next attempt has come); the background worker calls it every 15 s. */
    async sendDue(_now?: Date): Promise<number> {
      return 0
    },
  }
}
export type EInvoiceOutbox = ReturnType<typeof createEInvoiceOutbox>
