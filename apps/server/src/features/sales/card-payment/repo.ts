import { PAYMENT_MODE_IDS } from '@app/domain'
import { and, eq, gte, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { cardPaymentSessions, organizationPaymentModes, paymentModes } from '../../../db/schema/index'
import type { SecretBox } from '../../../lib/secrets'

export type CardPaymentRow = {
  isActive: boolean
  secretKey: string | null
  paymentMinimum: number | null
  paymentLimit: number | null
}

const STRIPE = PAYMENT_MODE_IDS.STRIPE

/**
 * The card payment settings live on the organisation's STRIPE payment mode row, as the IBAN on the transfer's. The
 * key is kept encrypted (lib/secrets.ts): sealed here on the way in, opened on the way out.
 */
export function createCardPaymentRepo(db: DbOrTx, secrets: SecretBox) {
  return {
    /** The STRIPE row, or the reference's default when the organisation never changed it. */
    async find(organizationId: number): Promise<CardPaymentRow> {
      const [row] = await db
        .select({
          isActive: sql<boolean>`coalesce(${organizationPaymentModes.isActive}, ${paymentModes.isActiveByDefault})`,
          secretKey: organizationPaymentModes.secretKey,
          paymentMinimum: organizationPaymentModes.paymentMinimum,
          paymentLimit: organizationPaymentModes.paymentLimit,
        })
        .from(paymentModes)
        .leftJoin(
          organizationPaymentModes,
          and(
            eq(organizationPaymentModes.paymentModeId, paymentModes.id),
            eq(organizationPaymentModes.organizationId, organizationId),
          ),
        )
        .where(eq(paymentModes.id, STRIPE))
      if (!row) throw new Error('the STRIPE payment mode is missing from the reference list')
      return { ...row, secretKey: row.secretKey === null ? null : secrets.openLegacy(row.secretKey) }
    },

    async save(organizationId: number, values: CardPaymentRow & { updatedAt: string }) {
      await db
        .insert(organizationPaymentModes)
        .values({
          organizationId,
          paymentModeId: STRIPE,
          ...values,
          secretKey: values.secretKey === null ? null : secrets.seal(values.secretKey),
        })
        .onConflictDoUpdate({
          target: [organizationPaymentModes.organizationId, organizationPaymentModes.paymentModeId],
          set: {
            isActive: sql`excluded.is_active`,
            secretKey: sql`excluded.secret_key`,
            paymentMinimum: sql`excluded.payment_minimum`,
            paymentLimit: sql`excluded.payment_limit`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
    },

    /** A Checkout Session just made for an invoice: watched until settled. */
    async recordSession(organizationId: number, invoiceId: number, sessionId: string, at: string) {
      await db.insert(cardPaymentSessions).values({ organizationId, invoiceId, sessionId, createdAt: at })
    },

    /** Sessions not settled, made since `since` (the provider's sessions expire after 24 hours). */
    async pendingSessions(since: string) {
      return db
        .select({
          organizationId: cardPaymentSessions.organizationId,
          invoiceId: cardPaymentSessions.invoiceId,
          sessionId: cardPaymentSessions.sessionId,
        })
        .from(cardPaymentSessions)
        .where(and(isNull(cardPaymentSessions.settledAt), gte(cardPaymentSessions.createdAt, since)))
        .orderBy(cardPaymentSessions.createdAt)
    },

    /** Scoped to the organisation: a session id typed on another organisation's page settles nothing. */
    async settle(organizationId: number, sessionId: string, at: string) {
      await db
        .update(cardPaymentSessions)
        .set({ settledAt: at })
        .where(
          and(
            eq(cardPaymentSessions.organizationId, organizationId),
            eq(cardPaymentSessions.sessionId, sessionId),
            isNull(cardPaymentSessions.settledAt),
          ),
        )
    },
  }
}
