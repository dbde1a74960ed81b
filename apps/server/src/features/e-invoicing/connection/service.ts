// OWNED BY HELPER C (connection). Placeholder with the agreed names.

import type { PlatformClients } from '../platform/client'
import type { EInvoicingDeps } from '../wiring'

export function createEInvoicingConnectionService(_deps: EInvoicingDeps & { platforms: PlatformClients }) {
  return {}
}
export type EInvoicingConnectionService = ReturnType<typeof createEInvoicingConnectionService>
