import type { DepositType, DiscountValue, LineType, OperationNature } from '../documents/types'
import type { CreationOption, EndingType, RecurringUnit } from '../recurrence/rules'
import type { SubscriptionStatus } from '../recurrence/status'
import type { VatRateTotal } from '../vat/breakdown'
import type { AddressDto, Ref } from './account'

/** Response shapes of API.md "Sales documents". Money: decimal strings; totals with 2 decimals. */

export type DocumentStateDto = { id: number; code: string; name: string; color: string }

export type DocumentLineDto = {
  id: number
  position: number
  name: string
  description: string | null
  reference: string | null
  type: LineType
  /** As entered, canonical ("1", "2.5"). */
  quantity: string
  /** Unit price HT, as entered (up to 6 decimals). */
  amount: string
  unitId: number
  unit: Ref
  taxId: number
  tax: Ref & { amount: string }
  itemId: number | null
  discount: { amount: string | null; percentage: string | null } | null
  /** Line net HT, to the cent. */
  totalTaxExcluded: string
  /** For deduction lines of a final invoice: the deposit invoice deducted. */
  depositInvoiceId: number | null
}

export type DocumentDiscountDto = { name: string } & { amount: string | null; percentage: string | null }

/** The customer as printed on a validated document (snapshot taken at validation; live data on drafts). */
export type DocumentCustomerDto = {
  name: string
  contactTypeId: number
  registrySiren: string | null
  intracommunityTaxNumber: string | null
  email: string | null
  billingAddress: AddressDto | null
  deliveryAddress: AddressDto | null
}

type DocumentCommon = {
  id: number
  name: string
  /** Null on drafts (shown 'Aucune'): a reference is given at validation. */
  reference: string | null
  description: string | null
  terms: string | null
  /** Net to pay (TTC), 2 decimals. */
  amount: string
  totalTaxExcluded: string
  totalTaxes: string
  totalTaxIncluded: string
  discount: DocumentDiscountDto | null
  deliveryFees: string | null
  disbursement: string | null
  latePenalties: string | null
  datedAt: string
  paymentLimitAt: string
  contactId: number | null
  contact: { id: number; name: string; contactTypeId: number } | null
  billingAddressId: number | null
  deliveryAddressId: number | null
  customer: DocumentCustomerDto | null
  currencyId: number
  stateId: number
  state: DocumentStateDto
  nature: OperationNature
  vatOnDebits: boolean
  taxFree: boolean
  /** The PDF (GET …/pdf). */
  documentUrl: string | null
  /** The PDF at this version (`?v=updatedAt`), for previews that must refresh when the document changes. */
  previewUrl: string | null
  origin: string | null
  commentsCount: number
  user: { id: number; name: string } | null
  createdAt: string
  updatedAt: string
  validatedAt: string | null
}

export type InvoiceListItemDto = DocumentCommon & {
  type: 'F' | 'AV'
  isCreditNote: boolean
  /** A deposit invoice made from a quote. */
  isDeposit: boolean
  /** The final invoice of a quote with deposits. */
  isFinal: boolean
  isRecurring: boolean
  deliveredAt: string | null
  paymentLimit: number
  paymentEndOfMonth: boolean
  paymentDateAt: string | null
  quoteId: number | null
  quote: { id: number; reference: string | null } | null
  creditedInvoiceId: number | null
  creditedInvoice: { id: number; reference: string | null } | null
  /** Payments linked to the invoice (bank transactions come with the money side). */
  transactions: { amount: string; datedAt: string }[]
  /** On a recurring invoice (isRecurring): its schedule, what it has produced and its badge. */
  recurringParams: RecurringParamsDto | null
  /** On an invoice a recurring invoice created: that recurring invoice. */
  subscriptionId: number | null
}

