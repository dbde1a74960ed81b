import { z } from 'zod'
import { messages } from '../messages/index'
import { NOTIFICATION_DEFAULT_THRESHOLD } from '../notifications/index'
import { emailField, optionalPhoneField, optionalText, requiredText } from './common'
import { pagingFields, searchFields } from './lists'
import { patchBodyOf } from './patch'

const v = messages.validation

export const profileUpdateSchema = z.strictObject({
  firstname: requiredText(),
  lastname: requiredText(),
  email: emailField(),
  position: optionalText(),
  phoneMobile: optionalPhoneField(),
  phoneOffice: optionalPhoneField(),
})
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>
export type ProfileUpdate = z.output<typeof profileUpdateSchema>

/**
 * PATCH /me: every profile field optional (absent keeps the stored value). A new e-mail also needs the current
 * password; it is not applied at once: a code goes to the new address (POST /me/email/confirm).
 */
export const profilePatchSchema = patchBodyOf(profileUpdateSchema).extend({
  currentPassword: z
    .string({ error: v.passwordEmpty })
    .max(200, { error: v.tooLong(200) })
    .optional(),
})
export type ProfilePatchInput = z.input<typeof profilePatchSchema>
export type ProfilePatch = z.output<typeof profilePatchSchema>

/** POST /me/email/confirm: the 6-digit code sent to the new address. */
export const emailChangeConfirmSchema = z.strictObject({
  code: z
    .string({ error: v.codeSixDigits })
    .trim()
    .regex(/^\d{6}$/, { error: v.codeSixDigits }),
})
export type EmailChangeConfirm = z.output<typeof emailChangeConfirmSchema>

/** Lists whose grid/list display is remembered per user (spec/account.md §3). */
export const DISPLAY_LISTS = ['invoices', 'quotes', 'receipts', 'catalog', 'customers'] as const
export const PAGE_SIZES = [25, 50, 100] as const

const displayMode = z.enum(['grid', 'list'])

const n = messages.notifications.preferences
const threshold = () =>
  z
    .number({ error: n.thresholdInvalid })
    .int({ error: n.thresholdInvalid })
    .min(0, { error: n.thresholdInvalid })
    .max(99_999_999, { error: n.thresholdInvalid })
const flag = () => z.boolean({ error: v.invalidData })
const thresholdPreference = z.object({ enabled: flag(), threshold: threshold() })
const reportPreference = z.object({
  day: z
    .number({ error: n.dayInvalid })
    .int({ error: n.dayInvalid })
    .min(1, { error: n.dayInvalid })
    .max(7, { error: n.dayInvalid })
    .nullable(),
  hour: z
    .number({ error: n.hourInvalid })
    .int({ error: n.hourInvalid })
    .min(0, { error: n.hourInvalid })
    .max(23, { error: n.hourInvalid })
    .nullable(),
  transactionsUncategorized: flag(),
  transactionsWithoutReceipt: flag(),
})

/** spec/account.md §3 preferences.notifications: thresholds of income and outcome, mobile, the events, the report. */
export const notificationPreferencesSchema = z.object({
  income: thresholdPreference,
  outcome: thresholdPreference,
  mobile: flag(),
  synchroLost: flag(),
  commentAdded: flag(),
  negativeBalance: flag(),
  stripeInvoicePaid: flag(),
  report: reportPreference,
})
/**
 * PATCH /me/preferences' notifications: every field optional down to the nested ones, merged into what is stored, so
 * that enabling a threshold without a figure keeps the stored one (500 by default, spec §9).
 */
export const notificationPreferencesPatchSchema = z.strictObject({
  income: z.strictObject(thresholdPreference.shape).partial().optional(),
  outcome: z.strictObject(thresholdPreference.shape).partial().optional(),
  mobile: flag().optional(),
  synchroLost: flag().optional(),
  commentAdded: flag().optional(),
  negativeBalance: flag().optional(),
  stripeInvoicePaid: flag().optional(),
  report: z.strictObject(reportPreference.shape).partial().optional(),
})
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatchSchema>
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>

export const preferencesSchema = z.object({
  display: z.partialRecord(z.enum(DISPLAY_LISTS), displayMode),
  mode: z.enum(['light', 'dark']),
  notifications: notificationPreferencesSchema,
  pageSize: z.union([z.literal(25), z.literal(50), z.literal(100)]),
})
export type Preferences = z.infer<typeof preferencesSchema>

export const preferencesUpdateSchema = z
  .strictObject({
    display: z.partialRecord(z.enum(DISPLAY_LISTS), displayMode),
    mode: z.enum(['light', 'dark']),
    notifications: notificationPreferencesPatchSchema,
    pageSize: z.union([z.literal(25), z.literal(50), z.literal(100)]),
  })
  .partial()
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>

/** Spec defaults: thresholds 500 when enabled, synchroLost, commentAdded and stripeInvoicePaid on, negativeBalance off. */
export const defaultPreferences = (): Preferences => ({
  display: { invoices: 'list', quotes: 'list', receipts: 'grid', catalog: 'list', customers: 'list' },
  mode: 'light',
  notifications: {
    income: { enabled: false, threshold: NOTIFICATION_DEFAULT_THRESHOLD },
    outcome: { enabled: false, threshold: NOTIFICATION_DEFAULT_THRESHOLD },
    mobile: false,
    synchroLost: true,
    commentAdded: true,
    negativeBalance: false,
    stripeInvoicePaid: true,
    report: { day: null, hour: null, transactionsUncategorized: false, transactionsWithoutReceipt: false },
  },
  pageSize: 25,
})

export const apiTokenCreateSchema = z.strictObject({ name: requiredText(100) })
export type ApiTokenCreate = z.output<typeof apiTokenCreateSchema>

/** GET /me/tokens pages like every list (API.md "Lists"). */
export const apiTokenListQuerySchema = z.strictObject({ ...pagingFields(), ...searchFields() })
export type ApiTokenListQuery = z.output<typeof apiTokenListQuerySchema>

export const CLOSE_SENTENCE = 'je confirme la clôture de mon compte'

export const closeAccountRequestSchema = z.strictObject({
  sentence: z
    .string({ error: v.required })
    .trim()
    .refine((value) => value.toLowerCase() === CLOSE_SENTENCE, { error: v.closeSentence }),
  organizationName: requiredText(),
})
export const closeAccountConfirmSchema = z.strictObject({
  code: z
    .string({ error: v.codeSixDigits })
    .trim()
    .regex(/^\d{6}$/, { error: v.codeSixDigits }),
})
