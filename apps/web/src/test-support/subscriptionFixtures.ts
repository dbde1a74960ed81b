import type { InvoiceDto, InvoiceListItemDto, RecurringParamsDto } from '@app/domain'
import { invoice, invoiceListItem } from './documentFixtures'

/**
 * Test data of the recurring invoice pages: a subscription is an invoice row with isRecurring and its parameters.
 * Each builder gives an active monthly one on the 5th with a customer; a test passes the fields it is about.
 */

export function recurringParams(fields: Partial<RecurringParamsDto> = {}): RecurringParamsDto {
  return {
    startingAt: '2026-12-05',
    endingAt: null,
    endingType: 'date',
    occurrences: null,
    remainingOccurrences: null,
    recurrence: 1,
    unit: 'month',
    day: 5,
    nextOccurrence: '2026-12-05',
    isActive: true,
    creationOption: 'draft',
    emails: { emailRecipient: null, cc: null, cci: null, subject: null, body: null },
    generatedCount: 0,
    lastOccurrenceAt: null,
    status: 'ACTIVE',
    description: 'tous les mois, le 5',
    ...fields,
  }
}

const contact = { id: 7, name: 'ACME', contactTypeId: 1 }

/** A subscription as GET /invoices?filter[recurring]=true lists it. */
export function subscriptionItem(
  fields: Partial<InvoiceListItemDto> = {},
  params: Partial<RecurringParamsDto> = {},
): InvoiceListItemDto {
  return invoiceListItem({
    id: 30,
    name: 'Maintenance mensuelle',
    isRecurring: true,
    contactId: contact.id,
    contact,
    amount: '120.00',
    totalTaxExcluded: '100.00',
    totalTaxes: '20.00',
    totalTaxIncluded: '120.00',
    recurringParams: recurringParams(params),
    ...fields,
  })
}

/** A full subscription (GET /invoices/{id}). */
export function subscription(fields: Partial<InvoiceDto> = {}, params: Partial<RecurringParamsDto> = {}): InvoiceDto {
  return invoice({ ...subscriptionItem({}, params), ...fields })
}
