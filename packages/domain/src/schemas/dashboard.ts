import { z } from 'zod'
import { messages } from '../messages/index'
import { isoDateField } from './date-fields'

/**
 * ?from&to of every GET /dashboard/* (API.md): both optional, the server filling what is missing with the default
 * period (from the fiscal year's start to today, spec/account.md §2); the end not before the start. No length limit:
 * the invoices' summary is asked from 2000-01-01 (spec/account.md §7).
 */
export const dashboardQuerySchema = z
  .strictObject({ from: isoDateField().optional(), to: isoDateField().optional() })
  .refine((period) => !period.from || !period.to || period.to >= period.from, {
    error: messages.ledger.periodEndBeforeStart,
    path: ['to'],
  })
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>

/** What the OpenAPI document says of ?from&to on every dashboard route. */
export const dashboardQueryDescription =
  'Sans `from`, le début de l’exercice comptable contenant `to` ; sans `to`, aujourd’hui (Paris). Les montants sont ' +
  'lus dans le grand livre, en chaînes décimales au centime.'
