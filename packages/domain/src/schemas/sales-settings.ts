import { z } from 'zod'
import { messages } from '../messages/index'
import { CREATION_OPTIONS, ENDING_TYPES, RECURRING_UNITS } from '../recurrence/rules'
import { colorPrimarySchema, fontIdSchema } from './appearance'
import { optionalText, TEXT_MAX } from './common'
import { DAYS_MAX, DOCUMENT_TEXT_MAX, optionalPercentage } from './documents'

const v = messages.validation
const d = messages.documents

const optionalDays = (min: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.coerce
      .number({ error: v.required })
      .int({ error: v.required })
      .min(min, { error: d.daysRange(min) })
      .max(DAYS_MAX, { error: d.daysRange(min) })
      .nullable(),
  )

/** The sales part of the organisation settings (spec/sales.md §3), every field required: what a merged PATCH must give. */
export const salesSettingsFields = z.strictObject({
  invoiceEmail: optionalText(DOCUMENT_TEXT_MAX),
  quoteEmail: optionalText(DOCUMENT_TEXT_MAX),
  recurringEmail: optionalText(DOCUMENT_TEXT_MAX),
  /** Defaults of a new recurring invoice (premium plans only, like the recurring e-mail). */
  recurringUnit: z.enum(RECURRING_UNITS, { error: v.choiceInvalid }),
  recurringCreationOption: z.enum(CREATION_OPTIONS, { error: v.choiceInvalid }),
  recurringEndingType: z.enum(ENDING_TYPES, { error: v.choiceInvalid }),
  emailSignature: optionalText(DOCUMENT_TEXT_MAX),
  invoiceEmailSubject: optionalText(),
  quoteEmailSubject: optionalText(),
  invoiceTerms: optionalText(DOCUMENT_TEXT_MAX),
  quoteTerms: optionalText(DOCUMENT_TEXT_MAX),
  quoteValidityPeriod: optionalDays(1),
  invoicePaymentLimit: optionalDays(0),
  invoicePaymentEndOfMonth: z.boolean(),
  hasDeliveryFees: z.boolean(),
  hasLatePenalties: z.boolean(),
  hasDisbursement: z.boolean(),
  hasDiscounts: z.boolean(),
  /** Default annual late-penalty rate printed for business customers (percent). */
  latePenaltyRate: optionalPercentage(),
  /** "Option pour le paiement de la taxe d'après les débits" (décret 2022-1299). */
  vatOnDebits: z.boolean(),
  /** Late invoices reminded to their customer once a week, sender copied (spec/sales.md "Reminders"). */
  lateInvoiceReminders: z.boolean(),
  /** Appearance (spec/account.md §3): "#RRGGBB" and a font of the fonts reference list. */
  colorPrimary: colorPrimarySchema,
  fontId: fontIdSchema,
})

/** PATCH /settings: every field optional (the server answers with patchBodyOf(salesSettingsFields), the same fields). */
export const salesSettingsSchema = salesSettingsFields.partial()
export type SalesSettingsBody = z.output<typeof salesSettingsSchema>

/** The settings of recurring invoices: a plan without them cannot change them (spec/sales.md §5). */
export const RECURRING_SETTINGS = [
  'recurringEmail',
  'recurringUnit',
  'recurringCreationOption',
  'recurringEndingType',
] as const satisfies readonly (keyof SalesSettingsBody)[]

const formatText = (max: number) =>
  z
    .string({ error: v.required })
    .max(max, { error: v.tooLong(max) })
    .refine((value) => !/[/\\\s]/.test(value.trim()) || value.trim() === '', { error: d.numberingCharacters })

/**
 * A numbering as a whole (spec/sales.md §5 "Numbering"): current counter required and ≥ 1. PATCH
 * /reference-numberings/{id} takes any of these fields (patchBodyOf) and validates the merged result with it.
 */
export const referenceNumberingSchema = z.strictObject({
  prefix: formatText(20).transform((value) => value.trim()),
  separator: z.enum(['', '-', '_', '.', '/'], { error: v.choiceInvalid }),
  suffix: formatText(20).transform((value) => value.trim()),
  hasDay: z.boolean(),
  hasMonth: z.boolean(),
  hasYearLong: z.boolean(),
  hasYearShort: z.boolean(),
  dateSeparator: z.enum(['', '-', '_', '.', '/'], { error: v.choiceInvalid }),
  currentChrono: z.coerce
    .number({ error: v.required })
    .int({ error: v.required })
    .min(1, { error: d.chronoMin })
    .max(999_999_999, { error: d.chronoMin }),
  /** The preview field of the editor; dropped before sending, ignored when sent. */
  reference: z
    .string({ error: v.required })
    .max(TEXT_MAX, { error: v.tooLong(TEXT_MAX) })
    .optional(),
})
export type ReferenceNumberingBody = z.output<typeof referenceNumberingSchema>
