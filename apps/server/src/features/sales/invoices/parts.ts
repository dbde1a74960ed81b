import type {
  DocumentEInvoicingDto,
  DocumentLineDto,
  InvoiceDto,
  InvoiceListItemDto,
  InvoicePaymentDto,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import type { Tenant } from '../../../lib/tenant'
import type { InvoiceRow } from './repo'

/** The detail of an invoice (GET /invoices/{id}), read in the caller's transaction when given; what it already knows is not read again. */
export type InvoiceDetail = (
  tenant: Tenant,
  id: number,
  db?: DbOrTx,
  known?: { lines?: DocumentLineDto[]; creditNotes?: [] },
) => Promise<InvoiceDto>

/**
 * What the invoices call inside their own transactions to reach the plateforme agréée (made by the e-invoicing
 * feature, wired in app.ts): queue the flow of a validated invoice, deposit or credit note, so it exists exactly
 * when the validation does (the outbox pattern).
 */
export type InvoiceNetwork = {
  queueInvoiceWithin(tx: DbOrTx, organizationId: number, invoiceId: number): Promise<void>
  /** How an invoice travels on the network, for its detail; null when it never had a flow. */
  documentEInvoicingOf(db: DbOrTx, organizationId: number, invoiceId: number): Promise<DocumentEInvoicingDto | null>
  /** One Encaissée (212) per payment not told yet of a service invoice under VAT on receipts, in the payment's transaction. */
  queueEncaisseesWithin(
    tx: DbOrTx,
    organizationId: number,
    invoice: InvoiceRow,
    paymentsNow: () => Promise<readonly Pick<InvoicePaymentDto, 'id' | 'transactionId'>[]>,
  ): Promise<void>
  /** The list's badges of a page of invoices, by invoice id. */
  listStatusesOf(
    db: DbOrTx,
    organizationId: number,
    invoiceIds: number[],
  ): Promise<Map<number, NonNullable<InvoiceListItemDto['eInvoiceStatus']>>>
}
