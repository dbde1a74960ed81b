import { z } from 'zod'
import { PAYMENT_METHODS } from '../documents/payments'
import { DEPOSIT_TYPES, type DiscountValue, LINE_TYPES } from '../documents/types'
import { CREATION_OPTIONS, ENDING_TYPES, RECURRING_UNITS } from '../recurrence/rules'
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../recurrence/status'
import { addressDtoSchema, refSchema } from './account'
import { documentEInvoicingDtoSchema } from './e-invoicing-documents'

/** Response shapes of API.md "Sales documents". Money: decimal strings; totals with 2 decimals. */

const money = () => z.string().meta({ description: 'Montant décimal en chaîne ("120.50")' })
const date = () => z.string().meta({ description: 'Date YYYY-MM-DD' })
const timestamp = () => z.string().meta({ description: 'Horodatage ISO 8601' })
const OPERATION_NATURES = ['GOODS', 'SERVICES', 'MIXED'] as const
const SUBSCRIPTION_STATUS_CODES = Object.keys(SUBSCRIPTION_STATUSES) as [SubscriptionStatus, ...SubscriptionStatus[]]

export const documentStateDtoSchema = z
  .object({ id: z.number().int(), code: z.string(), name: z.string(), color: z.string() })
  .meta({ id: 'DocumentState', description: "État d'une facture ou d'un devis" })
export type DocumentStateDto = z.infer<typeof documentStateDtoSchema>

/** spec/sales.md §3 "VatRateTotal": one VAT rate of a document. */
export const vatRateTotalSchema = z
  .object({
    /** Canonical rate in percent: "20", "5.5". */
    ratePercent: z.string(),
    taxExcluded: money(),
    taxAmount: money(),
    taxIncluded: money(),
  })
  .meta({ id: 'VatRateTotal', description: 'Totaux HT, TVA et TTC à un taux de TVA' })

const discountValueSchema = z.object({ amount: money().nullable(), percentage: z.string().nullable() })

export const documentLineDtoSchema = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    reference: z.string().nullable(),
    type: z.enum(LINE_TYPES),
    /** As entered, canonical ("1", "2.5"). */
    quantity: z.string(),
    /** Unit price HT, as entered (up to 6 decimals). */
    amount: money(),
    unitId: z.number().int(),
    unit: refSchema,
    taxId: z.number().int(),
    tax: refSchema.extend({ amount: z.string() }),
    itemId: z.number().int().nullable(),
    discount: discountValueSchema.nullable(),
    /** Line net HT, to the cent. */
    totalTaxExcluded: money(),
    /** For deduction lines of a final invoice: the deposit invoice deducted. */
    depositInvoiceId: z.number().int().nullable(),
  })
  .meta({ id: 'DocumentLine', description: "Ligne d'une facture ou d'un devis" })
export type DocumentLineDto = z.infer<typeof documentLineDtoSchema>

export const documentDiscountDtoSchema = discountValueSchema.extend({ name: z.string() })
export type DocumentDiscountDto = z.infer<typeof documentDiscountDtoSchema>

/** The customer as printed on a validated document (snapshot taken at validation; live data on drafts). */
export const documentCustomerDtoSchema = z
  .object({
    name: z.string(),
    contactTypeId: z.number().int(),
    registrySiren: z.string().nullable(),
    intracommunityTaxNumber: z.string().nullable(),
    email: z.string().nullable(),
    billingAddress: addressDtoSchema.nullable(),
    deliveryAddress: addressDtoSchema.nullable(),
  })
  .meta({ id: 'DocumentCustomer', description: 'Le client tel qu’imprimé sur le document validé' })
export type DocumentCustomerDto = z.infer<typeof documentCustomerDtoSchema>

