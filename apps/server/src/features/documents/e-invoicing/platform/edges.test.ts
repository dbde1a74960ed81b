import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPlatformClient, type PlatformSettings } from './client'
import { createTokenCache } from './token'
import { PlatformError } from './types'

/**
 * The PA behaviours the repository's stand-in does not show, from a scripted PA of a few lines: a token desk that
 * takes the credentials in Basic only, answers that refuse with an errorCode, a PA that answers too slowly.
 */
type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: string }
let seen: Seen[] = []
let answer: (seen: Seen, res: ServerResponse) => void = () => {}
let server: Server
let origin = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      }
      seen.push(entry)
      answer(entry, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  seen = []
})

const send = (res: ServerResponse, status: number, body?: unknown) => {
  res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' })
  res.end(body === undefined ? undefined : JSON.stringify(body))
}

const settings = (): PlatformSettings => ({
  flowUrl: `${origin}/flow`,
  directoryUrl: `${origin}/directory`,
  tokenUrl: `${origin}/token`,
  clientId: 'carnet client',
  clientSecret: 's3cr&t',
  platformOrganizationId: '123456782',
})

/** A token desk that wants Basic (RFC 6749 §2.3.1), and an API that answers what `api` says. */
function basicOnlyPa(api: (seen: Seen, res: ServerResponse) => void) {
  answer = (entry, res) => {
    if (entry.path !== '/token') return api(entry, res)
    if (!entry.headers.authorization) return send(res, 401, { error: 'invalid_client' })
    const expected = Buffer.from(`${encodeURIComponent('carnet client')}:${encodeURIComponent('s3cr&t')}`).toString(
      'base64',
    )
    if (entry.headers.authorization !== `Basic ${expected}`) return send(res, 401, { error: 'invalid_client' })
    send(res, 200, { access_token: `token-${seen.length}`, token_type: 'Bearer', expires_in: 3600 })
  }
}

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(PlatformError)
  return error as PlatformError
}

describe('the PA client with a demanding PA', () => {
  it('falls back to Basic when the form is refused, remembers it, keeps the token and sends the headers', async () => {
    basicOnlyPa((_entry, res) => send(res, 200))
    const tokens = createTokenCache({ timeoutMs: 2000 })
    const client = createPlatformClient(settings(), tokens)
    await client.healthcheck()
    await client.healthcheck()
    const tokenCalls = seen.filter((entry) => entry.path === '/token')
    // Form refused, Basic taken, then the token serves all four healthchecks.
    expect(tokenCalls.map((entry) => Boolean(entry.headers.authorization))).toEqual([false, true])
    expect(new URLSearchParams(tokenCalls[0]?.body).get('client_secret')).toBe('s3cr&t')
    expect(new URLSearchParams(tokenCalls[1]?.body).get('client_secret')).toBeNull()
    const calls = seen.filter((entry) => entry.path !== '/token')
    expect(calls.map((entry) => entry.path)).toEqual([
      '/flow/v1/healthcheck',
      '/directory/v1/healthcheck',
      '/flow/v1/healthcheck',
      '/directory/v1/healthcheck',
    ])
    for (const call of calls) {
      expect(call.headers.authorization).toMatch(/^Bearer token-/)
      expect(call.headers['request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
      expect(call.headers['organization-id']).toBe('123456782')
    }
    tokens.forget(settings())
    await client.healthcheck()
    expect(seen.filter((entry) => entry.path === '/token')).toHaveLength(4)
  })

  it('asks the directory by SIREN with the strict filter and keeps the enabled lines only', async () => {
    basicOnlyPa((_entry, res) =>
      send(res, 200, {
        results: [
          { addressingIdentifier: '123456782', siren: '123456782', platformType: 'WK', directoryLineStatus: 'Enabled' },
          { addressingIdentifier: '123456782_OLD', siren: '123456782', directoryLineStatus: 'Disabled' },
          { addressingIdentifier: '123456782_NEXT', siren: '123456782', directoryLineStatus: 'Upcoming' },
          {
            addressingIdentifier: '123456782_12345678200015_ACHATS',
            siren: '123456782',
            siret: '12345678200015',
            routingCode: { routingIdentifier: 'ACHATS' },
          },
        ],
      }),
    )
    const client = createPlatformClient(settings(), createTokenCache({ timeoutMs: 2000 }))
    const lines = await client.directoryLines('123456782')
    const search = seen.find((entry) => entry.path === '/directory/v1/directory-line/search')
    expect(JSON.parse(search?.body ?? '{}').filters).toEqual({ siren: { op: 'strict', value: '123456782' } })
    expect(lines).toEqual([
      {
        addressingIdentifier: '123456782',
        siren: '123456782',
        siret: null,
        routingIdentifier: null,
        addressingSuffix: null,
        platform: 'WK',
      },
      {
        addressingIdentifier: '123456782_12345678200015_ACHATS',
        siren: '123456782',
        siret: '12345678200015',
        routingIdentifier: 'ACHATS',
        addressingSuffix: null,
        platform: null,
      },
    ])
  })

  it("says the PA's refusal in French with its errorCode; an answer it cannot read is the PA's failure", async () => {
    basicOnlyPa((entry, res) =>
      entry.path.endsWith('/v1/flows/search')
        ? send(res, 422, { errorCode: 'InvalidSchema', errorMessage: 'cvc-complex-type.2.4.a' })
        : send(res, 200, { results: 'not a list' }),
    )
    const client = createPlatformClient(settings(), createTokenCache({ timeoutMs: 2000 }))
    const refused = await failureOf(client.searchFlows({ where: { ackStatus: 'Error' } }))
    expect(refused).toMatchObject({ status: 422, code: 'InvalidSchema', retryable: false })
    expect(refused.userMessage).toBe(
      'Ta plateforme agréée a refusé la demande : le fichier ne respecte pas le schéma XML attendu (InvalidSchema) : corrige la facture et renvoie-la.',
    )
    const unreadable = await failureOf(client.directoryLines('123456782'))
    expect(unreadable).toMatchObject({ code: 'BAD_RESPONSE', retryable: true })
  })

  it('gives up on a PA that does not answer in time, to try again later', async () => {
    basicOnlyPa(() => {}) // never answers
    const client = createPlatformClient(settings(), createTokenCache({ timeoutMs: 2000 }), {
      callMs: 300,
      transferMs: 300,
    })
    const error = await failureOf(client.getFlow('flow-1'))
    expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true })
    expect(error.userMessage).toMatch(/ne répond pas/)
  })
})

describe('the token cache', () => {
  it('keeps a token until shortly before expires_in, then asks a new one', async () => {
    let issued = 0
    answer = (entry, res) => {
      if (entry.path !== '/token') return send(res, 200)
      issued += 1
      send(res, 200, { access_token: `token-${issued}`, token_type: 'Bearer', expires_in: 100 })
    }
    let clock = 1_000_000
    const tokens = createTokenCache({ timeoutMs: 2000, now: () => clock })
    expect(await tokens.get(settings())).toBe('token-1')
    clock += 85_000
    expect(await tokens.get(settings())).toBe('token-1')
    // A tenth of its life before the end (10 s of 100 s): renewed, so no call meets its expiry.
    clock += 6_000
    expect(await tokens.get(settings())).toBe('token-2')
    expect(await Promise.all([tokens.get(settings(), true), tokens.get(settings(), true)])).toEqual([
      'token-3',
      'token-3',
    ])
    expect(issued).toBe(3)
  })
})
