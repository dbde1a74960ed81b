/** What the API answers about the e-invoicing network (decision 0043). */

/** One electronic invoicing address of the directory (scheme 0225): SIREN, SIREN_SIRET, with routing code or suffix. */
export type DirectoryAddressDto = {
  /** The address as the directory writes it, e.g. "732829320", "732829320_73282932000074", "732829320_ACHATS". */
  address: string
  siren: string
  siret: string | null
  routingCode: string | null
  suffix: string | null
  /** The PA that receives for it, when the directory says. */
  platform: string | null
}

/** GET /e-invoicing/directory?siren=: whether a company can receive e-invoices, and where. */
export type DirectoryLookupDto = {
  siren: string
  name: string | null
  reachable: boolean
  addresses: DirectoryAddressDto[]
}

/** GET /e-invoicing/connection. The client secret is never answered. */
export type EInvoicingConnectionDto = {
  connected: boolean
  flowUrl: string | null
  directoryUrl: string | null
  tokenUrl: string | null
  clientId: string | null
  platformOrganizationId: string | null
  hasClientSecret: boolean
  /** The organisation's addresses in the directory (read through the PA when connected). */
  addresses: DirectoryAddressDto[]
  receivingAddress: string | null
  connectedAt: string | null
  connectedBy: string | null
  lastCheckedAt: string | null
  /** Whether the PA calls Carnet back (webhook subscribed); otherwise Carnet asks it every few minutes. */
  webhookActive: boolean
}

export type LifecycleEventSource = 'platform' | 'buyer' | 'seller'

/** One lifecycle status of a document, as received or sent. */
export type LifecycleEventDto = {
  code: number
  label: string
  source: LifecycleEventSource
  reason: string | null
  reasonLabel: string | null
  message: string | null
  action: string | null
  actionLabel: string | null
  occurredAt: string
}

/**
 * How a sales document travels: through the network (`network`) or by e-mail to a customer outside the directory
 * (`email`, counted for e-reporting). `delivery` is the outbox's state of the flow.
 */
export type DocumentEInvoicingDto = {
  channel: 'network' | 'email'
  delivery: 'queued' | 'sent' | 'failed' | 'skipped'
  flowId: string | null
  trackingId: string | null
  /** The attempts so far and the last error, in French, while the PA has not taken it. */
  attempts: number
  lastError: string | null
  status: number | null
  statusLabel: string | null
  events: LifecycleEventDto[]
}
