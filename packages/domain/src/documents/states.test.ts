import { describe, expect, it } from 'vitest'
import type { InvoiceStateCode, QuoteStateCode } from '../reference/ids'
import {
  canInvoice,
  canQuote,
  INVOICE_ACTION_TARGET,
  INVOICE_ACTIONS,
  type InvoiceAction,
  type InvoiceForActions,
  invoiceActions,
  QUOTE_ACTION_TARGET,
  QUOTE_ACTIONS,
  type QuoteAction,
  type QuoteForActions,
  quoteActions,
} from './states'

const INVOICE_STATES: InvoiceStateCode[] = ['DRAFT', 'VALIDATED', 'PENDING', 'LATE', 'PAID', 'ARCHIVED', 'CANCELED']
const QUOTE_STATES: QuoteStateCode[] = ['DRAFT', 'NEGO', 'VALIDATED', 'SENT', 'WON', 'LOST']

const invoice = (stateCode: InvoiceStateCode, extra: Partial<InvoiceForActions> = {}): InvoiceForActions => ({
  stateCode,
  isCreditNote: false,
  hasContact: true,
  linesCount: 2,
  ...extra,
})

const quote = (stateCode: QuoteStateCode, extra: Partial<QuoteForActions> = {}): QuoteForActions => ({
  stateCode,
  hasContact: true,
  linesCount: 2,
  hasFinalInvoice: false,
  ...extra,
})

/** spec/sales.md §4 "Actions by state", for an invoice (not a credit note) with a contact and lines. */
const INVOICE_TABLE: Record<InvoiceAction, InvoiceStateCode[]> = {
  edit: ['DRAFT'],
  validate: ['DRAFT'],
  delete: ['DRAFT'],
  markAsSent: ['VALIDATED'],
  markAsPaid: ['VALIDATED', 'PENDING', 'LATE'],
  recordPayment: ['VALIDATED', 'PENDING', 'LATE'],
  removePayment: ['VALIDATED', 'PENDING', 'LATE', 'PAID'],
  changePaymentDate: ['PAID'],
  paidPdf: ['PAID'],
  markAsPending: ['PAID'],
  sendByEmail: ['VALIDATED'],
  resend: ['PENDING', 'PAID', 'LATE'],
  share: ['VALIDATED', 'PENDING', 'LATE', 'PAID', 'ARCHIVED', 'CANCELED'],
  partialCreditNote: ['VALIDATED', 'PENDING', 'LATE', 'PAID', 'ARCHIVED'],
  totalCreditNote: ['VALIDATED', 'PENDING', 'LATE', 'PAID', 'ARCHIVED'],
  duplicate: INVOICE_STATES,
  createRecurring: INVOICE_STATES,
}

describe('canInvoice: the invoice actions of spec/sales.md §4', () => {
  for (const action of INVOICE_ACTIONS) {
    for (const state of INVOICE_STATES) {
      const allowed = INVOICE_TABLE[action].includes(state)
      it(`${allowed ? 'allows' : 'refuses'} ${action} on a ${state} invoice`, () => {
        expect(canInvoice(action, invoice(state))).toBe(allowed)
      })
    }
  }

  it('refuses to validate a draft without a contact or without lines', () => {
    expect(canInvoice('validate', invoice('DRAFT', { hasContact: false }))).toBe(false)
    expect(canInvoice('validate', invoice('DRAFT', { linesCount: 0 }))).toBe(false)
    expect(canInvoice('validate', invoice('DRAFT', { hasContact: false, linesCount: 0 }))).toBe(false)
  })

  it('still lets a draft without contact be edited, deleted and duplicated', () => {
    const draft = invoice('DRAFT', { hasContact: false, linesCount: 0 })
    expect(invoiceActions(draft)).toEqual(['edit', 'delete', 'duplicate', 'createRecurring'])
  })

  it('never marks a credit note as sent, credits it or makes it recurring', () => {
    for (const state of INVOICE_STATES) {
      const creditNote = invoice(state, { isCreditNote: true })
      expect(canInvoice('markAsSent', creditNote)).toBe(false)
      expect(canInvoice('partialCreditNote', creditNote)).toBe(false)
      expect(canInvoice('totalCreditNote', creditNote)).toBe(false)
      expect(canInvoice('createRecurring', creditNote)).toBe(false)
      expect(canInvoice('duplicate', creditNote)).toBe(true)
    }
  })

  it('offers no more credit note once the invoice is fully credited', () => {
    expect(canInvoice('partialCreditNote', invoice('PAID', { remainingToCredit: '0.00' }))).toBe(false)
    expect(canInvoice('totalCreditNote', invoice('PAID', { remainingToCredit: '0.00' }))).toBe(false)
    expect(canInvoice('partialCreditNote', invoice('PAID', { remainingToCredit: '0.01' }))).toBe(true)
  })

  it('lists the actions of a pending invoice in the table order', () => {
    expect(invoiceActions(invoice('PENDING'))).toEqual([
      'markAsPaid',
      'recordPayment',
      'removePayment',
      'resend',
      'share',
      'partialCreditNote',
      'totalCreditNote',
      'duplicate',
      'createRecurring',
    ])
  })

  it('moves validate to VALIDATED, mark as sent to PENDING, paid to PAID, total credit note to CANCELED', () => {
    expect(INVOICE_ACTION_TARGET).toEqual({
      validate: 'VALIDATED',
      markAsSent: 'PENDING',
      markAsPaid: 'PAID',
      markAsPending: 'PENDING',
      totalCreditNote: 'CANCELED',
    })
  })
})

