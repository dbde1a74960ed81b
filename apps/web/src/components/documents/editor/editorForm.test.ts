import { invoiceSchema, messages, quoteSchema } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { invoice, line, settings } from '../../../test-support/documentFixtures'
import { blankLine, documentValues, newDocumentValues, toInput } from './editorForm'

describe('editor values', () => {
  it('takes the payment term, end of month, validity, terms and late penalties of the settings for a new document', () => {
    const custom = {
      ...settings,
      invoicePaymentLimit: 45,
      invoicePaymentEndOfMonth: true,
      quoteValidityPeriod: 15,
      quoteTerms: 'Devis valable sous réserve.',
      hasLatePenalties: true,
      latePenaltyRate: '12.5',
    }
    const newInvoice = newDocumentValues({
      kind: 'invoice',
      isCreditNote: false,
      taxFree: false,
      settings: custom,
      today: '2026-03-02',
    })
    expect(newInvoice).toMatchObject({
      name: messages.documents.defaultInvoiceName,
      datedAt: '2026-03-02',
      paymentLimit: '45',
      paymentEndOfMonth: true,
      terms: 'Paiement par virement.',
      hasLatePenalties: true,
      latePenalties: '12,5',
    })
    const newQuote = newDocumentValues({ kind: 'quote', isCreditNote: false, taxFree: false, settings: custom })
    expect(newQuote).toMatchObject({ validityLimit: '15', terms: 'Devis valable sous réserve.' })
    // Without settings: 30 days for both.
    expect(newDocumentValues({ kind: 'invoice', isCreditNote: true, taxFree: false, settings: null })).toMatchObject({
      name: messages.documents.defaultCreditNoteName,
      paymentLimit: '30',
      validityLimit: '30',
      isCreditNote: true,
    })
  })

  it('gives a free line the default VAT, or no VAT for a tax-free organisation', () => {
    expect(blankLine(false)).toMatchObject({ type: 'MISC', quantity: '1', unitId: '1', taxId: '1' })
    expect(blankLine(true).taxId).toBe('6')
  })

  it('sends lines in order with positions 0, 1, 2, an amount discount before a percentage, and no address without a customer', () => {
    const values = documentValues(
      'invoice',
      invoice({
        lines: [
          line(3, 2, { name: 'C' }),
          line(1, 0, { name: 'A', discount: { amount: '5', percentage: null } }),
          line(2, 1, { name: 'B', discount: { amount: null, percentage: '10' } }),
        ],
      }),
    )
    values.billingAddressId = '31'
    values.discount = { name: '', amount: '20', percentage: '5' }
    const body = invoiceSchema.parse(toInput('invoice', values))
    expect(body.lines.map((l) => [l.name, l.position, l.discount])).toEqual([
      ['A', 0, { amount: '5', percentage: null }],
      ['B', 1, { amount: null, percentage: '10' }],
      ['C', 2, null],
    ])
    expect(body.discount).toEqual({ name: 'Remise globale', amount: '20', percentage: null })
    expect(body.billingAddressId).toBeNull()
  })

  it('sends a quote with its validity and without the invoice-only fields', () => {
    const values = newDocumentValues({ kind: 'quote', isCreditNote: false, taxFree: false, settings: null })
    const input = toInput('quote', values)
    expect(input).not.toHaveProperty('paymentLimit')
    expect(input).not.toHaveProperty('isCreditNote')
    expect(quoteSchema.parse(input).validityLimit).toBe(30)
  })
})
