import { z } from 'zod'
import { messages } from '../messages/index'
import { idField } from '../schemas/common'
import { optionalIsoDateField } from '../schemas/date-fields'
import { pagingFields, searchFields } from '../schemas/lists'
import { AUDIT_CATEGORIES } from './categories'
import { auditMessages } from './messages'

/** The filters of the audit trail, the same for the page and its CSV export: a period (Paris days), a member, a category. */
const filterFields = () => ({
  // What was done, by whom, from where: the summary, the person's name or e-mail, the address.
  ...searchFields(),
  'filter[from]': optionalIsoDateField().optional(),
  'filter[to]': optionalIsoDateField().optional(),
  'filter[userId]': idField(messages.validation.choiceInvalid).optional(),
  'filter[category]': z.enum(AUDIT_CATEGORIES, { error: messages.validation.choiceInvalid }).optional(),
})

const periodInOrder = (query: { 'filter[from]'?: string | null; 'filter[to]'?: string | null }) =>
  !query['filter[from]'] || !query['filter[to]'] || query['filter[from]'] <= query['filter[to]']

const periodIssue = { error: auditMessages.periodReversed, path: ['filter[to]'] }

/** GET /audit-events: newest first. */
export const auditEventListQuerySchema = z
  .strictObject({ ...pagingFields(), ...filterFields() })
  .refine(periodInOrder, periodIssue)
export type AuditEventListQuery = z.output<typeof auditEventListQuerySchema>

/** GET /audit-events/export.csv: every event the filters keep, newest first. */
export const auditEventExportQuerySchema = z.strictObject(filterFields()).refine(periodInOrder, periodIssue)
export type AuditEventExportQuery = z.output<typeof auditEventExportQuerySchema>
export type AuditEventFilters = AuditEventExportQuery
