import {
  ADDRESS_TYPE_BILLING_ID,
  add,
  type ContactDto,
  CURRENCY_EUR_ID,
  creditNoteAmount,
  DOCUMENT_DISCOUNT_DEFAULT_NAME,
  type DocumentLineDto,
  type DocumentTotals,
  divide,
  documentTotals,
  type FinalInvoiceSources,
  type InvoiceDto,
  type ItemDto,
  type LineType,
  messages,
  parseMoneyInput,
  parseQuantityInput,
  type QuoteDto,
  roundTo,
  type SalesSettingsDto,
  settleFinalInvoiceVat,
  TAX_DEFAULT_SALES_ID,
  TAX_NO_VAT_SALES_ID,
  todayInParis,
  UNIT_DEFAULT_ID,
} from '@app/domain'
import type { FormErrors, UseFormReturnType } from '@mantine/form'
import type { DocumentKind } from './editorQueries'
import { type RecurringValues, recurringInput, recurringValuesFromDto } from './recurringForm'

/** Defaults of spec/sales.md §9 when the organisation's settings say nothing. */
export const DEFAULT_PAYMENT_LIMIT = 30
export const DEFAULT_QUOTE_VALIDITY = 30

/** The common payment terms offered in the select (any other number of days can be typed). */
export const PAYMENT_TERMS = [0, 7, 15, 30, 45, 60] as const

export type DiscountValues = { amount: string; percentage: string }

/**
 * One line as the form holds it: texts as typed (amounts with a comma), ids as strings (what the selects give).
 * `key` only identifies the row on screen (drag and drop, React keys); it is never sent.
 */
export type LineValues = {
  key: string
  id: number | null
  name: string
  description: string
  reference: string
  type: LineType
  quantity: string
  amount: string
  unitId: string
  taxId: string
  itemId: number | null
  /** On a final invoice, the deposit invoice this line deducts (kept through saves). */
  depositInvoiceId: number | null
  /** Whether the line discount is typed as an amount or a percentage; the other one stays empty. */
  discountType: 'amount' | 'percent'
  discount: DiscountValues
}

/**
 * The editor's values, shaped like invoiceSchema / quoteSchema's input so that schema errors ("lines.0.amount")
 * and server errors land on the same paths.
 */
export type EditorValues = {
  name: string
  datedAt: string
  contactId: string | null
  billingAddressId: string | null
  deliveryAddressId: string | null
  description: string
  terms: string
  /** Null when the document has no global discount (the toggle is off). */
  discount: (DiscountValues & { name: string }) | null
  hasDeliveryFees: boolean
  deliveryFees: string
  hasDisbursement: boolean
  disbursement: string
  hasLatePenalties: boolean
  latePenalties: string
  lines: LineValues[]
  // Invoice only
  deliveredAt: string | null
  paymentLimit: string
  paymentEndOfMonth: boolean
  isCreditNote: boolean
  // Quote only
  validityLimit: string
  /** A recurring invoice's parameters (an invoice with isRecurring); null for every other document. */
  recurringParams: RecurringValues | null
}

/** The editor's form, validated by the domain's schema. */
export type EditorForm = UseFormReturnType<EditorValues, EditorValues, (values: EditorValues) => FormErrors>

let keySeed = 0
export const newLineKey = () => `line-${++keySeed}`

/** Canonical decimals ("1234.5") are shown with a comma, as the money inputs write them. */
export const toInputNumber = (value: string | null | undefined) => (value ? value.replace('.', ',') : '')

const canonicalAmount = (value: string | null | undefined) =>
  value ? toInputNumber(parseMoneyInput(value) ?? value) : ''

export const defaultTaxId = (taxFree: boolean) => (taxFree ? TAX_NO_VAT_SALES_ID : TAX_DEFAULT_SALES_ID)

/** A free line (spec/sales.md §3 "Line"): type MISC, quantity 1, default VAT (none when tax-free), unit 1. */
export function blankLine(taxFree: boolean): LineValues {
  return {
    key: newLineKey(),
    id: null,
    name: '',
    description: '',
    reference: '',
    type: 'MISC',
    quantity: '1',
    amount: '',
    unitId: String(UNIT_DEFAULT_ID),
    taxId: String(defaultTaxId(taxFree)),
    itemId: null,
    depositInvoiceId: null,
    discountType: 'amount',
    discount: { amount: '', percentage: '' },
  }
}

/**
 * A line from a catalogue item: its name, reference, description, type (PRO → PRODUCT, else SERVICE), unit, tax and
 * price; a price entered TTC becomes a unit price HT with 6 decimals: amount / (1 + rate / 100).
 */
