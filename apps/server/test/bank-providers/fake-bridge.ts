import { randomUUID } from 'node:crypto'
import type { Answer, Received } from './http'

/**
 * A local stand-in for Bridge API v3 (docs.bridgeapi.io, Bridge-Version 2025-01-15), in its documented shapes:
 *
 * - every call must carry Client-Id, Client-Secret (else 401 invalid_client_credentials) and Bridge-Version
 *   2025-01-15 (else 400); a user's calls a bearer token from POST /v3/aggregation/authorization/token;
 * - POST /v3/aggregation/users {external_user_id} → 201, or 409 when that user exists;
 * - POST /v3/aggregation/connect-sessions {user_email, callback_url, context, item_id?} → 201 {id, url};
 * - GET /connect/{session} is Bridge's page: the user "connects" the bank of `bank` (an item with its accounts and
 *   lines is made, or the session's item is refreshed) and is sent to callback_url with context, item_id, user_uuid
 *   and success=true; `?cancel=1` leaves with success=false and a step;
 * - GET /v3/aggregation/items/{id} (the user's items only, else 404), GET /v3/providers/{id};
 * - GET /v3/aggregation/accounts?item_id=&limit= and /transactions?account_id=&since=&limit=: pages of `limit`
 *   (at most 500) with pagination.next_uri (an `after` cursor); `since` keeps lines updated after that instant;
 * - DELETE /v3/aggregation/items/{id} → 204.
 */

export const BRIDGE_VERSION = '2025-01-15'

export type FakeBridgeAccount = { name: string; iban: string | null; balance: number; type?: string }
export type FakeBridgeLine = {
  account: number
  amount: number
  date: string
  description: string
  deleted?: boolean
  future?: boolean
}

type Item = { id: number; userUuid: string; status: number; info: string | null; description: string | null }
type Account = FakeBridgeAccount & { id: number; itemId: number }
type Line = {
  id: number
  accountId: number
  amount: number
  date: string
  description: string
  updatedAt: string
  deleted: boolean
  future: boolean
}

const json = (status: number, body?: unknown): Answer => ({ status, body })
const notFound = () => json(404, { code: 'not_found', message: 'Resource not found' })

