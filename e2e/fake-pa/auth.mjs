// OAuth2 client credentials (RFC 6749 §4.4) and the Bearer check every API call goes through.
import { randomBytes } from 'node:crypto'
import { readBody, sendError, sendJson } from './http.mjs'
import { store } from './store.mjs'

/** POST /oauth/token: grant_type=client_credentials, the client's id and secret in the form or in HTTP Basic. */
export async function issueToken(req, res) {
  const form = new URLSearchParams((await readBody(req, 64 * 1024))?.toString('utf8') ?? '')
  let clientId = form.get('client_id')
  let clientSecret = form.get('client_secret')
  const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '')
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    // RFC 6749 §2.3.1: both parts are form-urlencoded inside Basic.
    clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '))
    clientSecret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '))
  }
  if (form.get('grant_type') !== 'client_credentials')
    return sendJson(res, 400, {
      error: 'unsupported_grant_type',
      error_description: 'grant_type must be client_credentials',
    })
  const client = clientId ? store.clients.get(clientId) : undefined
  if (!client || client.clientSecret !== clientSecret)
    return sendJson(
      res,
      401,
      { error: 'invalid_client', error_description: 'Unknown client or wrong secret' },
      {
        'www-authenticate': 'Basic realm="fake-pa"',
      },
    )
  const token = randomBytes(24).toString('base64url')
  store.tokens.set(token, { clientId: client.clientId, expiresAt: Date.now() + store.tokenLifetime * 1000 })
  sendJson(
    res,
    200,
    { access_token: token, token_type: 'Bearer', expires_in: store.tokenLifetime },
    {
      'cache-control': 'no-store',
    },
  )
}

/**
 * The client calling (from its Bearer token), or null after answering 401/403 itself. The Organization-Id header,
 * when sent, must name the client's own company (its SIREN or its client id): one token acts for one company here.
 */
export function authenticate(req, res) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')
  if (!bearer) {
    sendError(res, 401, 'MISSING_TOKEN', 'An Authorization: Bearer token is required')
    return null
  }
  const token = store.tokens.get(bearer[1])
  if (!token) {
    sendError(res, 401, 'INVALID_TOKEN', 'Unknown token')
    return null
  }
  if (token.expiresAt <= Date.now()) {
    store.tokens.delete(bearer[1])
    sendError(res, 401, 'EXPIRED_TOKEN', 'The token has expired')
    return null
  }
  const client = store.clients.get(token.clientId)
  const organization = req.headers['organization-id']
  if (organization && organization !== client.siren && organization !== client.clientId) {
    sendError(res, 403, 'FORBIDDEN_ACCESS', 'This token does not act for that organization')
    return null
  }
  return client
}

/** Expires every token now (tests of the client's renewal). */
export function expireTokens() {
  for (const token of store.tokens.values()) token.expiresAt = 0
}
