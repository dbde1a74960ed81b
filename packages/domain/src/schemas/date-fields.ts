import { z } from 'zod'
import { isBusinessDate, isIsoDate } from '../dates/calendar'
import { messages } from '../messages/index'

const v = messages.validation

export const isoDateField = () =>
  z
    .string({ error: v.required })
    .refine((value) => isIsoDate(value), { error: v.dateInvalid, abort: true })
    .refine((value) => isBusinessDate(value), { error: v.dateOutOfRange })

export const optionalIsoDateField = () =>
  z
    .string({ error: v.dateInvalid })
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isIsoDate(value), { error: v.dateInvalid, abort: true })
    .refine((value) => value === null || isBusinessDate(value), { error: v.dateOutOfRange })
