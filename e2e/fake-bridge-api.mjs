// A local stand-in for the aggregator Bridge (API v3, Bridge-Version 2025-01-15), in its documented shapes, so that the
// browser journeys connect a bank without the internet: users, authorization tokens, connect sessions and their page
// (GET /connect/{id}, a button that sends the browser back to callback_url with context, item_id, user_uuid and
// success), items, providers, accounts and transactions with pagination.next_uri, and item deletion. The app's server
// tests use a fuller one (apps/server/test/bank-providers).
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'

const port = Number(process.argv[2])
const CLIENT_ID = process.argv[3] ?? 'carnet-e2e'
const CLIENT_SECRET = process.argv[4] ?? 'carnet-e2e-secret'
const origin = `http://127.0.0.1:${port}`

const users = new Map() // external_user_id → uuid
const tokens = new Map() // token → uuid
const sessions = new Map()
const items = new Map()
let nextItem = 9_000_000
const lines = [
  [-6.92, '2026-03-02', 'PAIEMENT PAR CARTE 01/03/2026 CARREFOUR CITY'],
  [1500, '2026-03-03', 'VIR SEPA RECU CLIENT DUPONT'],
  [-59.99, '2026-03-05', 'PRLV SEPA FREE MOBILE'],
]

const accountsOf = (item) => [
  {
    id: item.id * 10,
    name: 'Compte courant pro',
    balance: 1250.4,
    iban: 'FR7630003000110005000157821',
    type: 'checking',
    currency_code: 'EUR',
    item_id: item.id,
    data_access: 'enabled',
  },
]
const transactionsOf = (item) =>
  lines.map(([amount, date, description], index) => ({
    id: item.id * 100 + index,
    clean_description: description,
    provider_description: description,
    amount,
    date,
    updated_at: new Date().toISOString(),
    deleted: false,
    future: false,
    account_id: item.id * 10,
  }))

function page(url, rows) {
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 50) || 50, 2)
  const after = Number(url.searchParams.get('after') ?? 0) || 0
  const next = new URLSearchParams(url.searchParams)
  next.set('after', String(after + limit))
  return {
    resources: rows.slice(after, after + limit),
    pagination: { next_uri: after + limit < rows.length ? `${url.pathname}?${next}` : null },
  }
}

createServer((request, response) => {
  const chunks = []
  request.on('data', (chunk) => chunks.push(chunk))
  request.on('end', () => {
    const url = new URL(request.url ?? '/', origin)
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
    const send = (status, value) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(value === undefined ? '' : JSON.stringify(value))
    }
    if (url.pathname === '/health') return send(200, { status: 'ok' })

    if (request.method === 'GET' && url.pathname.startsWith('/connect/')) {
      const session = sessions.get(url.pathname.slice('/connect/'.length))
      if (!session) return send(404, { message: 'session expired' })
      let item = session.itemId ? items.get(session.itemId) : undefined
      if (!item) {
        item = { id: nextItem++, userUuid: session.userUuid }
        items.set(item.id, item)
      }
      const back = new URL(session.callbackUrl)
      back.searchParams.set('context', session.context)
      back.searchParams.set('item_id', String(item.id))
      back.searchParams.set('user_uuid', session.userUuid)
      back.searchParams.set('success', 'true')
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return response.end(
        `<!doctype html><html lang="fr"><title>Bridge</title><h1>Bridge — Société Générale</h1><a href="${back}">Connecter ma banque</a></html>`,
      )
    }

    if (request.headers['client-id'] !== CLIENT_ID || request.headers['client-secret'] !== CLIENT_SECRET)
      return send(401, { code: 'invalid_client_credentials', message: 'client_id and client_secret are invalid' })
    if (request.headers['bridge-version'] !== '2025-01-15') return send(400, { code: 'invalid_version' })

    if (request.method === 'GET' && url.pathname === '/v3/providers/574')
      return send(200, { id: 574, name: 'Société Générale' })
    if (request.method === 'POST' && url.pathname === '/v3/aggregation/users') {
      if (users.has(body.external_user_id)) return send(409, { code: 'conflict' })
      const uuid = randomUUID()
      users.set(body.external_user_id, uuid)
      return send(201, { uuid, external_user_id: body.external_user_id })
    }
    if (request.method === 'POST' && url.pathname === '/v3/aggregation/authorization/token') {
      const uuid = body.user_uuid ?? users.get(body.external_user_id)
      if (!uuid || ![...users.values()].includes(uuid)) return send(404, { code: 'not_found' })
      const token = randomUUID()
      tokens.set(token, uuid)
      return send(200, {
        access_token: token,
        expires_at: new Date(Date.now() + 7200_000).toISOString(),
        user: { uuid },
      })
    }
    const user = tokens.get(String(request.headers.authorization ?? '').replace(/^Bearer /, ''))
    if (!user) return send(401, { code: 'invalid_token' })
    if (request.method === 'POST' && url.pathname === '/v3/aggregation/connect-sessions') {
      const id = randomUUID()
      sessions.set(id, { userUuid: user, callbackUrl: body.callback_url, context: body.context, itemId: body.item_id })
      return send(201, { id, url: `${origin}/connect/${id}` })
    }
    const itemMatch = /^\/v3\/aggregation\/items\/(\d+)$/.exec(url.pathname)
    const item = itemMatch ? items.get(Number(itemMatch[1])) : undefined
    if (itemMatch && (!item || item.userUuid !== user)) return send(404, { code: 'not_found' })
    if (item && request.method === 'DELETE') {
      items.delete(item.id)
      return send(204)
    }
    if (item)
      return send(200, {
        id: item.id,
        status: 0,
        status_code_info: null,
        status_code_description: null,
        provider_id: 574,
      })
    const mine = [...items.values()].filter((one) => one.userUuid === user)
    if (url.pathname === '/v3/aggregation/accounts')
      return send(
        200,
        page(url, mine.filter((one) => String(one.id) === url.searchParams.get('item_id')).flatMap(accountsOf)),
      )
    if (url.pathname === '/v3/aggregation/transactions')
      return send(
        200,
        page(
          url,
          mine.flatMap(transactionsOf).filter((line) => String(line.account_id) === url.searchParams.get('account_id')),
        ),
      )
    return send(404, { code: 'not_found' })
  })
}).listen(port, '127.0.0.1')