/** spec/sales.md §4 quote rules, for a quote with a contact, lines and no final invoice. */
const QUOTE_TABLE: Record<QuoteAction, QuoteStateCode[]> = {
  edit: ['DRAFT', 'NEGO'],
  validate: ['DRAFT'],
  delete: ['DRAFT'],
  markAsSent: ['VALIDATED'],
  sendByEmail: ['VALIDATED'],
  resend: ['SENT', 'WON', 'LOST'],
  share: ['NEGO', 'VALIDATED', 'SENT', 'WON', 'LOST'],
  win: ['SENT', 'NEGO'],
  lose: ['SENT', 'NEGO'],
  changeState: QUOTE_STATES,
  toInvoice: QUOTE_STATES,
  deposit: QUOTE_STATES,
  duplicate: QUOTE_STATES,
}

describe('canQuote: the quote actions of spec/sales.md §4', () => {
  for (const action of QUOTE_ACTIONS) {
    for (const state of QUOTE_STATES) {
      const allowed = QUOTE_TABLE[action].includes(state)
      it(`${allowed ? 'allows' : 'refuses'} ${action} on a ${state} quote`, () => {
        expect(canQuote(action, quote(state))).toBe(allowed)
      })
    }
  }

  it('needs a contact to validate, change the state, convert to an invoice or create a deposit', () => {
    for (const state of QUOTE_STATES) {
      const noContact = quote(state, { hasContact: false })
      for (const action of ['validate', 'changeState', 'toInvoice', 'deposit'] as const) {
        expect(canQuote(action, noContact)).toBe(false)
      }
      expect(canQuote('duplicate', noContact)).toBe(true)
    }
    expect(canQuote('delete', quote('DRAFT', { hasContact: false }))).toBe(true)
  })

  it('refuses a second conversion or another deposit once the final invoice exists, and a quote without lines', () => {
    expect(canQuote('toInvoice', quote('WON', { hasFinalInvoice: true }))).toBe(false)
    expect(canQuote('deposit', quote('WON', { hasFinalInvoice: true }))).toBe(false)
    expect(canQuote('toInvoice', quote('WON', { linesCount: 0 }))).toBe(false)
    expect(canQuote('deposit', quote('WON', { linesCount: 0 }))).toBe(false)
  })

  it('lists the actions of a sent quote in the table order', () => {
    expect(quoteActions(quote('SENT'))).toEqual([
      'resend',
      'share',
      'win',
      'lose',
      'changeState',
      'toInvoice',
      'deposit',
      'duplicate',
    ])
  })

  it('moves validate to VALIDATED, mark as sent to SENT, win to WON and lose to LOST', () => {
    expect(QUOTE_ACTION_TARGET).toEqual({ validate: 'VALIDATED', markAsSent: 'SENT', win: 'WON', lose: 'LOST' })
  })
})

describe('canQuote: numbered quotes and draft deposits', () => {
  const quote = { stateCode: 'DRAFT' as const, hasContact: true, linesCount: 1, hasFinalInvoice: false }
  it('refuses to delete a quote back in DRAFT that already has its reference', () => {
    expect(canQuote('delete', quote)).toBe(true)
    expect(canQuote('delete', { ...quote, isNumbered: true })).toBe(false)
  })
  it('offers the final invoice only once every deposit invoice is validated', () => {
    expect(canQuote('toInvoice', { ...quote, hasDraftDeposits: true })).toBe(false)
    expect(canQuote('deposit', { ...quote, hasDraftDeposits: true })).toBe(true)
  })
})
