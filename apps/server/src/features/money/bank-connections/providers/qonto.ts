import { divide, isBusinessDate, toCents, todayInParis } from '@app/domain'
import { z } from 'zod'
import type { Clock } from '../../../../lib/clock'
import { callProvider, readAs } from './http'
import {
  type BankProvider,
  type BankSession,
  ProviderError,
  type ProviderLink,
  type ProviderTransaction,
} from './types'

/**
 * The neobank connector, Qonto's public Business API (docs.qonto.com), through OAuth 2:
 * - the user consents at `{oauth}/oauth2/auth?client_id&redirect_uri&response_type=code&scope&state` and comes back
 *   to redirect_uri with `code` and `state` (or `error`);
 * - POST `{oauth}/oauth2/token` (form: grant_type authorization_code or refresh_token, client_id, client_secret…)
 *   answers access_token (1 hour), refresh_token (90 days, with offline_access) and expires_in;
 * - GET `{api}/v2/organization` (bearer) answers the organisation with its bank_accounts;
 * - GET `{api}/v2/transactions?bank_account_id&status[]&settled_at_from&sort_by&current_page&per_page` pages with
 *   meta.next_page (per_page at most 100).
 */

const SCOPE = 'offline_access organization.read'
const PER_PAGE = 100
const MAX_PAGES = 5000
/** A token is refreshed when it has less than this left, rather than after a 401 (Qonto's advice). */
const REFRESH_MARGIN_MS = 60_000

const tokensSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().nullish(),
  expires_in: z.number().int().positive(),
})
const organizationSchema = z.object({
  organization: z.object({
    slug: z.string().min(1),
    legal_name: z.string().nullish(),
    name: z.string().nullish(),
    bank_accounts: z.array(
      z.object({
        id: z.string().min(1),
        slug: z.string().nullish(),
        name: z.string().nullish(),
        iban: z.string().nullish(),
        bic: z.string().nullish(),
        balance_cents: z.number().int().nullish(),
        status: z.string().nullish(),
      }),
    ),
  }),
})
const transactionsSchema = z.object({
  transactions: z.array(
    z.object({
      id: z.string().nullish(),
      transaction_id: z.string().nullish(),
      amount_cents: z.number().int(),
      side: z.enum(['credit', 'debit']),
      label: z.string().nullish(),
      reference: z.string().nullish(),
      settled_at: z.string().nullish(),
      emitted_at: z.string().nullish(),
    }),
  ),
  meta: z.object({ next_page: z.number().int().nullish() }),
})

/** Cents (Qonto's exact integer amounts) as our 2-decimal string; null when absent or beyond any real amount. */
function centsToEuros(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined || Math.abs(cents) >= 1e14) return null
  return toCents(divide(cents, 100))
}

type QontoLine = z.output<typeof transactionsSchema>['transactions'][number]

function transactionOf(line: QontoLine): ProviderTransaction {
  const id = line.transaction_id || line.id
  const instant = line.settled_at ?? line.emitted_at
  const date = instant ? new Date(instant) : null
  if (!id || !date || Number.isNaN(date.getTime()) || Math.abs(line.amount_cents) >= 1e14)
    throw new ProviderError('unavailable', 'Qonto: a transaction has no id, date or usable amount')
  const amount = centsToEuros(Math.abs(line.amount_cents) * (line.side === 'debit' ? -1 : 1)) as string
  const datedAt = todayInParis(date)
  if (!isBusinessDate(datedAt)) throw new ProviderError('unavailable', 'Qonto: a transaction has no usable date')
  const label = line.label?.trim() || 'Transaction'
  return {
    id,
    datedAt,
    valueDate: null,
    amount,
    rawName: label,
    counterparty: line.label?.trim() || null,
    reference: line.reference?.trim() || null,
  }
}