export function lineFromItem(item: ItemDto, taxFree: boolean): LineValues {
  const rate = item.tax?.amount ?? '0'
  const amount = item.priceRule === 'TTC' && !taxFree ? roundTo(divide(item.amount, add100(rate)), 6) : item.amount
  return {
    ...blankLine(taxFree),
    name: item.name,
    reference: item.reference ?? '',
    description: item.description ?? '',
    type: item.itemType?.code === 'PRO' ? 'PRODUCT' : 'SERVICE',
    unitId: String(item.unitId ?? UNIT_DEFAULT_ID),
    taxId: String(taxFree ? TAX_NO_VAT_SALES_ID : (item.taxId ?? TAX_DEFAULT_SALES_ID)),
    amount: canonicalAmount(amount),
    itemId: item.id,
    depositInvoiceId: null,
  }
}

/** 1 + rate / 100, as a decimal string. */
const add100 = (rate: string) => add('1', divide(rate, '100'))

export function lineFromDto(line: DocumentLineDto): LineValues {
  const amount = line.discount?.amount ?? null
  const percentage = line.discount?.percentage ?? null
  return {
    key: newLineKey(),
    id: line.id,
    name: line.name,
    description: line.description ?? '',
    reference: line.reference ?? '',
    type: line.type,
    quantity: toInputNumber(parseQuantityInput(line.quantity) ?? line.quantity),
    amount: canonicalAmount(line.amount),
    unitId: String(line.unitId),
    taxId: String(line.taxId),
    itemId: line.itemId,
    depositInvoiceId: line.depositInvoiceId,
    discountType: amount !== null || percentage === null ? 'amount' : 'percent',
    discount: { amount: canonicalAmount(amount), percentage: toInputNumber(percentage) },
  }
}

export type NewDocumentOptions = {
  kind: DocumentKind
  isCreditNote: boolean
  taxFree: boolean
  settings: SalesSettingsDto | null
  today?: string
}

export function defaultName(kind: DocumentKind, isCreditNote: boolean) {
  if (kind === 'quote') return messages.documents.defaultQuoteName
  return isCreditNote ? messages.documents.defaultCreditNoteName : messages.documents.defaultInvoiceName
}

/** A new document: today (Europe/Paris), the default name, the settings' terms and durations (else 30 days). */
export function newDocumentValues({ kind, isCreditNote, settings, today = todayInParis() }: NewDocumentOptions) {
  const values: EditorValues = {
    name: defaultName(kind, isCreditNote),
    datedAt: today,
    contactId: null,
    billingAddressId: null,
    deliveryAddressId: null,
    description: '',
    terms: (kind === 'invoice' ? settings?.invoiceTerms : settings?.quoteTerms) ?? '',
    discount: null,
    hasDeliveryFees: false,
    deliveryFees: '',
    hasDisbursement: false,
    disbursement: '',
    hasLatePenalties: Boolean(settings?.hasLatePenalties && settings.latePenaltyRate),
    latePenalties: settings?.hasLatePenalties ? toInputNumber(settings.latePenaltyRate) : '',
    lines: [],
    deliveredAt: null,
    paymentLimit: String(settings?.invoicePaymentLimit ?? DEFAULT_PAYMENT_LIMIT),
    paymentEndOfMonth: settings?.invoicePaymentEndOfMonth ?? false,
    isCreditNote,
    validityLimit: String(settings?.quoteValidityPeriod ?? DEFAULT_QUOTE_VALIDITY),
    recurringParams: null,
  }
  return values
}

const idOrNull = (id: number | null | undefined) => (id ? String(id) : null)

/** The values of a saved invoice, quote or recurring invoice (the settings give an unset e-mail its defaults). */
export function documentValues(
  kind: DocumentKind,
  document: InvoiceDto | QuoteDto,
  settings: SalesSettingsDto | null = null,
): EditorValues {
  const invoice = kind === 'invoice' ? (document as InvoiceDto) : null
  const quote = kind === 'quote' ? (document as QuoteDto) : null
  return {
    name: document.name,
    datedAt: document.datedAt,
    contactId: idOrNull(document.contactId),
    billingAddressId: idOrNull(document.billingAddressId),
    deliveryAddressId: idOrNull(document.deliveryAddressId),
    description: document.description ?? '',
    terms: document.terms ?? '',
    discount: document.discount
      ? {
          name: document.discount.name || DOCUMENT_DISCOUNT_DEFAULT_NAME,
          amount: canonicalAmount(document.discount.amount),
          percentage: toInputNumber(document.discount.percentage),
        }
      : null,
    hasDeliveryFees: document.deliveryFees !== null,
    deliveryFees: canonicalAmount(document.deliveryFees),
    hasDisbursement: document.disbursement !== null,
    disbursement: canonicalAmount(document.disbursement),
    hasLatePenalties: document.latePenalties !== null,
    latePenalties: toInputNumber(document.latePenalties),
    lines: [...document.lines].sort((a, b) => a.position - b.position).map(lineFromDto),
    deliveredAt: invoice?.deliveredAt ?? null,
    paymentLimit: String(invoice?.paymentLimit ?? DEFAULT_PAYMENT_LIMIT),
    paymentEndOfMonth: invoice?.paymentEndOfMonth ?? false,
    isCreditNote: invoice?.isCreditNote ?? false,
    validityLimit: String(quote?.validityLimit ?? DEFAULT_QUOTE_VALIDITY),
    recurringParams:
      invoice?.isRecurring && invoice.recurringParams
        ? recurringValuesFromDto(invoice.recurringParams, settings)
        : null,
  }
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value)