const documentCommonFields = {
  id: z.number().int(),
  name: z.string(),
  /** Null on drafts (shown 'Aucune'): a reference is given at validation. */
  reference: z.string().nullable(),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  /** Net to pay (TTC), 2 decimals. */
  amount: money(),
  totalTaxExcluded: money(),
  totalTaxes: money(),
  totalTaxIncluded: money(),
  discount: documentDiscountDtoSchema.nullable(),
  deliveryFees: money().nullable(),
  disbursement: money().nullable(),
  latePenalties: z.string().nullable(),
  datedAt: date(),
  paymentLimitAt: date(),
  contactId: z.number().int().nullable(),
  contact: z.object({ id: z.number().int(), name: z.string(), contactTypeId: z.number().int() }).nullable(),
  billingAddressId: z.number().int().nullable(),
  deliveryAddressId: z.number().int().nullable(),
  customer: documentCustomerDtoSchema.nullable(),
  currencyId: z.number().int(),
  stateId: z.number().int(),
  state: documentStateDtoSchema,
  nature: z.enum(OPERATION_NATURES),
  vatOnDebits: z.boolean(),
  taxFree: z.boolean(),
  /** The PDF (GET …/pdf). */
  documentUrl: z.string().nullable(),
  /** The PDF at this version (`?v=updatedAt`), for previews that must refresh when the document changes. */
  previewUrl: z.string().nullable(),
  origin: z.string().nullable(),
  commentsCount: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  validatedAt: timestamp().nullable(),
}

/** spec/sales.md §3 "RecurringParams", plus what the server knows of its past and its badge as of today. */
export const recurringParamsDtoSchema = z
  .object({
    startingAt: date(),
    endingAt: date().nullable(),
    endingType: z.enum(ENDING_TYPES),
    occurrences: z.number().int().nullable(),
    /** Null when the end is by date. */
    remainingOccurrences: z.number().int().nullable(),
    recurrence: z.number().int(),
    unit: z.enum(RECURRING_UNITS),
    /** Day of the month (1, 5, … 31 = last day) for a monthly schedule, weekday (1 = Monday) for a weekly one. */
    day: z.number().int().nullable(),
    /** Null once the schedule has ended. */
    nextOccurrence: date().nullable(),
    isActive: z.boolean(),
    creationOption: z.enum(CREATION_OPTIONS),
    emails: z.object({
      emailRecipient: z.string().nullable(),
      cc: z.string().nullable(),
      cci: z.string().nullable(),
      subject: z.string().nullable(),
      body: z.string().nullable(),
    }),
    /** How many invoices it has created, and the date of the last one. */
    generatedCount: z.number().int(),
    lastOccurrenceAt: date().nullable(),
    /** Brouillon, Suspendu, Actif or Terminé (spec/sales.md §4 "Recurring invoice badge"). */
    status: z.enum(SUBSCRIPTION_STATUS_CODES),
    /** "tous les mois, le 5". */
    description: z.string(),
  })
  .meta({ id: 'RecurringParams', description: "Calendrier d'une facture récurrente, son historique et son badge" })
export type RecurringParamsDto = z.infer<typeof recurringParamsDtoSchema>

const documentRefSchema = z.object({ id: z.number().int(), reference: z.string().nullable() })

const invoiceListItemFields = {
  ...documentCommonFields,
  type: z.enum(['F', 'AV']),
  isCreditNote: z.boolean(),
  /** A deposit invoice made from a quote. */
  isDeposit: z.boolean(),
  /** The final invoice of a quote with deposits. */
  isFinal: z.boolean(),
  isRecurring: z.boolean(),
  deliveredAt: date().nullable(),
  paymentLimit: z.number().int(),
  paymentEndOfMonth: z.boolean(),
  paymentDateAt: date().nullable(),
  quoteId: z.number().int().nullable(),
  quote: documentRefSchema.nullable(),
  creditedInvoiceId: z.number().int().nullable(),
  creditedInvoice: documentRefSchema.nullable(),
  /**
   * What each transfer attached to the invoice paid of it, on the transfer's date, in their order (decision 0024 "A
   * bank line that pays invoices"): the net to pay less their sum is what is left to pay.
   */
  transactions: z.array(z.object({ amount: money(), datedAt: date() })),
  /** On a recurring invoice (isRecurring): its schedule, what it has produced and its badge. */
  recurringParams: recurringParamsDtoSchema.nullable(),
  /** On an invoice a recurring invoice created: that recurring invoice. */
  subscriptionId: z.number().int().nullable(),
  /**
   * Where the invoice stands on the e-invoicing network (decision 0043): its lifecycle status, or how it travels
   * while it has none (queued, failed, by e-mail outside the directory); null when it never went through the outbox.
   * Optional in the type only: the API always answers it.
   */
  eInvoiceStatus: z
    .object({
      code: z.number().int().nullable(),
      label: z.string(),
      delivery: z.enum(['queued', 'sent', 'failed', 'skipped']),
    })
    .nullable()
    .optional(),
}

