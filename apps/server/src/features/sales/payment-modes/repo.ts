import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { organizationPaymentModes, paymentModes } from '../../../db/schema/index'

export type PaymentModeRow = typeof paymentModes.$inferSelect
export type OrganizationPaymentModeRow = typeof organizationPaymentModes.$inferSelect

export function createPaymentModesRepo(db: DbOrTx) {
  return {
    /** Every mode of the reference list with the organisation's row, when it has made one. */
    async list(organizationId: number) {
      return db
        .select({ mode: paymentModes, chosen: organizationPaymentModes })
        .from(paymentModes)
        .leftJoin(
          organizationPaymentModes,
          and(
            eq(organizationPaymentModes.paymentModeId, paymentModes.id),
            eq(organizationPaymentModes.organizationId, organizationId),
          ),
        )
        .orderBy(asc(paymentModes.id))
    },

    /** Writes the organisation's row of a mode (made on first change). */
    async upsert(
      organizationId: number,
      paymentModeId: number,
      values: Pick<OrganizationPaymentModeRow, 'isActive' | 'iban' | 'bic' | 'accountName' | 'updatedAt'>,
    ) {
      await db
        .insert(organizationPaymentModes)
        .values({ organizationId, paymentModeId, ...values })
        .onConflictDoUpdate({
          target: [organizationPaymentModes.organizationId, organizationPaymentModes.paymentModeId],
          set: {
            isActive: sql`excluded.is_active`,
            iban: sql`excluded.iban`,
            bic: sql`excluded.bic`,
            accountName: sql`excluded.account_name`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
    },
  }
}
