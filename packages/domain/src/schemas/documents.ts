import { z } from 'zod'
import { PAYMENT_METHODS, paymentMessages } from '../documents/payments'
import { DEPOSIT_TYPES, LINE_TYPES } from '../documents/types'
import { messages } from '../messages/index'
import { compare } from '../money/arithmetic'
import { moneyString, quantityString } from '../money/schema'
import { CURRENCY_EUR_ID, INVOICE_STATE_IDS, QUOTE_STATE_IDS } from '../reference/ids'
import { idField, optionalIdField, optionalText, requiredText, TEXT_MAX } from './common'
import { businessDateField, isoDateField, optionalBusinessDateField, optionalIsoDateField } from './date-fields'
import { pagingFields, searchFields } from './lists'
import { recurringParamsSchema } from './recurring'

export { businessDateField, isoDateField, optionalBusinessDateField, optionalIsoDateField }

const v = messages.validation
const d = messages.documents

/** Introductions, terms and line descriptions are multi-line and printed on the document. */
export const DOCUMENT_TEXT_MAX = 5000
export const LINE_DESCRIPTION_MAX = 2000
export const LINES_MAX = 500
/** Payment limit and quote validity, in days. */
export const DAYS_MAX = 365

/** A number a form may leave empty: blank, null or undefined become null (spec/sales.md §5 "Non-numeric values become null"). */
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value)

/** Money typed in a document form: at most 3 decimals (spec/sales.md §5), null when empty. */
export const optionalMoney = () => z.preprocess(blankToNull, moneyString({ maxDecimals: 3 }).nullable())

/** A percentage from 0 to 100, null when empty. */
export const optionalPercentage = () =>
  z.preprocess(
    blankToNull,
    moneyString({ maxDecimals: 4 })
      .refine((value) => compare(value, 0) >= 0 && compare(value, 100) <= 0, { error: d.percentageRange })
      .nullable(),
  )

/** A number of days; an emptied field is missing, not 0. */
const daysField = (min: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: v.required })
      .int({ error: v.required })
      .min(min, { error: d.daysRange(min) })
      .max(DAYS_MAX, { error: d.daysRange(min) }),
  )

export const lineDiscountSchema = z.strictObject({
  amount: optionalMoney(),
  percentage: optionalPercentage(),
})

/** A document line (spec/sales.md §3 "Line", §5): name, type, quantity ≥ 0, taxId, unitId, a non-zero price. */
export const documentLineSchema = z.strictObject({
  /** Ignored on save: lines are written anew in the order given, positions 0, 1, 2… (an id still, or nothing). */
  id: optionalIdField().optional(),
  name: requiredText(),
  description: optionalText(LINE_DESCRIPTION_MAX),
  reference: optionalText(),
  type: z.enum(LINE_TYPES, { error: v.required }),
  quantity: quantityString({ nonNegative: true }).default('1'),
  amount: moneyString({ nonZero: true }),
  unitId: idField(),
  taxId: idField(),
  itemId: optionalIdField(),
  /** On a final invoice, the deposit invoice a line deducts; the server keeps it only on documents it generated. */
  depositInvoiceId: optionalIdField(),
  discount: lineDiscountSchema.nullish().transform((value) => value ?? null),
  position: z.number().int().min(0).optional(),
})
export type DocumentLineInput = z.input<typeof documentLineSchema>
export type DocumentLineBody = z.output<typeof documentLineSchema>

export const DOCUMENT_DISCOUNT_DEFAULT_NAME = 'Remise globale'

/** The global discount (spec/sales.md §3 "Discount"); only accepted when the setting hasDiscounts is on. */
export const documentDiscountSchema = z.strictObject({
  name: optionalText().transform((value) => value ?? DOCUMENT_DISCOUNT_DEFAULT_NAME),
  amount: optionalMoney(),
  percentage: optionalPercentage(),
})
export type DocumentDiscountBody = z.output<typeof documentDiscountSchema>

const documentFields = {
  name: requiredText(),
  datedAt: businessDateField(),
  contactId: optionalIdField(),
  billingAddressId: optionalIdField(),
  deliveryAddressId: optionalIdField(),
  /** The introduction printed above the lines. */
  description: optionalText(DOCUMENT_TEXT_MAX),
  terms: optionalText(DOCUMENT_TEXT_MAX),
  currencyId: idField().default(CURRENCY_EUR_ID),
  discount: documentDiscountSchema.nullish().transform((value) => value ?? null),
  deliveryFees: optionalMoney().default(null),
  disbursement: optionalMoney().default(null),
  /** Annual late-penalty rate in percent, printed for business customers. */
  latePenalties: optionalPercentage().default(null),
  lines: z
    .array(documentLineSchema)
    .max(LINES_MAX, { error: d.tooManyLines(LINES_MAX) })
    .default([]),
}

/** POST /invoices and PATCH /invoices/{id} (DRAFT only): an invoice needs name and paymentLimit. */
export const invoiceSchema = z.strictObject({
  ...documentFields,
  deliveredAt: optionalBusinessDateField(),
  paymentLimit: daysField(0),
  paymentEndOfMonth: z.boolean().default(false),
  /** Creating a credit note from scratch (/app/sales/invoices/new?credit=true). */
  isCreditNote: z.boolean().default(false),
  /** A recurring invoice (subscription): the model of the invoices its schedule creates (premium plans only). */
  isRecurring: z.boolean().default(false),
  recurringParams: recurringParamsSchema.nullish().transform((value) => value ?? null),
})
export type InvoiceInput = z.input<typeof invoiceSchema>
export type InvoiceBody = z.output<typeof invoiceSchema>

