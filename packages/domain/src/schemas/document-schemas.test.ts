import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { messages } from '../messages/index'
import { moneyMessages } from '../money/schema'
import {
  creditNoteRequestSchema,
  depositRequestSchema,
  documentDiscountSchema,
  documentLineSchema,
  invoiceSchema,
  quoteSchema,
} from './documents'

const v = messages.validation
const d = messages.documents

function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message
  return errors
}

const validLine = { name: 'Conseil', type: 'SERVICE', quantity: '2', amount: '150', taxId: 1, unitId: 1 }
const invoice = { name: 'Facture de mars', datedAt: '2026-03-07', paymentLimit: 30, lines: [validLine] }
const quote = { name: 'Devis toiture', datedAt: '2026-03-07', validityLimit: 30, lines: [validLine] }

describe('invoiceSchema: an invoice needs a name and a payment limit', () => {
  it('accepts a complete invoice and fills the defaults', () => {
    const parsed = invoiceSchema.parse(invoice)
    expect(parsed).toMatchObject({
      name: 'Facture de mars',
      paymentLimit: 30,
      paymentEndOfMonth: false,
      isCreditNote: false,
      currencyId: 1,
      discount: null,
      deliveryFees: null,
      disbursement: null,
    })
    expect(parsed.lines[0]).toMatchObject({ quantity: '2', amount: '150', discount: null })
  })

  it('asks for the name and the payment limit in French', () => {
    expect(errorsOf(invoiceSchema, { datedAt: '2026-03-07' })).toMatchObject({
      name: v.required,
      paymentLimit: v.required,
    })
    expect(errorsOf(invoiceSchema, { ...invoice, name: '   ' })).toEqual({ name: v.required })
  })

  it('keeps the payment limit between 0 and 365 days', () => {
    expect(errorsOf(invoiceSchema, { ...invoice, paymentLimit: 0 })).toEqual({})
    expect(errorsOf(invoiceSchema, { ...invoice, paymentLimit: -1 })).toEqual({ paymentLimit: d.daysRange(0) })
    expect(errorsOf(invoiceSchema, { ...invoice, paymentLimit: 366 })).toEqual({ paymentLimit: d.daysRange(0) })
  })

  it('refuses a date that does not exist', () => {
    expect(errorsOf(invoiceSchema, { ...invoice, datedAt: '2026-02-30' })).toEqual({ datedAt: v.dateInvalid })
  })

  it('accepts an invoice without lines (a draft) and refuses more than 500', () => {
    expect(errorsOf(invoiceSchema, { ...invoice, lines: [] })).toEqual({})
    expect(errorsOf(invoiceSchema, { ...invoice, lines: Array(501).fill(validLine) })).toEqual({
      lines: d.tooManyLines(500),
    })
  })

  it('turns empty money fields into null and refuses more than 3 decimals', () => {
    expect(invoiceSchema.parse({ ...invoice, deliveryFees: '', disbursement: '12,5' })).toMatchObject({
      deliveryFees: null,
      disbursement: '12.5',
    })
    expect(errorsOf(invoiceSchema, { ...invoice, deliveryFees: '1.2345' })).toEqual({
      deliveryFees: moneyMessages.tooManyDecimals(3),
    })
  })
})

describe('quoteSchema: a quote needs a name and a validity limit', () => {
  it('accepts a complete quote', () => {
    expect(errorsOf(quoteSchema, quote)).toEqual({})
  })

  it('asks for the name and the validity limit in French', () => {
    expect(errorsOf(quoteSchema, { datedAt: '2026-03-07' })).toMatchObject({
      name: v.required,
      validityLimit: v.required,
    })
  })

  it('keeps the validity between 1 and 365 days', () => {
    expect(errorsOf(quoteSchema, { ...quote, validityLimit: 0 })).toEqual({ validityLimit: d.daysRange(1) })
    expect(errorsOf(quoteSchema, { ...quote, validityLimit: '365' })).toEqual({})
  })
})

