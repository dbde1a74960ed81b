/**
 * The activity codes of spec/sales.md §8 that the product writes (or will soon write), one name per code. The server
 * records them, the history shows them as sentences (sentences.ts); a code missing here reads as "unknown".
 */
export const ACTIVITY_CODES = {
  invoiceCreated: 'invoice.created',
  invoiceUpdated: 'invoice.updated',
  invoiceStateUpdated: 'invoice.state_updated',
  invoicePaymentDateUpdated: 'invoice.payment_date_updated',
  /** Payload `{ to: string[] }`: the recipients. */
  invoiceMailSent: 'invoice.mail_sent',
  /** The weekly reminder of a late invoice (the platform's); payload `{ to: string[] }`: the customer's address. */
  invoiceReminderSent: 'invoice.reminder_sent',
  /** Payload `{ email?: string }`: who opened it, when known. */
  invoiceMailRead: 'invoice.mail_read',
  /** Payload `{ amount?: string }`: the amount paid online. */
  invoiceCardPaymentPaid: 'invoice.card_payment_paid',
  invoiceCommentAdded: 'invoice.comment_added',
  /**
   * A lifecycle status received from the e-invoicing network (CDAR); payload `{ code, source: 'platform' | 'buyer',
   * party?, reason?, action?, message?, applied }`: who said it, why, and whether it moved the invoice's status.
   */
  invoiceEInvoiceStatus: 'invoice.e_invoice_status',
  /** On an invoice a recurring invoice created; payload `{ subscriptionId, occurrence }` (its date). */
  invoiceGenerated: 'invoice.generated',
  /** On a recurring invoice: payload `{ invoiceId, occurrence }`, the invoice it created for that date. */
  recurringOccurrence: 'invoice.recurring_occurrence',
  /** Payload `{ reason?: 'error', message?: string }` when the platform suspended it by itself. */
  recurringSuspended: 'invoice.recurring_suspended',
  recurringReactivated: 'invoice.recurring_reactivated',
  /** On an occurrence the send option could not issue; payload `{ message }` (e.g. legal information missing). */
  invoiceNotIssued: 'invoice.not_issued',
  quoteCreated: 'quote.created',
  quoteUpdated: 'quote.updated',
  quoteStateUpdated: 'quote.state_updated',
  /** Payload `{ to: string[] }`. */
  quoteMailSent: 'quote.mail_sent',
  quoteMailRead: 'quote.mail_read',
  /** Payload `{ invoiceId, deposit?: true }`: the invoice (final or deposit) made from the quote. */
  quoteToInvoice: 'quote.to_invoice',
  quoteCommentAdded: 'quote.comment_added',
  receiptCommentAdded: 'receipt.comment_added',
  /** A supplier invoice received through the PA became this receipt; payload `{ flowId }`. */
  receiptEInvoiceReceived: 'receipt.e_invoice_received',
  /** The buyer's status sent to the supplier (CDAR); payload `{ code, reason?, message? }`; by the platform for 211. */
  receiptEInvoiceStatus: 'receipt.e_invoice_status',
  transactionCommentAdded: 'transaction.comment_added',
  /**
   * An expense note made (spec/money.md "Activity codes": transaction create expense). On the note: payload
   * `{ sourceTransactionId?, sourceName? }`, the bank line it comes from; on that bank line: `{ expenseNoteId,
   * expenseName }`.
   */
  transactionCreateExpense: 'transaction.create_expense',
  /** A split given categories (or other ones); payload `{ categories: { id, name, code }[] }`. */
  transactionCategorized: 'transaction.categorized',
  /** A split emptied (or left on the holding account only): nothing categorises the transaction any more. */
  transactionUncategorized: 'transaction.uncategorized',
  /** On the transaction: payload `{ receiptId, receiptName }`. */
  transactionAttachReceipt: 'transaction.attach_receipt',
  transactionDetachReceipt: 'transaction.detach_receipt',
  /** On the receipt: payload `{ transactionId, transactionName }`. */
  receiptAttached: 'receipt.attached',
  receiptDetached: 'receipt.detached',
  /** The platform's: a bank line of BIG_TRANSACTION_AMOUNT or more, in or out; payload `{ amount }`. */
  transactionBig: 'transaction.big',
  /** Payload `{ name?: string, amount?: string }`: the item and its new unit price (HT). */
  itemUpdatePrice: 'item.update_price',
  /** Payload `{ name?: string }`. */
  contactCreated: 'contact.created',
  contactUpdated: 'contact.updated',
} as const
export type ActivityCode = (typeof ACTIVITY_CODES)[keyof typeof ACTIVITY_CODES]

const KNOWN: ReadonlySet<string> = new Set(Object.values(ACTIVITY_CODES))

export const isKnownActivityCode = (code: string): code is ActivityCode => KNOWN.has(code)

/** What an activity is about (the `subject_type` of its row). */
export type ActivitySubjectType = 'invoice' | 'quote' | 'receipt' | 'transaction' | 'item' | 'contact'

/** The "comment added" code of each commentable subject. */
export const COMMENT_ADDED_CODES = {
  invoice: ACTIVITY_CODES.invoiceCommentAdded,
  quote: ACTIVITY_CODES.quoteCommentAdded,
  receipt: ACTIVITY_CODES.receiptCommentAdded,
  transaction: ACTIVITY_CODES.transactionCommentAdded,
} as const satisfies Record<string, ActivityCode>
export type CommentableSubjectType = keyof typeof COMMENT_ADDED_CODES

/** Platform names by platform code; "Carnet" when the code is unknown or missing (spec/sales.md §6). */
export const PLATFORM_NAME_FALLBACK = 'Carnet'
const PLATFORM_NAMES: Record<string, string> = { CLASSIC: 'Carnet', POP: 'Carnet Pop' }
export const platformNameOf = (code: string | null | undefined): string =>
  (code ? PLATFORM_NAMES[code] : undefined) ?? PLATFORM_NAME_FALLBACK
