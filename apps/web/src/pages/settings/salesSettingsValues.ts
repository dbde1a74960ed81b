import type { CreationOption, EndingType, RecurringUnit } from '@app/domain'

/** The form's values: strings for text and number inputs, shaped like PATCH /settings so errors land on their field. */
export type SalesSettingsValues = {
  invoiceTerms: string
  quoteTerms: string
  quoteValidityPeriod: string
  invoicePaymentLimit: string
  invoicePaymentEndOfMonth: boolean
  hasDeliveryFees: boolean
  hasLatePenalties: boolean
  latePenaltyRate: string
  hasDisbursement: boolean
  hasDiscounts: boolean
  vatOnDebits: boolean
  lateInvoiceReminders: boolean
  invoiceEmailSubject: string
  invoiceEmail: string
  quoteEmailSubject: string
  quoteEmail: string
  emailSignature: string
  recurringUnit: RecurringUnit
  recurringCreationOption: CreationOption
  recurringEndingType: EndingType
  recurringEmail: string
}
