import { type AnyColumn, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { bankConnections, organizationPaymentModes } from '../db/schema/index'
import type { SecretBox } from './secrets'

/** A value present and not in the sealed form (lib/secrets.ts). */
const plain = (column: AnyColumn) => sql`(${column} is not null and ${column} not like 'v1:%')`

/**
 * Secrets written before they were encrypted (the organisations' Stripe keys, the bank connections' tokens) are
 * sealed at start, so a copy of the database taken after an upgrade holds none in clear. A no-op once done. Returns
 * how many rows it sealed.
 */
export async function sealLegacySecrets(database: Database, secrets: SecretBox): Promise<number> {
  const { db } = database
  const seal = (value: string | null) => (value === null || secrets.isSealed(value) ? value : secrets.seal(value))
  let count = 0
  const keys = await db
    .select({
      organizationId: organizationPaymentModes.organizationId,
      paymentModeId: organizationPaymentModes.paymentModeId,
      secretKey: organizationPaymentModes.secretKey,
    })
    .from(organizationPaymentModes)
    .where(plain(organizationPaymentModes.secretKey))
  for (const row of keys) {
    await db
      .update(organizationPaymentModes)
      .set({ secretKey: seal(row.secretKey) })
      .where(
        sql`${organizationPaymentModes.organizationId} = ${row.organizationId} and ${organizationPaymentModes.paymentModeId} = ${row.paymentModeId}`,
      )
    count++
  }
  const connections = await db
    .select({
      organizationId: bankConnections.organizationId,
      id: bankConnections.id,
      accessToken: bankConnections.accessToken,
      refreshToken: bankConnections.refreshToken,
    })
    .from(bankConnections)
    .where(or(plain(bankConnections.accessToken), plain(bankConnections.refreshToken)))
  for (const row of connections) {
    await db
      .update(bankConnections)
      .set({ accessToken: seal(row.accessToken), refreshToken: seal(row.refreshToken) })
      .where(sql`${bankConnections.organizationId} = ${row.organizationId} and ${bankConnections.id} = ${row.id}`)
    count++
  }
  return count
}