export function createQontoProvider(config: {
  clientId: string
  clientSecret: string
  apiUrl: string
  oauthUrl: string
  timeoutMs: number
  clock: Clock
}): BankProvider {
  const options = { provider: 'Qonto', timeoutMs: config.timeoutMs }
  const api = (path: string, token: string) =>
    callProvider(`${config.apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } }, options)

  /** The token endpoint, for the first tokens and their refresh: the link to keep afterwards. */
  async function tokens(form: Record<string, string>, previous: ProviderLink | null): Promise<ProviderLink> {
    const body = readAs(
      tokensSchema,
      await callProvider(
        `${config.oauthUrl}/oauth2/token`,
        { method: 'POST', form: { ...form, client_id: config.clientId, client_secret: config.clientSecret } },
        options,
      ),
      'Qonto',
    )
    return {
      externalId: previous?.externalId ?? null,
      externalUserId: null,
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? previous?.refreshToken ?? null,
      tokenExpiresAt: new Date(config.clock().getTime() + body.expires_in * 1000),
    }
  }

  const organizationOf = async (token: string) =>
    readAs(organizationSchema, await api('/v2/organization', token), 'Qonto').organization

  return {
    code: 'qonto',
    name: 'Qonto',
    kind: 'neobank',

    async connectUrl({ state, callbackUrl }) {
      const query = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: callbackUrl,
        response_type: 'code',
        scope: SCOPE,
        state,
      })
      return { url: `${config.oauthUrl}/oauth2/auth?${query}`, externalUserId: null }
    },

    async complete(query, { callbackUrl, link }) {
      if (query.error || !query.code)
        throw new ProviderError('cancelled', `Qonto: ${query.error_description ?? query.error ?? 'no code came back'}`)
      const kept = await tokens({ grant_type: 'authorization_code', code: query.code, redirect_uri: callbackUrl }, link)
      const organization = await organizationOf(kept.accessToken as string)
      return { ...kept, externalId: organization.slug, bankName: 'Qonto' }
    },

    async open(stored): Promise<BankSession> {
      if (!stored.accessToken) throw new ProviderError('refused', 'Qonto: the connection has no token')
      const expiring =
        !stored.tokenExpiresAt || stored.tokenExpiresAt.getTime() - config.clock().getTime() < REFRESH_MARGIN_MS
      let link = stored
      if (expiring) {
        if (!stored.refreshToken) throw new ProviderError('refused', 'Qonto: the token expired and cannot be refreshed')
        link = await tokens({ grant_type: 'refresh_token', refresh_token: stored.refreshToken }, stored)
      }
      const token = link.accessToken as string
      let organization: Awaited<ReturnType<typeof organizationOf>> | undefined
      const readOrganization = async () => {
        organization ??= await organizationOf(token)
        return organization
      }
      return {
        link,
        async status() {
          await readOrganization()
          return { code: 0, info: null, description: null }
        },
        async accounts() {
          const { bank_accounts: accounts } = await readOrganization()
          return accounts
            .filter((account) => account.status !== 'closed')
            .map((account) => ({
              id: account.id,
              name: account.name?.trim() || 'Compte Qonto',
              iban: account.iban ?? null,
              bic: account.bic ?? null,
              balance: centsToEuros(account.balance_cents),
            }))
        },
        async transactions(accountId, since) {
          const lines: ProviderTransaction[] = []
          for (let page: number | null | undefined = 1, count = 0; page; count++) {
            if (count >= MAX_PAGES) throw new ProviderError('unavailable', 'Qonto: pagination does not end')
            const query = new URLSearchParams({
              bank_account_id: accountId,
              'status[]': 'completed',
              sort_by: 'settled_at:asc',
              per_page: String(PER_PAGE),
              current_page: String(page),
            })
            if (since) query.set('settled_at_from', since.toISOString())
            const body = readAs(transactionsSchema, await api(`/v2/transactions?${query}`, token), 'Qonto')
            for (const line of body.transactions) lines.push(transactionOf(line))
            page = body.meta.next_page
          }
          return lines
        },
      }
    },

    async revoke() {
      // Qonto's tokens are dropped with the connection: the refresh token then lapses within its 90 days.
    },
  }
}
