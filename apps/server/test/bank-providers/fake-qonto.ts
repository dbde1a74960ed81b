import { randomUUID } from 'node:crypto'
import type { Answer, Received } from './http'

/**
 * A local stand-in for Qonto's OAuth server and Business API v2 (docs.qonto.com), in their documented shapes:
 *
 * - GET /oauth2/auth?client_id&redirect_uri&response_type=code&scope&state is the consent page: the user consents at
 *   once and is sent to redirect_uri with `code` and `state` (`deny` makes the next one answer error=access_denied);
 * - POST /oauth2/token (application/x-www-form-urlencoded): grant_type authorization_code (code, redirect_uri — the
 *   same as at /oauth2/auth) or refresh_token (the last one given; it is then spent), with client_id and
 *   client_secret; answers access_token, expires_in 3600, refresh_token, token_type bearer, scope;
 *   400 invalid_grant, 401 invalid_client;
 * - GET /v2/organization and GET /v2/transactions?bank_account_id&status[]&settled_at_from&sort_by&current_page
 *   &per_page (at most 100), with a live bearer token (else 401); pages in `meta` (current_page, next_page…).
 */

export type FakeQontoAccount = { id: string; name: string; iban: string; balanceCents: number; status?: string }
export type FakeQontoLine = {
  account: string
  amountCents: number
  side: 'credit' | 'debit'
  label: string
  settledAt: string
  reference?: string | null
  status?: 'completed' | 'pending' | 'declined'
}

const json = (status: number, body?: unknown): Answer => ({ status, body })

