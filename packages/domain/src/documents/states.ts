import type { InvoiceStateCode, QuoteStateCode } from '../reference/ids'

/**
 * The actions of spec/sales.md §4, one table per document kind. The server refuses with 409 what the table
 * refuses; the web hides or disables it. Nothing else decides which action is allowed.
 */
export const INVOICE_ACTIONS = [
  'edit',
  'validate',
  'delete',
  'markAsSent',
  'markAsPaid',
  /** A payment recorded by hand (part of what is left to pay), and its removal. */
  'recordPayment',
  'removePayment',
  'changePaymentDate',
  'paidPdf',
  'markAsPending',
  'sendByEmail',
  'resend',
  'share',
  'partialCreditNote',
  'totalCreditNote',
  'duplicate',
  'createRecurring',
] as const
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number]

export type InvoiceForActions = {
  stateCode: InvoiceStateCode
  isCreditNote: boolean
  hasContact: boolean
  linesCount: number
  /** What remains to credit (TTC): no credit note once the invoice is fully credited. */
  remainingToCredit?: string
  /** A recurring invoice is a model, never numbered nor sent: its own actions are recurrence/status.ts's. */
  isRecurring?: boolean
}

const RECURRING_INVOICE_ACTIONS: readonly InvoiceAction[] = ['edit', 'delete', 'duplicate']

const isIn = <T extends string>(value: T, values: readonly T[]) => values.includes(value)

/** Whether `action` is allowed on the invoice right now. Plan gates (recurring = premium) are checked apart. */
export function canInvoice(action: InvoiceAction, invoice: InvoiceForActions): boolean {
  if (invoice.isRecurring) return RECURRING_INVOICE_ACTIONS.includes(action)
  const state = invoice.stateCode
  const creditable =
    !invoice.isCreditNote &&
    !isIn(state, ['DRAFT', 'CANCELED']) &&
    (invoice.remainingToCredit === undefined || Number(invoice.remainingToCredit) > 0)
  switch (action) {
    case 'edit':
    case 'delete':
      return state === 'DRAFT'
    case 'validate':
      return state === 'DRAFT' && invoice.hasContact && invoice.linesCount > 0
    case 'markAsSent':
      return state === 'VALIDATED' && !invoice.isCreditNote
    case 'markAsPaid':
      return isIn(state, ['VALIDATED', 'PENDING', 'LATE'])
    case 'recordPayment':
      return !invoice.isCreditNote && isIn(state, ['VALIDATED', 'PENDING', 'LATE'])
    case 'removePayment':
      return !invoice.isCreditNote && isIn(state, ['VALIDATED', 'PENDING', 'LATE', 'PAID'])
    case 'changePaymentDate':
    case 'paidPdf':
    case 'markAsPending':
      return state === 'PAID'
    case 'sendByEmail':
      // "Envoyer par e-mail": the first sending of a validated document (an invoice then becomes PENDING).
      return state === 'VALIDATED'
    case 'resend':
      return isIn(state, ['PENDING', 'PAID', 'LATE'])
    case 'share':
      // A public link shows a numbered document only.
      return state !== 'DRAFT'
    case 'partialCreditNote':
    case 'totalCreditNote':
      return creditable
    case 'duplicate':
      return true
    case 'createRecurring':
      return !invoice.isCreditNote
  }
}

export const invoiceActions = (invoice: InvoiceForActions): InvoiceAction[] =>
  INVOICE_ACTIONS.filter((action) => canInvoice(action, invoice))

/** The state an invoice action leads to, for the actions that change it. */
export const INVOICE_ACTION_TARGET: Partial<Record<InvoiceAction, InvoiceStateCode>> = {
  validate: 'VALIDATED',
  markAsSent: 'PENDING',
  markAsPaid: 'PAID',
  markAsPending: 'PENDING',
  totalCreditNote: 'CANCELED',
}

export const QUOTE_ACTIONS = [
  'edit',
  'validate',
  'delete',
  'markAsSent',
  'sendByEmail',
  'resend',
  'share',
  'win',
  'lose',
  'changeState',
  'toInvoice',
  'deposit',
  'duplicate',
] as const
export type QuoteAction = (typeof QUOTE_ACTIONS)[number]

export type QuoteForActions = {
  stateCode: QuoteStateCode
  hasContact: boolean
  linesCount: number
  /** The final invoice made from the quote, if any: no second conversion, no more deposits. */
  hasFinalInvoice: boolean
  /** A quote that has had its reference keeps it: deleting it would leave a gap in the quote numbers. */
  isNumbered?: boolean
  /** The final invoice waits until every deposit invoice is validated. */
  hasDraftDeposits?: boolean
}

export function canQuote(action: QuoteAction, quote: QuoteForActions): boolean {
  const state = quote.stateCode
  switch (action) {
    case 'edit':
      return isIn(state, ['DRAFT', 'NEGO'])
    case 'delete':
      return state === 'DRAFT' && !quote.isNumbered
    case 'validate':
      return state === 'DRAFT' && quote.hasContact
    case 'markAsSent':
    case 'sendByEmail':
      return state === 'VALIDATED'
    case 'resend':
      return isIn(state, ['SENT', 'WON', 'LOST'])
    case 'share':
      return state !== 'DRAFT'
    case 'win':
    case 'lose':
      return isIn(state, ['SENT', 'NEGO'])
    case 'changeState':
      return quote.hasContact
    case 'toInvoice':
      return quote.hasContact && quote.linesCount > 0 && !quote.hasFinalInvoice && !quote.hasDraftDeposits
    case 'deposit':
      return quote.hasContact && quote.linesCount > 0 && !quote.hasFinalInvoice
    case 'duplicate':
      return true
  }
}

export const quoteActions = (quote: QuoteForActions): QuoteAction[] =>
  QUOTE_ACTIONS.filter((action) => canQuote(action, quote))

export const QUOTE_ACTION_TARGET: Partial<Record<QuoteAction, QuoteStateCode>> = {
  validate: 'VALIDATED',
  markAsSent: 'SENT',
  win: 'WON',
  lose: 'LOST',
}