/** spec/sales.md §3 "RecurringParams", plus what the server knows of its past and its badge as of today. */
export type RecurringParamsDto = {
  startingAt: string
  endingAt: string | null
  endingType: EndingType
  occurrences: number | null
  /** Null when the end is by date. */
  remainingOccurrences: number | null
  recurrence: number
  unit: RecurringUnit
  /** Day of the month (1, 5, … 31 = last day) for a monthly schedule, weekday (1 = Monday) for a weekly one. */
  day: number | null
  /** Null once the schedule has ended. */
  nextOccurrence: string | null
  isActive: boolean
  creationOption: CreationOption
  emails: {
    emailRecipient: string | null
    cc: string | null
    cci: string | null
    subject: string | null
    body: string | null
  }
  /** How many invoices it has created, and the date of the last one. */
  generatedCount: number
  lastOccurrenceAt: string | null
  /** Brouillon, Suspendu, Actif or Terminé (spec/sales.md §4 "Recurring invoice badge"). */
  status: SubscriptionStatus
  /** "tous les mois, le 5". */
  description: string
}

export type InvoiceDto = InvoiceListItemDto & {
  lines: DocumentLineDto[]
  vatBreakdown: VatRateTotal[]
  creditNotes: { id: number; reference: string | null; amount: string; datedAt: string }[]
  /** TTC that can still be credited (0 for credit notes and drafts). */
  remainingToCredit: string
  /** On a final invoice: what its VAT is settled against (settleFinalInvoiceVat), so the editor shows the same. */
  finalInvoiceSources: FinalInvoiceSources | null
}

export type FinalInvoiceSources = { quote: VatRateTotal[]; deposits: VatRateTotal[][] }

export type QuoteDepositDto = {
  id: number
  reference: string | null
  name: string
  datedAt: string
  stateId: number
  state: DocumentStateDto
  totalTaxExcluded: string
  totalTaxIncluded: string
  amount: string
}

export type QuoteListItemDto = DocumentCommon & {
  validityLimit: number
  /** The final invoice, once converted. */
  invoiceId: number | null
  depositsCount: number
}

export type QuoteDto = QuoteListItemDto & {
  lines: DocumentLineDto[]
  vatBreakdown: VatRateTotal[]
  deposits: QuoteDepositDto[]
  /** Deposits already invoiced, HT and TTC, and what remains to invoice. */
  depositsTotalTaxExcluded: string
  depositsTotalTaxIncluded: string
  availableStates: DocumentStateDto[]
}

export type InvoiceSummaryDto = {
  paid: { sum: string; count: number }
  pending: { sum: string; count: number }
  late: { sum: string; count: number }
}

export type SalesSettingsDto = {
  invoiceEmail: string | null
  quoteEmail: string | null
  recurringEmail: string | null
  /** Defaults of a new recurring invoice (spec/sales.md §3 "recurringUnit, recurringCreationOption, recurringEndingType"). */
  recurringUnit: RecurringUnit
  recurringCreationOption: CreationOption
  recurringEndingType: EndingType
  emailSignature: string | null
  invoiceEmailSubject: string | null
  quoteEmailSubject: string | null
  invoiceTerms: string | null
  quoteTerms: string | null
  quoteValidityPeriod: number | null
  invoicePaymentLimit: number | null
  invoicePaymentEndOfMonth: boolean
  hasDeliveryFees: boolean
  hasLatePenalties: boolean
  hasDisbursement: boolean
  hasDiscounts: boolean
  latePenaltyRate: string | null
  vatOnDebits: boolean
  creditNotePrefix: string
  invoiceReference: ReferenceNumberingDto
  creditNoteReference: ReferenceNumberingDto
  quoteReference: ReferenceNumberingDto
  invoiceCurrentChrono: number
  quoteCurrentChrono: number
  /** Appearance (spec/account.md §3): primary colour "#RRGGBB", font id and key, the stored files' URLs or null. */
  colorPrimary: string
  fontId: number
  fontTitle: string
  logoUrl: string | null
  iconUrl: string | null
  backgroundUrl: string | null
  backgroundNextPagesUrl: string | null
}

export type ReferenceNumberingDto = {
  id: number
  series: 'invoice' | 'credit_note' | 'quote'
  prefix: string
  separator: string
  suffix: string
  hasDate: boolean
  hasDay: boolean
  hasMonth: boolean
  hasYearLong: boolean
  hasYearShort: boolean
  dateSeparator: string
  currentChrono: number
  /** The live example ("F-AAAA-XXXX") and the next reference it would give today. */
  example: string
  next: string
}

/** What a deposit request would give (also returned by the deposit modal's preview, if any). */
export type DepositPreview = { type: DepositType; base: string; remaining: string; deposit: string }

export type { DiscountValue }
