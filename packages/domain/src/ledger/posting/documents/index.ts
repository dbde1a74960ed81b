export {
  entriesDependOnTransfers,
  invoiceCustomerOf,
  invoiceEntriesOf,
  type PrintedCustomer,
  type StoredInvoice,
  salesEntryOf,
} from './invoices'
export { paymentEntryOf, type StoredManualPayment } from './manual-payments'
export {
  aloneInstalments,
  type InvoicePaidByLine,
  invoicePaymentsOf,
  movementEntryOf,
  type PaidSales,
  rateAsWritten,
  receiptPaymentsOf,
  type StoredMovement,
  type StoredSplitLine,
  splitLinePart,
} from './movements'
export {
  type PaidPurchase,
  paidPurchaseOf,
  purchaseEntryOf,
  receiptPieceRef,
  receiptVatLinesOf,
  type StoredReceipt,
  typedRateOf,
} from './receipts'
