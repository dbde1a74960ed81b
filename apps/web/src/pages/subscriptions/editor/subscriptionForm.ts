import {
  type InvoiceDto,
  type IsoDate,
  invoiceSchema,
  messages,
  type SalesSettingsDto,
  todayInParis,
} from '@app/domain'
import { type EditorValues, newDocumentValues, toInput } from '../../../components/documents/editor/editorForm'
import {
  newRecurringValues,
  recurringFormErrors,
  type SavedDates,
} from '../../../components/documents/editor/recurringForm'
import { zodValidate } from '../../../lib/form'

/**
 * A new recurring invoice: a new invoice's defaults (terms, payment term of the settings), named 'Nouvelle facture
 * récurrente', with the recurring defaults of spec/sales.md §9.
 */
export function newSubscriptionValues(
  settings: SalesSettingsDto | null,
  taxFree: boolean,
  today: IsoDate = todayInParis(),
): EditorValues {
  return {
    ...newDocumentValues({ kind: 'invoice', isCreditNote: false, taxFree, settings, today }),
    name: messages.documents.defaultRecurringName,
    recurringParams: newRecurringValues(settings, today),
  }
}

/** The dates a saved subscription had: the date rules compare with them (an unchanged past start stays valid). */
export const savedDatesOf = (document: InvoiceDto | null): SavedDates =>
  document?.recurringParams
    ? { startingAt: document.recurringParams.startingAt, endingAt: document.recurringParams.endingAt }
    : null

const invoiceErrors = zodValidate(invoiceSchema)

/**
 * The form's validation: the domain's invoice schema (with recurringParamsSchema inside), then the rules that need
 * today (recurringDateErrors); the schema's message wins on a field both refuse.
 */
export function subscriptionErrors(
  values: EditorValues,
  saved: SavedDates,
  today: IsoDate = todayInParis(),
): Record<string, string> {
  const schemaErrors = invoiceErrors(toInput('invoice', values) as never)
  const dateErrors = values.recurringParams ? recurringFormErrors(values.recurringParams, { today, saved }) : {}
  return { ...dateErrors, ...schemaErrors }
}
