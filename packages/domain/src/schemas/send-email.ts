import { z } from 'zod'
import { messages } from '../messages/index'
import { isEmail, TEXT_MAX } from './common'

const v = messages.validation
const s = messages.sending

/** At most this many addresses in one list (recipients, Cc or Bcc). */
export const MAIL_ADDRESSES_MAX = 20
/** The body of a document e-mail. */
export const MAIL_CONTENT_MAX = 10_000

/** "a@x.fr; b@y.fr;" → ["a@x.fr", "b@y.fr"]: semicolons separate, blanks are dropped. */
export const splitAddresses = (value: string): string[] =>
  value
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)

/**
 * A semicolon-separated list of addresses, each checked on its own: one message per bad address, all on the list's
 * field. Each address must be a bare address (no display name, no CR/LF), so no header can be smuggled in.
 */
const addressList = (required: boolean) =>
  z
    .string({ error: v.required })
    .max(5000, { error: v.tooLong(5000) })
    .superRefine((value, ctx) => {
      const list = splitAddresses(value)
      if (list.length === 0) {
        if (required) ctx.addIssue({ code: 'custom', message: v.required })
        return
      }
      if (list.length > MAIL_ADDRESSES_MAX)
        ctx.addIssue({ code: 'custom', message: s.tooManyAddresses(MAIL_ADDRESSES_MAX) })
      for (const address of list) {
        if (address.length > 254 || !isEmail(address))
          ctx.addIssue({ code: 'custom', message: s.invalidAddress(address) })
      }
    })
    .transform((value) => [...new Set(splitAddresses(value).map((address) => address.toLowerCase()))])

/** Optional lists: absent, null or blank means none (the client sends them absent when empty). */
const optionalAddressList = () =>
  z
    .preprocess((value) => (value === null || value === undefined ? '' : value), addressList(false))
    .optional()
    .transform((value) => (value && value.length > 0 ? value : undefined))

/**
 * The same checks for a list kept as typed text (a recurring invoice's recipients): "a@x.fr; b@y.fr" is stored as
 * "a@x.fr;b@y.fr", a blank optional list as null.
 */
export const addressListText = (required: boolean) =>
  z
    .preprocess((value) => (value === null || value === undefined ? '' : value), addressList(required))
    .transform((list) => (list.length > 0 ? list.join(';') : null))

/**
 * POST /invoices/{id}/send and /quotes/{id}/send (spec/sales.md §5 "Send-by-email"). The subject is one line: a CR
 * or LF would be a header injection attempt, so it is refused, not cleaned.
 */
export const sendEmailSchema = z.strictObject({
  emailRecipient: addressList(true),
  ccMails: optionalAddressList(),
  bccMails: optionalAddressList(),
  subject: z
    .string({ error: v.required })
    .refine((value) => !/[\r\n]/.test(value), { error: s.subjectOneLine })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: v.required })
        .max(TEXT_MAX, { error: v.tooLong(TEXT_MAX) }),
    ),
  contentMail: z
    .string({ error: v.required })
    .trim()
    .min(1, { error: v.required })
    .max(MAIL_CONTENT_MAX, { error: v.tooLong(MAIL_CONTENT_MAX) }),
  meInCopy: z.boolean({ error: v.required }).default(true),
})
export type SendEmailInput = z.input<typeof sendEmailSchema>
export type SendEmailBody = z.output<typeof sendEmailSchema>
