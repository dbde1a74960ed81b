import { isBusinessDate, messages } from '@app/domain'
import { z } from 'zod'
import { callProvider, euros, readAs } from './http'
import {
  type BankProvider,
  type BankSession,
  type ProviderAccount,
  ProviderError,
  type ProviderLink,
  type ProviderStatus,
  type ProviderTransaction,
} from './types'

/**
 * The aggregator connector, Bridge API v3 (docs.bridgeapi.io, version 2025-01-15). Every call carries Client-Id,
 * Client-Secret and Bridge-Version; a user's calls also a bearer token from POST /v3/aggregation/authorization/token.
 *
 * - Our organisation is a Bridge user (POST /v3/aggregation/users with our external_user_id; 409 when it exists).
 * - POST /v3/aggregation/connect-sessions {user_email, callback_url, context, item_id?} → {url}: Bridge's page, which
 *   sends the browser back to callback_url with context, item_id, user_uuid, success (and step when it failed).
 * - An item (one bank login) has a status: 0 OK, -2/-3 refresh in progress, 402 wrong credentials, 429 action needed
 *   at the bank, 1003, 1005, 1010 (one-time code), 1100 (pro accounts to validate)…, with status_code_info and
 *   status_code_description (in French with Accept-Language: fr).
 * - GET /v3/aggregation/accounts?item_id= and /transactions?account_id=&since=&limit= page with pagination.next_uri.
 */

export const BRIDGE_VERSION = '2025-01-15'
const PAGE_LIMIT = 500
/** A loop guard: far beyond any account's history at 500 lines a page. */
const MAX_PAGES = 2000
/** Accounts that are bank accounts in the books (loans, brokerage, life insurance are not). */
const BOOKED_TYPES = new Set(['checking', 'savings'])

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_at: z.string().nullish(),
  user: z.object({ uuid: z.string().min(1) }).passthrough(),
})
const sessionSchema = z.object({ url: z.string().url().startsWith('http') })
const itemSchema = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.number().int(),
  status_code_info: z.string().nullish(),
  status_code_description: z.string().nullish(),
  provider_id: z.number().int().nullish(),
})
const providerSchema = z.object({ name: z.string() })
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    resources: z.array(item),
    pagination: z.object({ next_uri: z.string().nullish() }).nullish(),
  })
const accountSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string().nullish(),
  balance: z.number().nullish(),
  iban: z.string().nullish(),
  type: z.string().nullish(),
  data_access: z.string().nullish(),
})
const transactionSchema = z.object({
  id: z.union([z.number(), z.string()]),
  clean_description: z.string().nullish(),
  provider_description: z.string().nullish(),
  bank_description: z.string().nullish(),
  amount: z.number(),
  date: z.string(),
  value_date: z.string().nullish(),
  deleted: z.boolean().nullish(),
  future: z.boolean().nullish(),
})

/** Items refreshing for the first time, or after new credentials, are not in error: their data is on its way. */
function statusOf(item: z.output<typeof itemSchema>): ProviderStatus {
  if (item.status === -2 || item.status === -3)
    return { code: 0, info: 'sync_in_progress', description: messages.bankConnections.syncInProgress }
  return { code: item.status, info: item.status_code_info ?? null, description: item.status_code_description ?? null }
}

function transactionOf(line: z.output<typeof transactionSchema>): ProviderTransaction {
  const amount = euros(line.amount)
  if (amount === null || !isBusinessDate(line.date))
    throw new ProviderError('unavailable', `Bridge: transaction ${line.id} has no usable amount or date`)
  const raw = (line.provider_description || line.bank_description || line.clean_description || '').trim()
  return {
    id: String(line.id),
    datedAt: line.date,
    valueDate: line.value_date && isBusinessDate(line.value_date) ? line.value_date : null,
    amount,
    rawName: raw || 'Transaction',
    counterparty: null,
    reference: null,
  }
}

