// OWNED BY HELPER D2 (intake). Placeholder with the agreed names.

import type { PlatformClients } from '../platform/client'
import type { EInvoiceOutbox } from '../sending/outbox'
import type { EInvoicingDeps } from '../wiring'

export function createEInvoiceIntake(_deps: EInvoicingDeps & { platforms: PlatformClients; outbox: EInvoiceOutbox }) {
  return {
    /** Asks every connected PA for the flows updated since the last time (the fallback of the webhook). */
    async pollDue(_now?: Date): Promise<number> {
      return 0
    },
  }
}
export type EInvoiceIntake = ReturnType<typeof createEInvoiceIntake>
