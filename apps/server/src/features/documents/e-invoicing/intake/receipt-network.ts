import type { ReceiptNetwork } from '../../../money/receipts/service'
import { receiptsEInvoicing } from './events'
import { queuePaymentSent } from './payment-sent'
import { receivedByNetwork } from './receipt-guard'

/** What the receipts ask of the network (money/receipts/service.ts, wired in app.ts): received invoices kept and told. */
export const receiptNetwork: ReceiptNetwork = { receivedByNetwork, receiptsEInvoicing, queuePaymentSent }
