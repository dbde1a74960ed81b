import { z } from 'zod'
import { messages } from '../messages/index'
import { compare, isPositive } from '../money/arithmetic'

/** spec/account.md §5 "Payment provider": the secret key's length. */
export const CARD_PAYMENT_KEY_MAX = 255
/** Stripe's secret keys: live or test mode; a publishable key (pk_) or a restricted one (rk_) cannot create a session. */
const SECRET_KEY_PATTERN = /^sk_(live|test)_[A-Za-z0-9_]+$/

const c = messages.cardPayment

/** A payment limit in whole euros, taxes included; null when its toggle is off (spec/account.md §5). */
const limitField = () =>
  z
    .number({ error: c.limitPositive })
    .int({ error: c.limitPositive })
    .positive({ error: c.limitPositive })
    .max(99_999_999, { error: c.limitPositive })
    .nullable()

/**
 * PATCH /settings/card-payment: the organisation's own Stripe secret key and the amounts (TTC) between which its
 * customers may pay an invoice by card. Every field optional (PATCH is partial); `secretKey: null` removes the key.
 */
export const cardPaymentSchema = z
  .strictObject({
    secretKey: z
      .string({ error: c.keyFormat })
      .trim()
      .max(CARD_PAYMENT_KEY_MAX, { error: c.keyTooLong })
      .regex(SECRET_KEY_PATTERN, { error: c.keyFormat })
      .nullable()
      .optional(),
    paymentMinimum: limitField().optional(),
    paymentLimit: limitField().optional(),
  })
  .refine(
    (body) => body.paymentMinimum == null || body.paymentLimit == null || body.paymentMinimum <= body.paymentLimit,
    { error: c.limitOrder, path: ['paymentMinimum'] },
  )
export type CardPaymentBody = z.input<typeof cardPaymentSchema>

/** Whether an invoice of this total (TTC, a decimal string) may be paid by card under the organisation's limits. */
export function withinCardLimits(
  totalTaxIncluded: string,
  limits: { paymentMinimum: number | null; paymentLimit: number | null },
): boolean {
  if (!isPositive(totalTaxIncluded)) return false
  if (limits.paymentMinimum !== null && compare(totalTaxIncluded, limits.paymentMinimum) < 0) return false
  if (limits.paymentLimit !== null && compare(totalTaxIncluded, limits.paymentLimit) > 0) return false
  return true
}
