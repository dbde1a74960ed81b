import { z } from 'zod'
import { isBusinessDate, isIsoDate } from '../dates/calendar'
import { messages } from '../messages/index'

const v = messages.validation

/** Any real calendar day: a filter or a period may name the first and last days a date can (the audit trail's). */
export const isoDateField = () =>
  z.string({ error: v.required }).refine((value) => isIsoDate(value), { error: v.dateInvalid, abort: true })

export const optionalIsoDateField = () =>
  z
    .string({ error: v.dateInvalid })
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isIsoDate(value), { error: v.dateInvalid, abort: true })

/**
 * The date of something written (a document, a bank line, a payment): a real day within BUSINESS_YEARS, since the
 * books open every fiscal year up to it (decision 0002).
 */
export const businessDateField = () =>
  isoDateField().refine((value) => isBusinessDate(value), { error: v.dateOutOfRange, abort: true })

export const optionalBusinessDateField = () =>
  optionalIsoDateField().refine((value) => value === null || isBusinessDate(value), { error: v.dateOutOfRange })
