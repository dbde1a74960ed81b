import { createHash } from 'node:crypto'
import { z } from 'zod'
import { exchange, failureOf, jsonOf } from './http'

/** What a client needs to ask the PA for a token: its OAuth2 token address and client credentials. */
export type Credentials = { tokenUrl: string; clientId: string; clientSecret: string }

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
})

/** Without expires_in, a token is kept five minutes: short enough for any PA, long enough to spare its token desk. */
const DEFAULT_LIFETIME_SECONDS = 300
/** A token is renewed this long before it expires (a tenth of its life for short ones), so no call meets its end. */
const MARGIN_SECONDS = 60

type Cached = { token: string; expiresAt: number }

/**
 * OAuth2 client credentials (RFC 6749 §4.4), as XP Z12-013 asks: the credentials in the form body first; a PA that
 * answers 401 to that wants them in a Basic header (§2.3.1), which is then remembered for that client. One token per
 * set of credentials, kept until shortly before it expires; two calls that need one at once share the same request.
 */
export function createTokenCache(options: { timeoutMs: number; now?: () => number }) {
  const now = options.now ?? Date.now
  const tokens = new Map<string, Cached>()
  const pending = new Map<string, Promise<string>>()
  const basicAuth = new Set<string>()

  // The secret takes part in the key as a hash: a changed secret is a new client, and the key never shows it.
  const keyOf = (c: Credentials) =>
    createHash('sha256').update(`${c.tokenUrl}\n${c.clientId}\n${c.clientSecret}`).digest('hex')

  async function request(c: Credentials, basic: boolean): Promise<Response> {
    const form: Record<string, string> = { grant_type: 'client_credentials' }
    const headers: Record<string, string> = {}
    if (basic) {
      const pair = `${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`
    } else {
      form.client_id = c.clientId
      form.client_secret = c.clientSecret
    }
    return exchange(c.tokenUrl, { method: 'POST', headers, form, timeoutMs: options.timeoutMs })
  }

  async function issue(c: Credentials, key: string): Promise<string> {
    let response = await request(c, basicAuth.has(key))
    if (response.status === 401 && !basicAuth.has(key)) {
      await response.body?.cancel()
      response = await request(c, true)
      if (response.ok) basicAuth.add(key)
    }
    if (!response.ok) throw await failureOf(response)
    const answer = await jsonOf(response, tokenAnswer)
    const lifetime = answer.expires_in ?? DEFAULT_LIFETIME_SECONDS
    const margin = Math.min(MARGIN_SECONDS, lifetime / 10)
    tokens.set(key, { token: answer.access_token, expiresAt: now() + (lifetime - margin) * 1000 })
    return answer.access_token
  }

  return {
    /** A valid token for these credentials; `fresh` asks for a new one (the PA refused the one we had). */
    async get(c: Credentials, fresh = false): Promise<string> {
      const key = keyOf(c)
      const cached = tokens.get(key)
      if (!fresh && cached && cached.expiresAt > now()) return cached.token
      if (fresh) tokens.delete(key)
      const inFlight = pending.get(key)
      if (inFlight) return inFlight
      const next = issue(c, key).finally(() => pending.delete(key))
      pending.set(key, next)
      return next
    },

    /** The connection was removed or changed: its token goes with it. */
    forget(c: Credentials) {
      const key = keyOf(c)
      tokens.delete(key)
      basicAuth.delete(key)
    },
  }
}
export type TokenCache = ReturnType<typeof createTokenCache>
