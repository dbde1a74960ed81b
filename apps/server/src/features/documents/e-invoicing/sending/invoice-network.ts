import type { InvoiceNetwork } from '../../../sales/invoices/parts'
import { queueEncaisseesWithin } from './encaissee'
import { queueInvoiceFlowWithin } from './hooks'
import { documentEInvoicingOf, listStatusesOf } from './state'

/** What the invoices ask of the network (sales/invoices/service.ts, wired in app.ts): flows queued, statuses read. */
export const invoiceNetwork: InvoiceNetwork = {
  queueInvoiceWithin: queueInvoiceFlowWithin,
  queueEncaisseesWithin,
  documentEInvoicingOf,
  listStatusesOf,
}