function discountInput(discount: DiscountValues) {
  const amount = blankToNull(discount.amount)
  const percentage = amount === null ? blankToNull(discount.percentage) : null
  return amount === null && percentage === null ? null : { amount, percentage }
}

/** What invoiceSchema / quoteSchema read: lines in order with positions 0, 1, 2… (spec/sales.md §5). */
export function toInput(kind: DocumentKind, values: EditorValues) {
  const common = {
    name: values.name,
    datedAt: values.datedAt,
    contactId: values.contactId,
    billingAddressId: values.contactId ? values.billingAddressId : null,
    deliveryAddressId: values.contactId ? values.deliveryAddressId : null,
    description: values.description,
    terms: values.terms,
    currencyId: CURRENCY_EUR_ID,
    discount: values.discount
      ? { name: values.discount.name || DOCUMENT_DISCOUNT_DEFAULT_NAME, ...(discountInput(values.discount) ?? {}) }
      : null,
    deliveryFees: values.hasDeliveryFees ? blankToNull(values.deliveryFees) : null,
    disbursement: values.hasDisbursement ? blankToNull(values.disbursement) : null,
    latePenalties: values.hasLatePenalties ? blankToNull(values.latePenalties) : null,
    lines: values.lines.map((line, position) => ({
      ...(line.id ? { id: line.id } : {}),
      name: line.name,
      description: line.description,
      reference: line.reference,
      type: line.type,
      quantity: line.quantity,
      amount: line.amount,
      unitId: line.unitId,
      taxId: line.taxId,
      itemId: line.itemId,
      ...(line.depositInvoiceId ? { depositInvoiceId: line.depositInvoiceId } : {}),
      discount: discountInput(line.discount),
      position,
    })),
  }
  if (kind === 'quote') return { ...common, validityLimit: values.validityLimit }
  return {
    ...common,
    deliveredAt: values.deliveredAt,
    paymentLimit: values.paymentLimit,
    paymentEndOfMonth: values.paymentEndOfMonth,
    isCreditNote: values.isCreditNote,
    // A recurring invoice is an invoice with its parameters; the other invoices' bodies do not change.
    ...(values.recurringParams ? { isRecurring: true, recurringParams: recurringInput(values.recurringParams) } : {}),
  }
}

const moneyOrZero = (value: string) => parseMoneyInput(value) ?? '0'
const moneyOrNull = (value: string) => (value.trim() === '' ? null : parseMoneyInput(value))

function discountForTotals(discount: DiscountValues | null) {
  if (!discount) return null
  const amount = moneyOrNull(discount.amount)
  const percentage = amount === null ? moneyOrNull(discount.percentage) : null
  return amount === null && percentage === null ? null : { amount, percentage }
}

/**
 * The live totals, computed only by the domain's documentTotals; each line needs its tax's rate. Null when they cannot
 * be computed yet (a rate not loaded).
 */
export function liveTotals(
  values: EditorValues,
  rateOf: (taxId: string) => string | undefined,
  taxFree: boolean,
  finalInvoiceSources: FinalInvoiceSources | null = null,
): DocumentTotals | null {
  const signed = (value: string | null) => (value !== null && values.isCreditNote ? creditNoteAmount(value) : value)
  const lines = []
  for (const line of values.lines) {
    const ratePercent = taxFree ? '0' : rateOf(line.taxId)
    if (ratePercent === undefined) return null
    // A credit note is stored negative whatever sign is typed (the server does the same): show it so at once.
    const amount = moneyOrZero(line.amount)
    lines.push({
      quantity: parseQuantityInput(line.quantity) ?? '0',
      amount: values.isCreditNote ? creditNoteAmount(amount) : amount,
      ratePercent,
      discount: discountForTotals(line.discount),
    })
  }
  try {
    const totals = documentTotals({
      lines,
      discount: discountForTotals(values.discount),
      deliveryFees: signed(values.hasDeliveryFees ? moneyOrNull(values.deliveryFees) : null),
      disbursement: signed(values.hasDisbursement ? moneyOrNull(values.disbursement) : null),
      taxFree,
    })
    // A final invoice's VAT is settled against its quote and deposits, as the server does.
    if (!finalInvoiceSources) return totals
    return {
      ...totals,
      ...settleFinalInvoiceVat(totals, finalInvoiceSources.quote, finalInvoiceSources.deposits),
    }
  } catch {
    return null
  }
}

/** The billing addresses of a customer (type BILLING), the first one being the default. */
export const billingAddresses = (contact: ContactDto | undefined) =>
  (contact?.addresses ?? []).filter((address) => address.addressTypeId === ADDRESS_TYPE_BILLING_ID)

/** Moves the item at `from` to `to` (both indexes in the list before the move). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list]
  const next = [...list]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved as T)
  return next
}