export function createBridgeProvider(config: {
  clientId: string
  clientSecret: string
  apiUrl: string
  timeoutMs: number
}): BankProvider {
  const origin = new URL(config.apiUrl).origin
  const call = (path: string, request: Parameters<typeof callProvider>[1] = {}, token?: string) =>
    callProvider(
      path.startsWith('http') ? path : `${config.apiUrl}${path}`,
      {
        ...request,
        headers: {
          'Client-Id': config.clientId,
          'Client-Secret': config.clientSecret,
          'Bridge-Version': BRIDGE_VERSION,
          'Accept-Language': 'fr',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      { provider: 'Bridge', timeoutMs: config.timeoutMs },
    )

  /** A user's token, by our id of the user (at connection) or by Bridge's uuid (afterwards). */
  const authorize = async (who: { external_user_id: string } | { user_uuid: string }) =>
    readAs(tokenSchema, await call('/v3/aggregation/authorization/token', { method: 'POST', json: who }), 'Bridge')

  /** Every page of a list, following pagination.next_uri on Bridge's own host only. */
  async function allPages<T extends z.ZodType>(path: string, item: T, token: string): Promise<z.output<T>[]> {
    const rows: z.output<T>[] = []
    let next: string | null | undefined = path
    for (let page = 0; next; page++) {
      if (page >= MAX_PAGES) throw new ProviderError('unavailable', 'Bridge: pagination does not end')
      const url = new URL(next, `${config.apiUrl}/`)
      if (url.origin !== origin) throw new ProviderError('unavailable', 'Bridge: next page on another host')
      const body = readAs(pageOf(item), await call(url.toString(), {}, token), 'Bridge')
      for (const row of body.resources) rows.push(row)
      next = body.pagination?.next_uri
    }
    return rows
  }

  const itemOf = async (itemId: string, token: string) =>
    readAs(itemSchema, await call(`/v3/aggregation/items/${encodeURIComponent(itemId)}`, {}, token), 'Bridge')

  const bankNameOf = async (providerId: number | null | undefined) => {
    if (!providerId) return null
    try {
      return readAs(providerSchema, await call(`/v3/providers/${providerId}`), 'Bridge').name
    } catch {
      return null // the bank's name is a nicety: the connection works without it
    }
  }

  return {
    code: 'bridge',
    name: 'Bridge',
    kind: 'aggregator',

    async connectUrl({ state, callbackUrl, userEmail, organizationId, link }) {
      const externalUserId = `carnet-organization-${organizationId}`
      if (!link?.externalUserId) {
        try {
          await call('/v3/aggregation/users', { method: 'POST', json: { external_user_id: externalUserId } })
        } catch (error) {
          // 409: this organisation is already a Bridge user (a previous connection, or one that never came back).
          if (!(error instanceof ProviderError && error.status === 409)) throw error
        }
      }
      const auth = await authorize(
        link?.externalUserId ? { user_uuid: link.externalUserId } : { external_user_id: externalUserId },
      )
      const session = readAs(
        sessionSchema,
        await call(
          '/v3/aggregation/connect-sessions',
          {
            method: 'POST',
            json: {
              user_email: userEmail,
              callback_url: callbackUrl,
              context: state,
              ...(link?.externalId ? { item_id: Number(link.externalId) } : {}),
            },
          },
          auth.access_token,
        ),
        'Bridge',
      )
      return { url: session.url, externalUserId: auth.user.uuid }
    },

    async complete(query, { link }) {
      if (query.success !== 'true')
        throw new ProviderError('cancelled', `Bridge: the user left at step ${query.step ?? 'unknown'}`)
      const itemId = query.item_id ?? link?.externalId
      if (!itemId || !/^\d{1,20}$/.test(itemId) || !link?.externalUserId)
        throw new ProviderError('cancelled', 'Bridge: no item came back')
      const auth = await authorize({ user_uuid: link.externalUserId })
      // Read with this user's token: an item id that is not theirs answers 404 (refused), never someone else's item.
      const item = await itemOf(itemId, auth.access_token)
      return {
        externalId: String(item.id),
        externalUserId: auth.user.uuid,
        accessToken: null,
        refreshToken: null,
        tokenExpiresAt: null,
        bankName: await bankNameOf(item.provider_id),
      }
    },

    async open(link: ProviderLink): Promise<BankSession> {
      if (!link.externalUserId || !link.externalId)
        throw new ProviderError('refused', 'Bridge: the connection has no user or item')
      const itemId = link.externalId
      const { access_token: token } = await authorize({ user_uuid: link.externalUserId })
      return {
        link,
        async status() {
          return statusOf(await itemOf(itemId, token))
        },
        async accounts(): Promise<ProviderAccount[]> {
          const rows = await allPages(
            `/v3/aggregation/accounts?item_id=${encodeURIComponent(itemId)}&limit=${PAGE_LIMIT}`,
            accountSchema,
            token,
          )
          return rows
            .filter((row) => (!row.type || BOOKED_TYPES.has(row.type)) && row.data_access !== 'disabled')
            .map((row) => ({
              id: String(row.id),
              name: row.name?.trim() || 'Compte bancaire',
              iban: row.iban ?? null,
              bic: null,
              balance: euros(row.balance),
            }))
        },
        async transactions(accountId, since) {
          const query = new URLSearchParams({ account_id: accountId, limit: String(PAGE_LIMIT) })
          if (since) query.set('since', since.toISOString())
          const rows = await allPages(`/v3/aggregation/transactions?${query}`, transactionSchema, token)
          // Deleted lines are gone from the bank; future ones (scheduled debits) come back booked under another id.
          return rows.filter((row) => !row.deleted && !row.future).map(transactionOf)
        },
      }
    },

    async revoke(link) {
      if (!link.externalUserId || !link.externalId) return
      const { access_token: token } = await authorize({ user_uuid: link.externalUserId })
      await call(`/v3/aggregation/items/${encodeURIComponent(link.externalId)}`, { method: 'DELETE' }, token)
    },
  }
}