export const invoiceListItemDtoSchema = z
  .object(invoiceListItemFields)
  .meta({ id: 'InvoiceListItem', description: "Facture ou avoir, tel qu'en liste" })
export type InvoiceListItemDto = z.infer<typeof invoiceListItemDtoSchema>

/** On a final invoice: what its VAT is settled against (settleFinalInvoiceVat), so the editor shows the same. */
export const finalInvoiceSourcesSchema = z.object({
  quote: z.array(vatRateTotalSchema),
  deposits: z.array(z.array(vatRateTotalSchema)),
})
export type FinalInvoiceSources = z.infer<typeof finalInvoiceSourcesSchema>

/**
 * A payment of an invoice: recorded by hand (`id`, waiting for its bank line until `transactionId` reconciles it) or
 * made by a bank line attached to the invoice (`id` null, its share as the books count it).
 */
export const invoicePaymentDtoSchema = z
  .object({
    id: z.number().int().nullable(),
    paidAt: date(),
    amount: money(),
    method: z.enum(PAYMENT_METHODS),
    /** The bank line that carries it: attached to the invoice, or reconciled with a payment recorded by hand. */
    transactionId: z.number().int().nullable(),
    reconciled: z.boolean(),
  })
  .meta({ id: 'InvoicePayment', description: "Paiement d'une facture" })
export type InvoicePaymentDto = z.infer<typeof invoicePaymentDtoSchema>

export const invoiceDtoSchema = z
  .object({
    ...invoiceListItemFields,
    /** Every payment, by date: by hand and by bank line. */
    payments: z.array(invoicePaymentDtoSchema),
    /** TTC still to pay once payments and credit notes count (0 for credit notes and drafts). */
    remainingToPay: money(),
    lines: z.array(documentLineDtoSchema),
    vatBreakdown: z.array(vatRateTotalSchema),
    creditNotes: z.array(documentRefSchema.extend({ amount: money(), datedAt: date() })),
    /** TTC that can still be credited (0 for credit notes and drafts). */
    remainingToCredit: money(),
    finalInvoiceSources: finalInvoiceSourcesSchema.nullable(),
    /**
     * Its journey on the e-invoicing network (issue 33): null when it has none (not connected, a draft). Always
     * answered by the API; optional in the type so documents built elsewhere (the PDF's sample) need not say it.
     */
    eInvoicing: documentEInvoicingDtoSchema.nullable().optional(),
  })
  .meta({ id: 'Invoice', description: 'Facture ou avoir, avec ses lignes' })
export type InvoiceDto = z.infer<typeof invoiceDtoSchema>

export const quoteDepositDtoSchema = z.object({
  id: z.number().int(),
  reference: z.string().nullable(),
  name: z.string(),
  datedAt: date(),
  stateId: z.number().int(),
  state: documentStateDtoSchema,
  totalTaxExcluded: money(),
  totalTaxIncluded: money(),
  amount: money(),
})
export type QuoteDepositDto = z.infer<typeof quoteDepositDtoSchema>

const quoteListItemFields = {
  ...documentCommonFields,
  validityLimit: z.number().int(),
  /** The final invoice, once converted. */
  invoiceId: z.number().int().nullable(),
  depositsCount: z.number().int(),
}

export const quoteListItemDtoSchema = z
  .object(quoteListItemFields)
  .meta({ id: 'QuoteListItem', description: "Devis, tel qu'en liste" })
export type QuoteListItemDto = z.infer<typeof quoteListItemDtoSchema>

export const quoteDtoSchema = z
  .object({
    ...quoteListItemFields,
    lines: z.array(documentLineDtoSchema),
    vatBreakdown: z.array(vatRateTotalSchema),
    deposits: z.array(quoteDepositDtoSchema),
    /** Deposits already invoiced, HT and TTC, and what remains to invoice. */
    depositsTotalTaxExcluded: money(),
    depositsTotalTaxIncluded: money(),
    availableStates: z.array(documentStateDtoSchema),
  })
  .meta({ id: 'Quote', description: 'Devis, avec ses lignes et ses acomptes' })
