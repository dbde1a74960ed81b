import { type BankConnectionDto, bankConnectionState, needsRenewal } from '@app/domain'
import type { SecretBox } from '../../../lib/secrets'
import type { BankProviders } from './providers/index'
import type { ProviderLink } from './providers/types'
import type { BankConnectionRow, createBankConnectionRepo } from './repo'

type JournalRow = Awaited<ReturnType<ReturnType<typeof createBankConnectionRepo>['journalsOf']>>[number]

const PROVIDER_NAMES = { bridge: 'Bridge', qonto: 'Qonto' } as const

export function presentConnection(
  row: BankConnectionRow,
  journals: JournalRow[],
  now: Date,
  providers: BankProviders,
): BankConnectionDto {
  const provider = row.provider as keyof typeof PROVIDER_NAMES
  const renewal = needsRenewal(row.expiresAt, now)
  return {
    id: row.id,
    provider,
    providerName: providers[provider]?.name ?? PROVIDER_NAMES[provider],
    bankName: row.bankName,
    isActive: row.isActive,
    statusCode: row.statusCode,
    statusCodeInfo: row.statusCodeInfo,
    statusCodeDescription: row.statusCodeDescription,
    state: bankConnectionState({ isActive: row.isActive, statusCode: row.statusCode, needsRenewal: renewal }),
    needsRenewal: renewal,
    expiresAt: row.expiresAt,
    lastSyncedAt: row.lastSyncedAt,
    journals: journals
      .filter((journal) => journal.bankConnectionId === row.id)
      .map(({ id, name, code, iban, isActive, balance }) => ({ id, name, code, iban, isActive, balance })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

const openToken = (secrets: SecretBox, stored: string | null) => (stored === null ? null : secrets.openLegacy(stored))
const sealToken = (secrets: SecretBox, plain: string | null) => (plain === null ? null : secrets.seal(plain))

/** What the connectors get of a stored connection: its tokens opened (they are kept encrypted, lib/secrets.ts). */
export const linkOf = (row: BankConnectionRow, secrets: SecretBox): ProviderLink => ({
  externalId: row.externalId,
  externalUserId: row.externalUserId,
  accessToken: openToken(secrets, row.accessToken),
  refreshToken: openToken(secrets, row.refreshToken),
  tokenExpiresAt: row.tokenExpiresAt ? new Date(row.tokenExpiresAt) : null,
})

/** What a connection keeps of a connector's link (tokens refreshed on the way included). */
export const storedLink = (link: ProviderLink, secrets: SecretBox) => ({
  externalUserId: link.externalUserId,
  accessToken: sealToken(secrets, link.accessToken),
  refreshToken: sealToken(secrets, link.refreshToken),
  tokenExpiresAt: link.tokenExpiresAt ? link.tokenExpiresAt.toISOString() : null,
})