/** POST /quotes and PATCH /quotes/{id}: a quote needs name and validityLimit. */
export const quoteSchema = z.strictObject({
  ...documentFields,
  validityLimit: daysField(1),
})
export type QuoteInput = z.input<typeof quoteSchema>
export type QuoteBody = z.output<typeof quoteSchema>

/** POST /quotes/{id}/deposits (spec/sales.md §5 "Deposit form"). */
export const depositRequestSchema = z
  .strictObject({
    amount: optionalMoney().default(null),
    percentage: optionalPercentage().default(null),
    deposit_type: z.enum(DEPOSIT_TYPES, { error: v.choiceInvalid }).default('percent'),
  })
  .superRefine((value, ctx) => {
    if (value.amount === null && value.percentage === null) {
      const path = value.deposit_type === 'percent' ? 'percentage' : 'amount'
      ctx.addIssue({ code: 'custom', message: v.required, path: [path] })
    }
    if (value.amount !== null && compare(value.amount, 0) <= 0) {
      ctx.addIssue({ code: 'custom', message: d.amountPositive, path: ['amount'] })
    }
    if (value.amount === null && value.percentage !== null && compare(value.percentage, 0) <= 0) {
      ctx.addIssue({ code: 'custom', message: d.amountPositive, path: ['percentage'] })
    }
  })
export type DepositRequestBody = z.output<typeof depositRequestSchema>

/** POST /invoices/{id}/credit-note: total by default; partial needs a positive amount (TTC). */
export const creditNoteRequestSchema = z
  .strictObject({
    partial: z.boolean().default(false),
    amount: optionalMoney().default(null),
  })
  .superRefine((value, ctx) => {
    if (!value.partial) return
    if (value.amount === null) ctx.addIssue({ code: 'custom', message: v.required, path: ['amount'] })
    else if (compare(value.amount, 0) <= 0)
      ctx.addIssue({ code: 'custom', message: d.amountPositive, path: ['amount'] })
  })
export type CreditNoteRequestBody = z.output<typeof creditNoteRequestSchema>

/**
 * POST /invoices/{id}/mark-as-paid: records a payment of what is left to pay, on `paymentDateAt` (today, Europe/Paris,
 * when absent) and by `method` (a transfer when absent).
 */
export const markAsPaidSchema = z
  .strictObject({
    paymentDateAt: optionalBusinessDateField(),
    method: z.enum(PAYMENT_METHODS, { error: paymentMessages.methodInvalid }).optional(),
  })
  .default({ paymentDateAt: null })

/** PATCH /invoices/{id}/payment-date?date=YYYY-MM-DD */
export const paymentDateQuerySchema = z.strictObject({ date: isoDateField() })

/**
 * POST /invoices/{id}/validate?dated=today: validates a draft dated today instead of its own date, when its date comes
 * before the last numbered document of its series (409 DATE_BEFORE_LAST_ISSUED).
 */
export const validateQuerySchema = z.strictObject({
  dated: z.enum(['today'], { error: 'Seule la valeur « today » est acceptée.' }).optional(),
})

/** DELETE /invoices/{id}/payments/{paymentId} */
export const invoicePaymentParams = z.object({ id: idField(), paymentId: idField() })

/** PATCH /quotes/{id}/state */
export const quoteStateSchema = z.strictObject({
  stateId: idField().pipe(
    z.number().refine((id) => Object.values(QUOTE_STATE_IDS).includes(id as never), { error: v.choiceInvalid }),
  ),
})

const INVOICE_STATE_CODES = Object.keys(INVOICE_STATE_IDS) as [keyof typeof INVOICE_STATE_IDS]
const QUOTE_STATE_CODES = Object.keys(QUOTE_STATE_IDS) as [keyof typeof QUOTE_STATE_IDS]
const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')
const moneyQuery = () => moneyString().optional()

const listFields = {
  ...pagingFields(),
  ...searchFields(),
  'filter[id]': idField().optional(),
  'filter[amountMin]': moneyQuery(),
  'filter[amountMax]': moneyQuery(),
  'filter[datedAfter]': isoDateField().optional(),
  'filter[datedBefore]': isoDateField().optional(),
  'filter[contact]': idField().optional(),
  'filter[name]': z.string().trim().max(TEXT_MAX).optional(),
}

/** GET /invoices (API.md): filter[state] takes one code or several separated by commas. */
export const invoiceListQuerySchema = z.strictObject({
  ...listFields,
  sort: z.enum(['-datedAt', 'datedAt', '-createdAt', 'createdAt', '-amount', 'amount']).default('-datedAt'),
  'filter[state]': z
    .string()
    .transform((value) => value.split(',').map((code) => code.trim()))
    .pipe(z.array(z.enum(INVOICE_STATE_CODES)).min(1))
    .optional(),
  'filter[late]': booleanQuery.optional(),
  'filter[recurring]': booleanQuery.default(false),
  'filter[creditNote]': booleanQuery.optional(),
})
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>

export const quoteListQuerySchema = z.strictObject({
  ...listFields,
  sort: z.enum(['-datedAt', 'datedAt', '-createdAt', 'createdAt', '-amount', 'amount']).default('-datedAt'),
  'filter[state]': z
    .string()
    .transform((value) => value.split(',').map((code) => code.trim()))
    .pipe(z.array(z.enum(QUOTE_STATE_CODES)).min(1))
    .optional(),
})
export type QuoteListQuery = z.output<typeof quoteListQuerySchema>
