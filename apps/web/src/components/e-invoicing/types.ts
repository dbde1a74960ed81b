import type { LifecycleEventDto } from '@app/domain'

// The e-invoicing parts of the receipt and contact DTOs, as the API's contract states them (decision 0043). They live
// here until the domain's ReceiptDto and ContactDetailDto carry them.

/** GET /receipts/{id} → `eInvoicing`: a supplier invoice received through the network. */
export type ReceivedEInvoiceDto = {
  flowId: string | null
  status: number | null
  statusLabel: string | null
  events: LifecycleEventDto[]
}

/** GET /contacts/{id} → `eInvoicing`: what the directory answered about the customer, and when. */
export type ContactEInvoicingDto = {
  reachable: boolean
  address: string | null
  platform: string | null
  checkedAt: string
}