export function createFakeQonto(credentials: { clientId: string; clientSecret: string }) {
  const organization = { slug: 'atelier-martin-4242', name: 'Atelier Martin', accounts: [] as FakeQontoAccount[] }
  const lines: (FakeQontoLine & { id: string; transactionId: string })[] = []
  const codes = new Map<string, string>() // code → redirect_uri it was given for
  const accessTokens = new Set<string>()
  const refreshTokens = new Set<string>()
  const controls = { deny: false, down: false }
  let lineNumber = 1000

  const issue = () => {
    const access = `ory_at_${randomUUID()}`
    const refresh = `ory_rt_${randomUUID()}`
    accessTokens.add(access)
    refreshTokens.add(refresh)
    return json(200, {
      access_token: access,
      expires_in: 3600,
      refresh_token: refresh,
      scope: 'offline_access organization.read',
      token_type: 'bearer',
    })
  }

  function handle(request: Received): Answer | undefined {
    if (controls.down) return json(503, { errors: [{ code: 'service_unavailable', detail: 'Maintenance' }] })
    const { method, path, query } = request
    if (method === 'GET' && path === '/oauth2/auth') {
      const redirect = query.get('redirect_uri') ?? ''
      const scopes = (query.get('scope') ?? '').split(' ')
      if (
        query.get('client_id') !== credentials.clientId ||
        query.get('response_type') !== 'code' ||
        !scopes.includes('organization.read') ||
        !redirect
      )
        return json(400, { error: 'invalid_request' })
      const back = new URL(redirect)
      back.searchParams.set('state', query.get('state') ?? '')
      if (controls.deny) {
        controls.deny = false
        back.searchParams.set('error', 'access_denied')
        back.searchParams.set('error_description', 'The resource owner denied the request')
        return { status: 302, location: back.toString() }
      }
      const code = `ory_ac_${randomUUID()}`
      codes.set(code, redirect)
      back.searchParams.set('code', code)
      return { status: 302, location: back.toString() }
    }
    if (method === 'POST' && path === '/oauth2/token') {
      if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
        return json(400, { error: 'invalid_request' })
      const form = (request.body ?? {}) as Record<string, string>
      if (form.client_id !== credentials.clientId || form.client_secret !== credentials.clientSecret)
        return json(401, { error: 'invalid_client' })
      if (form.grant_type === 'authorization_code') {
        if (!form.code || codes.get(form.code) !== form.redirect_uri) return json(400, { error: 'invalid_grant' })
        codes.delete(form.code)
        return issue()
      }
      if (form.grant_type === 'refresh_token') {
        if (!form.refresh_token || !refreshTokens.delete(form.refresh_token))
          return json(400, { error: 'invalid_grant' })
        return issue()
      }
      return json(400, { error: 'unsupported_grant_type' })
    }

    const header = String(request.headers.authorization ?? '')
    if (!header.startsWith('Bearer ') || !accessTokens.has(header.slice(7)))
      return json(401, { errors: [{ code: 'unauthorized', detail: 'Invalid or expired access token' }] })
    if (method === 'GET' && path === '/v2/organization')
      return json(200, {
        organization: {
          id: randomUUID(),
          name: organization.name,
          slug: organization.slug,
          legal_name: organization.name.toUpperCase(),
          bank_accounts: organization.accounts.map((account, index) => ({
            id: account.id,
            slug: `${organization.slug}-bank-account-${index + 1}`,
            iban: account.iban,
            bic: 'QNTOFRP1XXX',
            currency: 'EUR',
            balance: account.balanceCents / 100,
            balance_cents: account.balanceCents,
            authorized_balance: account.balanceCents / 100,
            authorized_balance_cents: account.balanceCents,
            name: account.name,
            status: account.status ?? 'active',
            main: index === 0,
          })),
        },
      })
    if (method === 'GET' && path === '/v2/transactions') {
      const accountId = query.get('bank_account_id')
      if (!organization.accounts.some((account) => account.id === accountId))
        return json(404, { errors: [{ code: 'not_found', detail: 'Bank account not found' }] })
      const statuses = query.getAll('status[]')
      const from = query.get('settled_at_from')
      const perPage = Math.min(Math.max(Number(query.get('per_page') ?? 100) || 100, 1), 100)
      const current = Math.max(Number(query.get('current_page') ?? 1) || 1, 1)
      const matching = lines
        .filter(
          (line) =>
            line.account === accountId &&
            (statuses.length === 0 || statuses.includes(line.status ?? 'completed')) &&
            (!from || line.settledAt >= new Date(from).toISOString()),
        )
        .sort((a, b) => a.settledAt.localeCompare(b.settledAt))
      const totalPages = Math.max(1, Math.ceil(matching.length / perPage))
      return json(200, {
        transactions: matching.slice((current - 1) * perPage, current * perPage).map((line) => ({
          id: line.id,
          transaction_id: line.transactionId,
          amount: line.amountCents / 100,
          amount_cents: line.amountCents,
          side: line.side,
          operation_type: line.side === 'debit' ? 'card' : 'income',
          currency: 'EUR',
          label: line.label,
          settled_at: line.settledAt,
          emitted_at: line.settledAt,
          updated_at: line.settledAt,
          status: line.status ?? 'completed',
          note: null,
          reference: line.reference ?? null,
          bank_account_id: line.account,
        })),
        meta: {
          current_page: current,
          next_page: current < totalPages ? current + 1 : null,
          prev_page: current > 1 ? current - 1 : null,
          total_pages: totalPages,
          total_count: matching.length,
          per_page: perPage,
        },
      })
    }
    return json(404, { errors: [{ code: 'not_found', detail: 'Not found' }] })
  }

  return {
    organization,
    lines,
    controls,
    handle,
    addLine(line: FakeQontoLine) {
      const number = lineNumber++
      lines.push({ ...line, id: randomUUID(), transactionId: `${organization.slug}-transaction-${number}` })
    },
    /** Every token revoked (the user removed the app in Qonto): the next refresh and calls are refused. */
    revokeAll() {
      accessTokens.clear()
      refreshTokens.clear()
    },
  }
}

export type FakeQonto = ReturnType<typeof createFakeQonto>
