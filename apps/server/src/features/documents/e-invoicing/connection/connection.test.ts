import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eInvoicingMessages as m } from '@app/domain'
import { sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { beforeEach, describe, expect, it } from 'vitest'
import { type FakePaClient, randomSiren, useFakePa } from '../../../../../test/fake-pa'
import { joinAsCollaborator, json, signUpWithOrganization, useTestContext } from '../../../../../test/helpers'

let now = Date.parse('2026-11-28T10:00:00Z')
const ctx = useTestContext({ now: () => new Date(now) })
const pa = useFakePa()
/** Each test moves on by a few steps: codes of one test never replay another's. */
beforeEach(() => {
  now += 10 * 60_000
})

type Owner = Awaited<ReturnType<typeof signUpWithOrganization>>

const codeAt = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now })
/** The next code of the owner's app: one step later, as a person typing a new code would. */
const nextCode = (secret: string) => {
  now += 30_000
  return codeAt(secret)
}

/** An owner whose organisation has its own SIREN, and the PA's client company of that SIREN. */
async function ownerWithPlatform(options: { twoFactor?: boolean; addresses?: { suffix?: string }[] } = {}) {
  const owner = await signUpWithOrganization(ctx.app)
  const siren = randomSiren()
  expect((await owner.client.patch('/organization', { registrySiren: siren })).statusCode).toBe(200)
  const company = await pa.registerClient({ siren, ...(options.addresses ? { addresses: options.addresses } : {}) })
  let secret = ''
  if (options.twoFactor !== false) {
    secret = json(await owner.client.post('/me/two-factor/enrolment')).data.secret
    const confirmed = await owner.client.post('/me/two-factor/confirmation', { code: codeAt(secret) })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
  }
  return { owner, company, secret }
}

const settingsOf = (company: FakePaClient, overrides: Record<string, unknown> = {}) => ({
  flowUrl: pa.flowUrl,
  directoryUrl: pa.directoryUrl,
  tokenUrl: pa.tokenUrl,
  clientId: company.clientId,
  clientSecret: company.clientSecret,
  ...overrides,
})

async function connect(owner: Owner, company: FakePaClient, secret: string, overrides: Record<string, unknown> = {}) {
  return owner.client.request('PUT', '/e-invoicing/connection', {
    ...settingsOf(company, overrides),
    code: nextCode(secret),
  })
}

const rowsOf = async (query: ReturnType<typeof sql>) =>
  (await ctx.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }

describe('connecting the organisation to its PA', () => {
  it('connects with the owner’s code, reads its addresses, subscribes a webhook and never shows the secret', async () => {
    const { owner, company, secret } = await ownerWithPlatform()
    const response = await connect(owner, company, secret)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.body).not.toContain(company.clientSecret)
    expect(json(response).data).toMatchObject({
      connected: true,
      flowUrl: pa.flowUrl,
      clientId: company.clientId,
      hasClientSecret: true,
      receivingAddress: company.siren,
      addresses: [{ address: company.siren, siren: company.siren, siret: null, platform: 'WK' }],
      connectedBy: 'Camille Martin',
      webhookActive: true,
    })
    const read = await owner.client.get('/e-invoicing/connection')
    expect(read.body).not.toContain(company.clientSecret)
    expect(json(read).data.addresses).toHaveLength(1)

    const tested = await owner.client.post('/e-invoicing/connection/test')
    expect(tested.statusCode, tested.body).toBe(200)
    expect(json(tested).data.message).toBe(m.connectionOk)

    const stored = await rowsOf(
      sql`select * from e_invoicing_connections where organization_id = ${owner.organization.id}`,
    )
    const row = stored.rows[0] as Record<string, string>
    expect(row.client_secret_sealed?.startsWith('v1:')).toBe(true)
    expect(JSON.stringify(row)).not.toContain(company.clientSecret)
    expect(row.webhook_key_sealed?.startsWith('v1:')).toBe(true)
    // The trail is written once the answer has gone: wait for it a little.
    let audit = { rows: [] as Record<string, unknown>[] }
    for (let tries = 0; tries < 50 && audit.rows.length < 2; tries++) {
      audit = await rowsOf(sql`select * from audit_events where organization_id = ${owner.organization.id}`)
      audit.rows = audit.rows.filter((event) => String(event.route).includes('e-invoicing'))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(audit.rows.map((event) => event.summary)).toContain('Relie l’organisation à sa plateforme agréée')
    expect(JSON.stringify(audit.rows)).not.toContain(company.clientSecret)
  })

  it('refuses an owner without a second factor, a wrong code and a collaborator, in French, saving nothing', async () => {
    const plain = await ownerWithPlatform({ twoFactor: false })
    const noFactor = await plain.owner.client.request('PUT', '/e-invoicing/connection', {
      ...settingsOf(plain.company),
      code: '123456',
    })
    expect(noFactor.statusCode).toBe(403)
    expect(json(noFactor)).toMatchObject({ code: 'TWO_FACTOR_NOT_ENABLED', message: m.twoFactorNeeded })

    const { owner, company, secret } = await ownerWithPlatform()
    const wrong = String((Number(nextCode(secret)) + 1) % 1_000_000).padStart(6, '0')
    const refused = await owner.client.request('PUT', '/e-invoicing/connection', {
      ...settingsOf(company),
      code: wrong,
    })
    expect(refused.statusCode).toBe(422)
    expect(json(refused).errors.code[0]).toMatch(/pas le bon/)

    const collaborator = await joinAsCollaborator(ctx, owner)
    const notOwner = await collaborator.client.request('PUT', '/e-invoicing/connection', {
      ...settingsOf(company),
      code: '123456',
    })
    expect(notOwner.statusCode).toBe(403)
    expect(json(notOwner).message).toBe(m.ownerOnly)
    expect(json(await collaborator.client.get('/e-invoicing/connection')).data.connected).toBe(false)
    const untested = await collaborator.client.post('/e-invoicing/connection/test')
    expect(untested.statusCode).toBe(409)
    expect(json(untested)).toMatchObject({ code: 'NOT_CONNECTED', message: m.notConnected })
  })

  it('saves nothing when the PA refuses the credentials (422) or does not answer (502)', async () => {
    const { owner, company, secret } = await ownerWithPlatform()
    const wrongSecret = await connect(owner, company, secret, { clientSecret: 'pas-le-bon-secret' })
    expect(wrongSecret.statusCode).toBe(422)
    expect(json(wrongSecret)).toMatchObject({ code: 'PLATFORM_CREDENTIALS', message: m.platformCredentials })
    expect(json(wrongSecret).errors.clientSecret).toEqual([m.platformCredentials])
    expect(wrongSecret.body).not.toContain('pas-le-bon-secret')

    await pa.outage(true, 503)
    try {
      const down = await connect(owner, company, secret)
      expect(down.statusCode).toBe(502)
      expect(json(down)).toMatchObject({ code: 'PLATFORM_BUSY', message: m.platformBusy })
    } finally {
      await pa.outage(false)
    }
    const nowhere = await connect(owner, company, secret, { tokenUrl: 'http://127.0.0.1:9/token' })
    expect(nowhere.statusCode).toBe(502)
    expect(json(nowhere)).toMatchObject({ code: 'PLATFORM_UNREACHABLE', message: m.platformUnreachable })
    expect(json(await owner.client.get('/e-invoicing/connection')).data.connected).toBe(false)
    const stored = await rowsOf(
      sql`select 1 from e_invoicing_connections where organization_id = ${owner.organization.id}`,
    )
    expect(stored.rows).toHaveLength(0)
  })

  it('asks the secret the first time, keeps the saved one when it is left out, and needs the organisation’s SIREN', async () => {
    const { owner, company, secret } = await ownerWithPlatform()
    const { clientSecret: _left, ...withoutSecret } = settingsOf(company)
    const first = await owner.client.request('PUT', '/e-invoicing/connection', {
      ...withoutSecret,
      code: nextCode(secret),
    })
    expect(first.statusCode).toBe(422)
    expect(json(first).errors.clientSecret).toEqual([m.clientSecret])
    expect((await connect(owner, company, secret)).statusCode).toBe(200)
    const again = await owner.client.request('PUT', '/e-invoicing/connection', {
      ...withoutSecret,
      code: nextCode(secret),
    })
    expect(again.statusCode, again.body).toBe(200)

    const bare = await ownerWithPlatform()
    await bare.owner.client.patch('/organization', { registrySiren: null })
    const noSiren = await connect(bare.owner, bare.company, bare.secret)
    expect(noSiren.statusCode).toBe(422)
    expect(json(noSiren).code).toBe('ORGANIZATION_SIREN_MISSING')
  })

  it('lets the owner choose which of the directory’s addresses receives, and no other', async () => {
    const { owner, company, secret } = await ownerWithPlatform({ addresses: [{}, { suffix: 'ACHATS' }] })
    expect((await connect(owner, company, secret)).statusCode).toBe(200)
    const chosen = await owner.client.patch('/e-invoicing/connection', { receivingAddress: `${company.siren}_ACHATS` })
    expect(chosen.statusCode, chosen.body).toBe(200)
    expect(json(chosen).data.receivingAddress).toBe(`${company.siren}_ACHATS`)
    expect(json(await owner.client.get('/e-invoicing/connection')).data.receivingAddress).toBe(
      `${company.siren}_ACHATS`,
    )
    const other = await owner.client.patch('/e-invoicing/connection', { receivingAddress: '552032534' })
    expect(other.statusCode).toBe(422)
    expect(json(other).errors.receivingAddress).toEqual([m.receivingAddress])
  })

  it('disconnects with the owner’s code: the webhook goes at the PA and the connection here', async () => {
    const { owner, company, secret } = await ownerWithPlatform()
    expect((await connect(owner, company, secret)).statusCode).toBe(200)
    const token = await pa.token(company)
    const webhooks = async () =>
      (
        (await (
          await fetch(`${pa.flowUrl}/v1/webhooks`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as {
          webhooks: unknown[]
        }
      ).webhooks
    expect(await webhooks()).toHaveLength(1)
    const refused = await owner.client.post('/e-invoicing/disconnection', { code: '000000' })
    expect(refused.statusCode).toBe(422)
    const done = await owner.client.post('/e-invoicing/disconnection', { code: nextCode(secret) })
    expect(done.statusCode, done.body).toBe(200)
    expect(json(done).data.message).toBe(m.disconnected)
    expect(await webhooks()).toHaveLength(0)
    expect(json(await owner.client.get('/e-invoicing/connection')).data.connected).toBe(false)
    expect((await owner.client.post('/e-invoicing/disconnection', { code: nextCode(secret) })).statusCode).toBe(409)
  })
})

describe('a PA that takes no webhook', () => {
  it('connects all the same, without a webhook: the polling covers it', async () => {
    const { owner, secret } = await ownerWithPlatform()
    const asked: string[] = []
    // A PA of a few lines: tokens, healthchecks, the directory's line of any SIREN, and 403 to webhooks.
    const server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        asked.push(`${req.method} ${req.url}`)
        const reply = (status: number, body?: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' })
          res.end(body === undefined ? undefined : JSON.stringify(body))
        }
        if (req.url === '/token') return reply(200, { access_token: 'jeton', expires_in: 3600 })
        if (req.url?.endsWith('/healthcheck')) return reply(200)
        if (req.url === '/directory/v1/directory-line/search') {
          const siren = JSON.parse(Buffer.concat(chunks).toString()).filters.siren.value
          return reply(200, { results: [{ addressingIdentifier: siren, siren, directoryLineStatus: 'Enabled' }] })
        }
        if (req.url === '/flow/v1/webhooks') return reply(403, { errorCode: 'WEBHOOKS_NOT_ALLOWED' })
        reply(404, { errorCode: 'NOT_FOUND' })
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const response = await owner.client.request('PUT', '/e-invoicing/connection', {
        flowUrl: `${origin}/flow`,
        directoryUrl: `${origin}/directory`,
        tokenUrl: `${origin}/token`,
        clientId: 'carnet',
        clientSecret: 'secret-du-pa',
        code: nextCode(secret),
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(json(response).data).toMatchObject({ connected: true, webhookActive: false })
      expect(asked).toContain('POST /flow/v1/webhooks')
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})

describe('the directory through the PA', () => {
  it('says whether a SIREN receives e-invoices, and where; an unknown one is not reachable; none without a PA', async () => {
    const { owner, company, secret } = await ownerWithPlatform()
    const customer = await pa.registerElsewhere({ name: 'Client Annuaire', addresses: [{}, { suffix: 'COMPTA' }] })
    const before = await owner.client.get(`/e-invoicing/directory?siren=${customer.siren}`)
    expect(before.statusCode).toBe(409)
    expect(json(before).code).toBe('NOT_CONNECTED')
    expect((await connect(owner, company, secret)).statusCode).toBe(200)

    const found = await owner.client.get(`/e-invoicing/directory?siren=${customer.siren}`)
    expect(found.statusCode, found.body).toBe(200)
    expect(json(found).data).toEqual({
      siren: customer.siren,
      name: 'Client Annuaire',
      reachable: true,
      addresses: [
        expect.objectContaining({ address: customer.siren, suffix: null }),
        expect.objectContaining({ address: `${customer.siren}_COMPTA`, suffix: 'COMPTA' }),
      ],
    })
    const unknown = randomSiren()
    const missing = await owner.client.get(`/e-invoicing/directory?siren=${unknown}`)
    expect(missing.statusCode).toBe(200)
    expect(json(missing).data).toEqual({ siren: unknown, name: null, reachable: false, addresses: [] })
    expect((await owner.client.get('/e-invoicing/directory?siren=123')).statusCode).toBe(400)
  })
})