export type QuoteDto = z.infer<typeof quoteDtoSchema>

const sumAndCount = () => z.object({ sum: money(), count: z.number().int() })

export const invoiceSummaryDtoSchema = z
  .object({ paid: sumAndCount(), pending: sumAndCount(), late: sumAndCount() })
  .meta({ id: 'InvoiceSummary', description: 'Factures payées, en attente et en retard : somme et nombre' })
export type InvoiceSummaryDto = z.infer<typeof invoiceSummaryDtoSchema>

export const referenceNumberingDtoSchema = z
  .object({
    id: z.number().int(),
    series: z.enum(['invoice', 'credit_note', 'quote']),
    prefix: z.string(),
    separator: z.string(),
    suffix: z.string(),
    hasDate: z.boolean(),
    hasDay: z.boolean(),
    hasMonth: z.boolean(),
    hasYearLong: z.boolean(),
    hasYearShort: z.boolean(),
    dateSeparator: z.string(),
    currentChrono: z.number().int(),
    /** The live example ("F-AAAA-XXXX") and the next reference it would give today. */
    example: z.string(),
    next: z.string(),
  })
  .meta({ id: 'ReferenceNumbering', description: 'Numérotation des factures, des avoirs ou des devis' })
export type ReferenceNumberingDto = z.infer<typeof referenceNumberingDtoSchema>

export const salesSettingsDtoSchema = z
  .object({
    invoiceEmail: z.string().nullable(),
    quoteEmail: z.string().nullable(),
    recurringEmail: z.string().nullable(),
    /** Defaults of a new recurring invoice (spec/sales.md §3 "recurringUnit, recurringCreationOption, recurringEndingType"). */
    recurringUnit: z.enum(RECURRING_UNITS),
    recurringCreationOption: z.enum(CREATION_OPTIONS),
    recurringEndingType: z.enum(ENDING_TYPES),
    emailSignature: z.string().nullable(),
    invoiceEmailSubject: z.string().nullable(),
    quoteEmailSubject: z.string().nullable(),
    invoiceTerms: z.string().nullable(),
    quoteTerms: z.string().nullable(),
    quoteValidityPeriod: z.number().int().nullable(),
    invoicePaymentLimit: z.number().int().nullable(),
    invoicePaymentEndOfMonth: z.boolean(),
    hasDeliveryFees: z.boolean(),
    hasLatePenalties: z.boolean(),
    hasDisbursement: z.boolean(),
    hasDiscounts: z.boolean(),
    latePenaltyRate: z.string().nullable(),
    vatOnDebits: z.boolean(),
    lateInvoiceReminders: z.boolean().meta({
      description: 'Relance chaque semaine par e-mail les clients des factures en retard (formules payantes)',
    }),
    creditNotePrefix: z.string(),
    invoiceReference: referenceNumberingDtoSchema,
    creditNoteReference: referenceNumberingDtoSchema,
    quoteReference: referenceNumberingDtoSchema,
    invoiceCurrentChrono: z.number().int(),
    quoteCurrentChrono: z.number().int(),
    /** Appearance (spec/account.md §3): primary colour "#RRGGBB", font id and key, the stored files' URLs or null. */
    colorPrimary: z.string(),
    fontId: z.number().int(),
    fontTitle: z.string(),
    logoUrl: z.string().nullable(),
    iconUrl: z.string().nullable(),
    backgroundUrl: z.string().nullable(),
    backgroundNextPagesUrl: z.string().nullable(),
  })
  .meta({ id: 'SalesSettings', description: 'Paramètres de vente et apparence des documents' })
export type SalesSettingsDto = z.infer<typeof salesSettingsDtoSchema>

/** What a deposit request would give (also returned by the deposit modal's preview, if any). */
export const depositPreviewSchema = z.object({
  type: z.enum(DEPOSIT_TYPES),
  base: money(),
  remaining: money(),
  deposit: money(),
})
export type DepositPreview = z.infer<typeof depositPreviewSchema>

/** POST /recurring-calendar: the next dates of a schedule. */
export const recurringCalendarDtoSchema = z.array(date())

export type { DiscountValue }