describe('documentLineSchema: a line needs name, type, taxId, unitId and a non-zero price', () => {
  it('asks for every required field', () => {
    expect(errorsOf(documentLineSchema, {})).toMatchObject({
      name: v.required,
      type: v.required,
      amount: v.required,
      taxId: v.required,
      unitId: v.required,
    })
  })

  it('defaults the quantity to 1', () => {
    const { quantity: _quantity, ...withoutQuantity } = validLine
    expect(documentLineSchema.parse(withoutQuantity).quantity).toBe('1')
  })

  it("refuses a zero price with 'Le montant ne doit pas être égal à 0' and accepts a negative one", () => {
    expect(errorsOf(documentLineSchema, { ...validLine, amount: '0' })).toEqual({
      amount: 'Le montant ne doit pas être égal à 0',
    })
    expect(errorsOf(documentLineSchema, { ...validLine, amount: 0 })).toEqual({
      amount: 'Le montant ne doit pas être égal à 0',
    })
    expect(errorsOf(documentLineSchema, { ...validLine, amount: '-0,00' })).toEqual({
      amount: 'Le montant ne doit pas être égal à 0',
    })
    expect(documentLineSchema.parse({ ...validLine, amount: '-12,50' }).amount).toBe('-12.5')
  })

  it('accepts a quantity of 0 and refuses a negative one', () => {
    expect(errorsOf(documentLineSchema, { ...validLine, quantity: '0' })).toEqual({})
    expect(errorsOf(documentLineSchema, { ...validLine, quantity: '-1' })).toEqual({
      quantity: moneyMessages.quantityNegative,
    })
  })

  it('refuses an unknown type and ids of 0', () => {
    expect(errorsOf(documentLineSchema, { ...validLine, type: 'OTHER', taxId: 0, unitId: '0' })).toEqual({
      type: v.required,
      taxId: v.required,
      unitId: v.required,
    })
  })

  it('keeps line discount percentages between 0 and 100', () => {
    expect(errorsOf(documentLineSchema, { ...validLine, discount: { amount: null, percentage: '101' } })).toEqual({
      'discount.percentage': d.percentageRange,
    })
    expect(documentLineSchema.parse({ ...validLine, discount: { amount: '', percentage: '12,5' } }).discount).toEqual({
      amount: null,
      percentage: '12.5',
    })
  })
})

describe('documentDiscountSchema: the global discount', () => {
  it("is named 'Remise globale' by default", () => {
    expect(documentDiscountSchema.parse({ amount: '10' })).toEqual({
      name: 'Remise globale',
      amount: '10',
      percentage: null,
    })
  })
})

describe('depositRequestSchema: a deposit needs an amount or a percentage above 0', () => {
  it('accepts a percentage, type percent by default', () => {
    expect(depositRequestSchema.parse({ percentage: '30' })).toEqual({
      amount: null,
      percentage: '30',
      deposit_type: 'percent',
    })
  })

  it('accepts an amount for the amount types', () => {
    expect(errorsOf(depositRequestSchema, { amount: '250', deposit_type: 'amount_without_taxes' })).toEqual({})
    expect(errorsOf(depositRequestSchema, { amount: '600,5', deposit_type: 'amount_with_taxes' })).toEqual({})
  })

  it('asks for the percentage of a percent deposit and the amount of an amount deposit', () => {
    expect(errorsOf(depositRequestSchema, {})).toEqual({ percentage: v.required })
    expect(errorsOf(depositRequestSchema, { percentage: '', amount: '' })).toEqual({ percentage: v.required })
    expect(errorsOf(depositRequestSchema, { deposit_type: 'amount_without_taxes' })).toEqual({ amount: v.required })
    expect(errorsOf(depositRequestSchema, { deposit_type: 'amount_with_taxes', amount: null })).toEqual({
      amount: v.required,
    })
  })

  it('refuses an amount or a percentage of 0 or less', () => {
    expect(errorsOf(depositRequestSchema, { amount: '0', deposit_type: 'amount_without_taxes' })).toEqual({
      amount: d.amountPositive,
    })
    expect(errorsOf(depositRequestSchema, { amount: '-5', deposit_type: 'amount_with_taxes' })).toEqual({
      amount: d.amountPositive,
    })
    expect(errorsOf(depositRequestSchema, { percentage: '0' })).toEqual({ percentage: d.amountPositive })
  })

  it('refuses a percentage above 100 and an unknown type', () => {
    expect(errorsOf(depositRequestSchema, { percentage: '100.01' })).toEqual({ percentage: d.percentageRange })
    expect(errorsOf(depositRequestSchema, { percentage: '30', deposit_type: 'fixed' })).toEqual({
      deposit_type: v.choiceInvalid,
    })
  })
})

describe('creditNoteRequestSchema: total by default, partial with a positive TTC amount', () => {
  it('is a total credit note by default', () => {
    expect(creditNoteRequestSchema.parse({})).toEqual({ partial: false, amount: null })
  })

  it('needs an amount above 0 for a partial credit note', () => {
    expect(creditNoteRequestSchema.parse({ partial: true, amount: '120,50' })).toEqual({
      partial: true,
      amount: '120.5',
    })
    expect(errorsOf(creditNoteRequestSchema, { partial: true })).toEqual({ amount: v.required })
    expect(errorsOf(creditNoteRequestSchema, { partial: true, amount: '' })).toEqual({ amount: v.required })
    expect(errorsOf(creditNoteRequestSchema, { partial: true, amount: '0' })).toEqual({ amount: d.amountPositive })
    expect(errorsOf(creditNoteRequestSchema, { partial: true, amount: -10 })).toEqual({ amount: d.amountPositive })
  })
})
