import { z } from 'zod'
import { isIsoDate } from '../dates/calendar'
import { messages } from '../messages/index'

const v = messages.validation

export const isoDateField = () =>
  z.string({ error: v.required }).refine((value) => isIsoDate(value), { error: v.dateInvalid })

export const optionalIsoDateField = () =>
  z
    .string({ error: v.dateInvalid })
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isIsoDate(value), { error: v.dateInvalid })