export function createFakeBridge(credentials: { clientId: string; clientSecret: string }) {
  /** What a new item brings: the bank's accounts and their lines (account = index in `accounts`). */
  const bank = {
    providerId: 574,
    name: 'Société Générale',
    accounts: [] as FakeBridgeAccount[],
    lines: [] as FakeBridgeLine[],
  }
  const users = new Map<string, string>() // external_user_id → uuid
  const tokens = new Map<string, string>() // token → uuid
  const sessions = new Map<string, { userUuid: string; callbackUrl: string; context: string; itemId?: number }>()
  const items = new Map<number, Item>()
  const accounts: Account[] = []
  const lines: Line[] = []
  let nextItem = 8_000_000
  let nextAccount = 48_000_000
  let nextLine = 33_000_191_035_700
  /** updated_at of a change: now, and never twice the same instant. */
  let tick = 0
  const stamp = () => {
    tick = Math.max(Date.now(), tick + 1)
    return new Date(tick).toISOString()
  }
  /** down: 503 to everything; hang: no answer; pageSize: Bridge's page size at most (to see many pages). */
  const controls = { down: false, hang: false, origin: '', pageSize: 500 }

  const addLine = (accountId: number, line: Omit<FakeBridgeLine, 'account'> & { updatedAt?: string }) => {
    const row: Line = {
      id: nextLine++,
      accountId,
      amount: line.amount,
      date: line.date,
      description: line.description,
      updatedAt: line.updatedAt ?? stamp(),
      deleted: line.deleted ?? false,
      future: line.future ?? false,
    }
    lines.push(row)
    return row
  }

  function makeItem(userUuid: string) {
    const item: Item = { id: nextItem++, userUuid, status: 0, info: null, description: null }
    items.set(item.id, item)
    const made = bank.accounts.map((account) => {
      const row = { ...account, id: nextAccount++, itemId: item.id }
      accounts.push(row)
      return row
    })
    for (const line of bank.lines) {
      const account = made[line.account]
      if (account) addLine(account.id, line)
    }
    return item
  }

  const userOf = (request: Received) => {
    const header = String(request.headers.authorization ?? '')
    return header.startsWith('Bearer ') ? tokens.get(header.slice(7)) : undefined
  }

  /** A page of `rows` from the `after` cursor, with next_uri naming the same query and the next cursor. */
  function page<T>(request: Received, rows: T[], present: (row: T) => unknown): Answer {
    const limit = Math.min(Math.max(Number(request.query.get('limit') ?? 50) || 50, 1), 500, controls.pageSize)
    const after = Number(request.query.get('after') ?? 0) || 0
    const slice = rows.slice(after, after + limit)
    const next = new URLSearchParams(request.query)
    next.set('after', String(after + limit))
    return json(200, {
      resources: slice.map(present),
      generated_at: new Date().toISOString(),
      pagination: { next_uri: after + limit < rows.length ? `${request.path}?${next}` : null },
    })
  }

  function handle(request: Received): Answer | undefined {
    if (controls.hang) return undefined
    if (controls.down) return json(503, { code: 'service_unavailable', message: 'Down for maintenance' })
    const { method, path } = request

    if (method === 'GET' && path.startsWith('/connect/')) {
      const session = sessions.get(path.slice('/connect/'.length))
      if (!session) return json(404, { message: 'session expired' })
      const back = new URL(session.callbackUrl)
      back.searchParams.set('context', session.context)
      back.searchParams.set('user_uuid', session.userUuid)
      back.searchParams.set('source', 'connect')
      if (request.query.get('cancel')) {
        back.searchParams.set('success', 'false')
        back.searchParams.set('step', 'bank_creds_form')
        return { status: 302, location: back.toString() }
      }
      const existing = session.itemId ? items.get(session.itemId) : undefined
      const item = existing ?? makeItem(session.userUuid)
      Object.assign(item, { status: 0, info: null, description: null })
      back.searchParams.set('item_id', String(item.id))
      back.searchParams.set('success', 'true')
      return { status: 302, location: back.toString() }
    }

    if (
      request.headers['client-id'] !== credentials.clientId ||
      request.headers['client-secret'] !== credentials.clientSecret
    )
      return json(401, { code: 'invalid_client_credentials', message: 'client_id and client_secret are invalid' })
    if (request.headers['bridge-version'] !== BRIDGE_VERSION)
      return json(400, { code: 'invalid_version', message: 'Bridge-Version is missing or unknown' })
    const body = (request.body ?? {}) as Record<string, unknown>

    if (method === 'GET' && /^\/v3\/providers\/\d+$/.test(path))
      return Number(path.split('/').pop()) === bank.providerId
        ? json(200, { id: bank.providerId, name: bank.name, country_code: 'FR' })
        : notFound()
    if (method === 'POST' && path === '/v3/aggregation/users') {
      const external = String(body.external_user_id ?? '')
      if (!/^[a-zA-Z0-9-_]{1,128}$/.test(external))
        return json(400, { code: 'invalid_parameter', property: 'external_user_id' })
      if (users.has(external)) return json(409, { code: 'conflict', message: 'User already exists' })
      const uuid = randomUUID()
      users.set(external, uuid)
      return json(201, { uuid, external_user_id: external })
    }
    if (method === 'POST' && path === '/v3/aggregation/authorization/token') {
      const uuid =
        typeof body.user_uuid === 'string'
          ? [...users.values()].find((one) => one === body.user_uuid)
          : users.get(String(body.external_user_id ?? ''))
      if (!uuid) return json(404, { code: 'not_found', message: 'User not found' })
      const token = randomUUID()
      tokens.set(token, uuid)
      const external = [...users].find(([, one]) => one === uuid)?.[0]
      return json(200, {
        access_token: token,
        expires_at: new Date(Date.now() + 2 * 3600_000).toISOString(),
        user: { uuid, external_user_id: external },
      })
    }

    const user = userOf(request)
    if (!user) return json(401, { code: 'invalid_token', message: 'Invalid or missing access token' })
    if (method === 'POST' && path === '/v3/aggregation/connect-sessions') {
      if (typeof body.user_email !== 'string' || !body.user_email.includes('@'))
        return json(400, { code: 'invalid_parameter', property: 'user_email' })
      if (typeof body.callback_url !== 'string')
        return json(400, { code: 'invalid_parameter', property: 'callback_url' })
      const itemId = typeof body.item_id === 'number' ? body.item_id : undefined
      if (itemId !== undefined && items.get(itemId)?.userUuid !== user) return notFound()
      const id = randomUUID()
      sessions.set(id, { userUuid: user, callbackUrl: body.callback_url, context: String(body.context ?? ''), itemId })
      return json(201, { id, url: `${controls.origin}/connect/${id}` })
    }
    const itemMatch = /^\/v3\/aggregation\/items\/(\d+)$/.exec(path)
    if (itemMatch) {
      const item = items.get(Number(itemMatch[1]))
      if (!item || item.userUuid !== user) return notFound()
      if (method === 'DELETE') {
        items.delete(item.id)
        return json(204)
      }
      return json(200, {
        id: item.id,
        status: item.status,
        status_code_info: item.info,
        status_code_description: item.description,
        provider_id: bank.providerId,
        account_types: 'payment',
      })
    }
    if (method === 'GET' && path === '/v3/aggregation/accounts') {
      const itemId = Number(request.query.get('item_id'))
      const mine = accounts.filter(
        (one) => items.get(one.itemId)?.userUuid === user && (!itemId || one.itemId === itemId),
      )
      return page(request, mine, (one) => ({
        id: one.id,
        name: one.name,
        balance: one.balance,
        accounting_balance: one.balance,
        instant_balance: one.balance,
        updated_at: new Date().toISOString(),
        type: one.type ?? 'checking',
        currency_code: 'EUR',
        item_id: one.itemId,
        provider_id: bank.providerId,
        data_access: 'enabled',
        pro: true,
        iban: one.iban,
      }))
    }
    if (method === 'GET' && path === '/v3/aggregation/transactions') {
      const accountId = Number(request.query.get('account_id'))
      const since = request.query.get('since')
      if (since && Number.isNaN(Date.parse(since))) return json(400, { code: 'invalid_parameter', property: 'since' })
      const mine = lines.filter(
        (line) =>
          items.get(accounts.find((one) => one.id === line.accountId)?.itemId ?? -1)?.userUuid === user &&
          (!accountId || line.accountId === accountId) &&
          (!since || line.updatedAt > new Date(since).toISOString()),
      )
      return page(request, mine, (line) => ({
        id: line.id,
        clean_description: line.description,
        provider_description: line.description.toUpperCase(),
        amount: line.amount,
        date: line.date,
        booking_date: line.date,
        transaction_date: line.date,
        value_date: line.date,
        updated_at: line.updatedAt,
        currency_code: 'EUR',
        deleted: line.deleted,
        category_id: 270,
        operation_type: 'card',
        account_id: line.accountId,
        future: line.future,
      }))
    }
    return notFound()
  }

  return {
    bank,
    items,
    accounts,
    lines,
    controls,
    handle,
    /** A new line at the bank, as a refresh would bring it (updated now unless told). */
    addLine,
    setItemStatus(itemId: number, status: number, info: string | null, description: string | null) {
      const item = items.get(itemId)
      if (item) Object.assign(item, { status, info, description })
    },
  }
}

export type FakeBridge = ReturnType<typeof createFakeBridge>
