import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll } from 'vitest'

const script = fileURLToPath(new URL('../../../e2e/fake-pa-api.mjs', import.meta.url))

export type FakePaAddress = { siret?: string; routingIdentifier?: string; suffix?: string }
export type FakePaClient = {
  clientId: string
  clientSecret: string
  siren: string
  name: string
  addressingIdentifiers: string[]
}
/** A flow as GET /_control/flows lists it: the Flow resource plus its owner, its file's sha256 and size. */
export type FakePaFlow = {
  flowId: string
  clientId: string
  trackingId?: string
  name: string
  flowSyntax: string
  flowType: string
  flowDirection: 'In' | 'Out'
  updatedAt: string
  acknowledgement: {
    status: 'Pending' | 'Ok' | 'Error'
    details?: { reasonCode: string; item: string; reasonMessage: string }[]
  }
  sha256: string
  size: number
}

/** A SIREN that passes the Luhn check (nine digits), different at each call. */
export function randomSiren(): string {
  for (;;) {
    const digits = Array.from(randomBytes(8), (b) => b % 10)
    const sum = (list: number[]) =>
      list.reduce((total, d, i) => total + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0)
    for (let last = 0; last < 10; last++)
      if (sum([...digits, last]) % 10 === 0 && digits[0] !== 0) return [...digits, last].join('')
  }
}

/**
 * The Afnor-Signature of a webhook call as XP Z12-013's createWebhook describes it and the stand-in computes it:
 * base64(HMAC-SHA256(key = base64-decoded signingKey, message = hex SHA-256 of `${body}@${timestamp}`)).
 */
export function afnorSignature(body: string, timestamp: string | number, signingKey: string): string {
  const fingerprint = createHash('sha256').update(`${body}@${timestamp}`, 'utf8').digest('hex')
  return createHmac('sha256', Buffer.from(signingKey, 'base64')).update(fingerprint, 'utf8').digest('base64')
}

/**
 * The local stand-in PA (e2e/fake-pa-api.mjs, speaking AFNOR XP Z12-013), run as its own process for a test file.
 * `tokenUrl`, `flowUrl` and `directoryUrl` are what an organisation's connection settings take; `registerClient`
 * makes a client company (its own OAuth2 credentials and directory lines); the rest drives its /_control endpoints.
 */
export function useFakePa(options: { validate?: boolean; tokenLifetime?: number; maxBytes?: number } = {}) {
  let child: ChildProcess | undefined
  let origin = ''
  beforeAll(async () => {
    const args = [script, '0']
    if (options.validate) args.push('--validate')
    if (options.tokenLifetime !== undefined) args.push('--token-lifetime', String(options.tokenLifetime))
    if (options.maxBytes !== undefined) args.push('--max-bytes', String(options.maxBytes))
    child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    const port = await new Promise<number>((resolve, reject) => {
      child?.once('error', reject)
      child?.stdout?.on('data', (chunk: Buffer) => {
        const found = /listening (\d+)/.exec(chunk.toString())
        if (found) resolve(Number(found[1]))
      })
    })
    origin = `http://127.0.0.1:${port}`
  })
  afterAll(() => {
    child?.kill()
  })

  async function control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${origin}/_control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`fake PA control ${method} ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }

  const fake = {
    get origin() {
      return origin
    },
    get tokenUrl() {
      return `${origin}/oauth/token`
    },
    get flowUrl() {
      return `${origin}/flow-service`
    },
    get directoryUrl() {
      return `${origin}/directory-service`
    },
    /** A new client company of the PA (random id, secret and SIREN unless given), with its directory lines. */
    async registerClient(
      input: {
        clientId?: string
        clientSecret?: string
        siren?: string
        name?: string
        addresses?: FakePaAddress[]
      } = {},
    ) {
      const client = {
        clientId: input.clientId ?? `client-${randomBytes(6).toString('hex')}`,
        clientSecret: input.clientSecret ?? randomBytes(16).toString('hex'),
        siren: input.siren ?? randomSiren(),
        name: input.name ?? 'Société cliente',
        ...(input.addresses ? { addresses: input.addresses } : {}),
      }
      const made = await control<{ addressingIdentifiers: string[] }>('POST', '/clients', client)
      return { ...client, addressingIdentifiers: made.addressingIdentifiers } as FakePaClient
    },
    /** A company in the directory served by another PA (invoices to it are stored, not delivered). */
    async registerElsewhere(input: { siren?: string; name?: string; addresses?: FakePaAddress[] } = {}) {
      const company = {
        siren: input.siren ?? randomSiren(),
        name: input.name ?? 'Société ailleurs',
        addresses: input.addresses,
      }
      return { ...company, ...(await control<{ addressingIdentifiers: string[] }>('POST', '/directory', company)) }
    },
    /** An access token of a client (client credentials in the form). */
    async token(client: { clientId: string; clientSecret: string }): Promise<string> {
      const response = await fetch(fake.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
      })
      if (!response.ok) throw new Error(`fake PA token: ${response.status}`)
      return ((await response.json()) as { access_token: string }).access_token
    },
    /** A status (CDAR) to the owner of an invoice flow, as if from the buyer or the platform (or the seller). */
    sendStatus(
      flowId: string,
      status: {
        status: number
        reasonCode?: string
        reasonText?: string
        actionCode?: string
        payment?: { amounts: { rate: string; amount: string }[] }
      },
    ) {
      return control<FakePaFlow>('POST', `/flows/${encodeURIComponent(flowId)}/statuses`, status)
    },
    /** A supplier invoice arriving in a client's inbox (an In SupplierInvoice flow). */
    dropInInbox(input: { clientId: string; syntax: 'CII' | 'UBL' | 'Factur-X'; file: Buffer; name: string }) {
      return control<FakePaFlow>('POST', '/inbox', {
        clientId: input.clientId,
        syntax: input.syntax,
        fileBase64: input.file.toString('base64'),
        name: input.name,
      })
    },
    /** Every API call (and the token endpoint) fails with `status` until `outage(false)`. */
    outage(down: boolean, status: 503 | 500 = 503) {
      return control('POST', '/outage', { down, status })
    },
    /** The file size over which POST /v1/flows answers 413, and the tokens' lifetime in seconds. */
    limits(limits: { maxFileBytes?: number; tokenLifetime?: number }) {
      return control('POST', '/limits', limits)
    },
    expireTokens() {
      return control('POST', '/tokens/expire')
    },
    flows(clientId?: string) {
      return control<FakePaFlow[]>('GET', `/flows${clientId ? `?clientId=${encodeURIComponent(clientId)}` : ''}`)
    },
    async file(flowId: string): Promise<Buffer> {
      return Buffer.from(
        await (await fetch(`${origin}/_control/flows/${encodeURIComponent(flowId)}/file`)).arrayBuffer(),
      )
    },
    /** Waits (up to 10 s) until the client's flows satisfy `done`; answers them. */
    async waitForFlows(clientId: string, done: (flows: FakePaFlow[]) => boolean): Promise<FakePaFlow[]> {
      const until = Date.now() + 10_000
      for (;;) {
        const flows = await fake.flows(clientId)
        if (done(flows)) return flows
        if (Date.now() > until) throw new Error(`fake PA: flows of ${clientId} never matched: ${JSON.stringify(flows)}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    deliverWebhooks() {
      return control<{ tried: number }>('POST', '/webhooks/deliver')
    },
    deliveries() {
      return control<
        {
          webhookId: string
          flowId: string
          body: unknown
          attempts: number
          state: string
          lastStatus: number | string | null
        }[]
      >('GET', '/webhooks/deliveries')
    },
  }
  return fake
}
