import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { messages } from '@app/domain'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { connections, linesOfJournal, throughProvider } from '../../../../test/bank-providers/flow'
import { useFakeBankProviders } from '../../../../test/bank-providers/index'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { bankConnections } from '../../../db/schema/index'

const m = messages.bankConnections
const fakes = useFakeBankProviders({ timeoutMs: 1000 })
// A built web app, so that the callback's redirect can be followed to the page it names.
const webDist = mkdtempSync(join(tmpdir(), 'carnet-web-'))
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
const ctx = useTestContext({ config: Object.assign(fakes.config, { webDist }) })

const SG_IBAN = 'FR7630003000110005000157821'
const SAVINGS_IBAN = 'FR7630004000031234567890143'

/** Société Générale at Bridge: a current account of 1 250,40 € with 7 lines (one deleted, one future), and savings. */
function bankAtBridge() {
  const { bank } = fakes.bridge
  bank.accounts.splice(
    0,
    bank.accounts.length,
    { name: 'Compte courant pro', iban: SG_IBAN, balance: 1250.4 },
    { name: 'Livret A', iban: SAVINGS_IBAN, balance: 3000, type: 'savings' },
    { name: 'Prêt immobilier', iban: null, balance: -120000, type: 'loan' },
  )
  bank.lines.splice(
    0,
    bank.lines.length,
    { account: 0, amount: -6.92, date: '2026-03-02', description: 'Paiement par carte 01/03/2026 Carrefour City' },
    { account: 0, amount: 1500, date: '2026-03-03', description: 'Vir Sepa recu Client Dupont' },
    { account: 0, amount: -59.99, date: '2026-03-05', description: 'Prlv Sepa Free Mobile' },
    { account: 0, amount: -12.5, date: '2026-03-06', description: 'Cb Boulangerie' },
    { account: 0, amount: -3.2, date: '2026-03-07', description: 'Cb Cafe' },
    { account: 0, amount: -99, date: '2026-03-07', description: 'Annule', deleted: true },
    { account: 0, amount: -45, date: '2099-01-01', description: 'Prlv a venir', future: true },
    { account: 1, amount: 3000, date: '2026-01-15', description: 'Versement' },
  )
}

async function connectBridge(client: Client, suffix = '') {
  const started = await client.post('/bank-connections', { provider: 'bridge' })
  expect(started.statusCode, started.body).toBe(200)
  return throughProvider(client, `${json(started).data.url}${suffix}`)
}

const linesOf = (journalId: number) => linesOfJournal(ctx.database.db, journalId)

beforeEach(() => {
  bankAtBridge()
  fakes.bridge.controls.pageSize = 500
  fakes.bridge.controls.down = false
  fakes.bridge.controls.hang = false
  ctx.setNow(() => new Date())
})

describe('bank connections: providers', () => {
  it('lists the providers this server is configured for', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    expect(json(await client.get('/bank-connections/providers')).data).toEqual([
      { provider: 'bridge', name: 'Bridge', kind: 'aggregator' },
      { provider: 'qonto', name: 'Qonto', kind: 'neobank' },
    ])
  })
})

describe('bank connections through Bridge (aggregator, API v3)', () => {
  it('connects: the accounts become bank journals, their transactions arrive paged, re-syncing adds nothing', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    fakes.bridge.controls.pageSize = 2 // five lines of the current account come in three pages
    const mark = fakes.received.bridge.length
    const landed = await connectBridge(client)
    expect(landed.pathname).toBe('/app/setting/financial')
    expect(landed.searchParams.get('bankConnection')).toBe('connected')

    const [connection] = await connections(client)
    expect(connection).toMatchObject({
      id: Number(landed.searchParams.get('bankConnectionId')),
      provider: 'bridge',
      providerName: 'Bridge',
      bankName: 'Société Générale',
      isActive: true,
      statusCode: 0,
      state: 'ok',
      needsRenewal: false,
    })
    expect(Date.parse(connection.expiresAt) - Date.now()).toBeGreaterThan(89 * 86_400_000)
    // The loan is not a bank account of the books; the current account is the active one (the organisation had none).
    expect(connection.journals).toEqual([
      {
        id: expect.any(Number),
        name: 'Compte courant pro',
        code: 'BQ1',
        iban: SG_IBAN,
        isActive: true,
        balance: '1250.40',
      },
      {
        id: expect.any(Number),
        name: 'Livret A',
        code: 'BQ2',
        iban: SAVINGS_IBAN,
        isActive: false,
        balance: '3000.00',
      },
    ])

    const current = connection.journals[0].id
    const lines = await linesOf(current)
    // Deleted and future lines are not imported; the raw label is kept, the name cleaned; the origin is the provider.
    expect(lines.map((line) => [line.datedAt, line.amount, line.rawName, line.name, line.origin])).toEqual([
      ['2026-03-02', '-6.92', 'PAIEMENT PAR CARTE 01/03/2026 CARREFOUR CITY', 'Carrefour City', 'bridge'],
      ['2026-03-03', '1500.00', 'VIR SEPA RECU CLIENT DUPONT', expect.any(String), 'bridge'],
      ['2026-03-05', '-59.99', 'PRLV SEPA FREE MOBILE', expect.any(String), 'bridge'],
      ['2026-03-06', '-12.50', 'CB BOULANGERIE', expect.any(String), 'bridge'],
      ['2026-03-07', '-3.20', 'CB CAFE', expect.any(String), 'bridge'],
    ])
    expect(lines.every((line) => line.dedupeKey?.startsWith('bridge:'))).toBe(true)
    // Its balance is the bank's: the starting value makes up for the history before the first line.
    expect(json(await client.get(`/journals/${current}`)).data).toMatchObject({
      balance: '1250.40',
      startingValue: '-166.99',
    })

    const asked = fakes.received.bridge.slice(mark).filter((one) => one.path === '/v3/aggregation/transactions')
    expect(asked.length).toBeGreaterThanOrEqual(4)
    expect(asked.every((one) => one.headers['client-id'] === 'carnet-test-bridge')).toBe(true)
    expect(asked.every((one) => one.headers['bridge-version'] === '2025-01-15')).toBe(true)
    expect(asked.every((one) => String(one.headers.authorization).startsWith('Bearer '))).toBe(true)
    expect(asked.some((one) => one.query.get('after'))).toBe(true)
    expect(asked.every((one) => !one.query.has('since'))).toBe(true)

    const again = await client.post(`/bank-connections/${connection.id}/sync`)
    expect(again.statusCode, again.body).toBe(200)
    expect(json(again).data).toMatchObject({ imported: 0, duplicates: 6 })
    expect(await linesOf(current)).toHaveLength(5)
    // The second sync asks only for what changed since the first (with a few days' overlap).
    const since = fakes.received.bridge
      .filter((one) => one.path === '/v3/aggregation/transactions')
      .at(-1)
      ?.query.get('since')
    expect(since && Date.now() - Date.parse(since)).toBeGreaterThan(2 * 86_400_000)

    const item = fakes.bridge.accounts.find((one) => one.iban === SG_IBAN && fakes.bridge.items.has(one.itemId))
    fakes.bridge.addLine(item?.id as number, { amount: -25, date: '2026-03-09', description: 'CB LIBRAIRIE' })
    fakes.bridge.addLine(item?.id as number, {
      amount: -1,
      date: '2026-01-02',
      description: 'ANCIENNE LIGNE',
      updatedAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    })
    const third = json(await client.post(`/bank-connections/${connection.id}/sync`)).data
    expect(third).toMatchObject({ imported: 1 })
    expect((await linesOf(current)).map((line) => line.rawName)).toContain('CB LIBRAIRIE')
    expect((await linesOf(current)).map((line) => line.rawName)).not.toContain('ANCIENNE LIGNE')
  })

  it('maps the item’s status codes to the connection’s status, for the badge and the error modal', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    await connectBridge(client)
    const [connection] = await connections(client)
    const item = Number(
      fakes.received.bridge
        .findLast((one) => one.path.startsWith('/v3/aggregation/items/'))
        ?.path.split('/')
        .pop(),
    )

    fakes.bridge.setItemStatus(item, 1010, 'otp_required', 'Saisis le code reçu de ta banque')
    const otp = json(await client.post(`/bank-connections/${connection.id}/sync`)).data.connection
    expect(otp).toMatchObject({
      statusCode: 1010,
      statusCodeInfo: 'otp_required',
      statusCodeDescription: 'Saisis le code reçu de ta banque',
      state: 'error',
    })
    fakes.bridge.setItemStatus(item, 402, 'wrong_pwd', 'Mot de passe incorrect')
    expect(json(await client.post(`/bank-connections/${connection.id}/sync`)).data.connection).toMatchObject({
      statusCode: 402,
      statusCodeInfo: 'wrong_pwd',
      state: 'error',
    })
    // A refresh in progress (-2) is not an error: the data is on its way.
    fakes.bridge.setItemStatus(item, -2, null, null)
    expect(json(await client.post(`/bank-connections/${connection.id}/sync`)).data.connection).toMatchObject({
      statusCode: 0,
      statusCodeInfo: 'sync_in_progress',
      state: 'ok',
    })
  })

  it('archives and reactivates a connection; an archived one is not synced', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    await connectBridge(client)
    const [connection] = await connections(client)
    const off = await client.post(`/bank-connections/${connection.id}/toggle`)
    expect(json(off).data).toMatchObject({ isActive: false, state: 'archived' })
    const refused = await client.post(`/bank-connections/${connection.id}/sync`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({ code: 'BANK_CONNECTION_INACTIVE', message: m.inactive })
    expect(json(await client.post(`/bank-connections/${connection.id}/toggle`)).data).toMatchObject({
      isActive: true,
      state: 'ok',
    })
    expect((await client.post(`/bank-connections/${connection.id}/sync`)).statusCode).toBe(200)
  })

  it('needs renewal after 90 days; renewing goes through Bridge again and keeps the connection and its journals', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    await connectBridge(client)
    const [connection] = await connections(client)
    // Made 91 days ago: its 90 days are over.
    await ctx.database.db
      .update(bankConnections)
      .set({ expiresAt: new Date(Date.now() - 86_400_000).toISOString() })
      .where(eq(bankConnections.id, connection.id))
    const [expired] = await connections(client)
    expect(expired).toMatchObject({ needsRenewal: true, state: 'error' })
    const refused = await client.post(`/bank-connections/${connection.id}/sync`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({ code: 'BANK_CONNECTION_EXPIRED', message: m.expired })

    const renewal = await client.post('/bank-connections', { provider: 'bridge', bankConnectionId: connection.id })
    expect(renewal.statusCode, renewal.body).toBe(200)
    const session = fakes.received.bridge.findLast((one) => one.path === '/v3/aggregation/connect-sessions')
    expect(session?.body).toMatchObject({
      item_id: expect.any(Number),
      callback_url: 'http://localhost:3000/api/v1/bank-connections/callback',
    })
    const landed = await throughProvider(client, json(renewal).data.url)
    expect(landed.searchParams.get('bankConnectionId')).toBe(String(connection.id))
    const after = await connections(client)
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({ id: connection.id, needsRenewal: false, state: 'ok' })
    expect(Date.parse(after[0].expiresAt)).toBeGreaterThan(Date.now() + 89 * 86_400_000)
    expect(after[0].journals.map((journal: { id: number }) => journal.id)).toEqual(
      connection.journals.map((journal: { id: number }) => journal.id),
    )
  })

  it('deletes a connection: its journals stay with their transactions, unlinked, and Bridge forgets the item', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    await connectBridge(client)
    const [connection] = await connections(client)
    const current = connection.journals[0].id
    const itemCount = fakes.bridge.items.size
    expect((await client.delete(`/bank-connections/${connection.id}`)).statusCode).toBe(204)
    expect(await connections(client)).toEqual([])
    expect(fakes.bridge.items.size).toBe(itemCount - 1)
    expect(json(await client.get(`/journals/${current}`)).data).toMatchObject({
      transactionsCount: 5,
      balance: '1250.40',
    })
    expect(await linesOf(current)).toHaveLength(5)
    expect((await client.post(`/bank-connections/${connection.id}/sync`)).statusCode).toBe(404)
  })

  it('links an account the organisation already has by its IBAN, and brings only the lines after its latest', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const own = json(await client.post('/journals', { name: 'Mon compte SG', journalTypeId: 1, iban: SG_IBAN })).data
    const manual = await client.post('/transactions', {
      journalId: own.id,
      name: 'Virement client',
      datedAt: '2026-03-03',
      amount: '1500',
      allocations: [],
    })
    expect(manual.statusCode, manual.body).toBe(201)
    await connectBridge(client)
    const [connection] = await connections(client)
    expect(connection.journals.map((journal: { id: number; name: string }) => [journal.id, journal.name])).toEqual([
      [own.id, 'Mon compte SG'],
      [expect.any(Number), 'Livret A'],
    ])
    expect((await linesOf(own.id)).map((line) => line.datedAt)).toEqual([
      '2026-03-03',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ])
  })

  it('answers another organisation’s connection 404, and its state finds nothing here', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    await connectBridge(owner.client)
    const [connection] = await connections(owner.client)
    const other = await signUpWithOrganization(ctx.app)
    expect(await connections(other.client)).toEqual([])
    expect((await other.client.post(`/bank-connections/${connection.id}/sync`)).statusCode).toBe(404)
    expect((await other.client.post(`/bank-connections/${connection.id}/toggle`)).statusCode).toBe(404)
    expect((await other.client.delete(`/bank-connections/${connection.id}`)).statusCode).toBe(404)
    const renewal = await other.client.post('/bank-connections', {
      provider: 'bridge',
      bankConnectionId: connection.id,
    })
    expect(renewal.statusCode).toBe(404)

    // The owner starts a connection; the other organisation comes back with the owner's state.
    const started = json(await owner.client.post('/bank-connections', { provider: 'bridge' })).data.url
    const page = await fetch(started, { redirect: 'manual' })
    const back = new URL(page.headers.get('location') as string)
    const stolen = await other.client.get(`/bank-connections/callback${back.search}`)
    expect(stolen.statusCode).toBe(302)
    expect(new URL(stolen.headers.location as string, 'http://x').searchParams.get('reason')).toBe('UNKNOWN_STATE')
    expect(await connections(other.client)).toEqual([])
    expect((await connections(owner.client)).map((one: { id: number }) => one.id)).toEqual([connection.id])
  })

  it('answers a callback with no connection under way as its document says, redirect followed or not', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const document = json(await ctx.app.inject({ url: '/api/v1/openapi.json' }))
    const declared = document.paths['/api/v1/bank-connections/callback'].get.responses
    const landed = await client.get('/bank-connections/callback')
    expect(landed.statusCode).toBe(302)
    expect(declared['302']).toBeDefined()
    const target = new URL(landed.headers.location as string, 'http://localhost:3000')
    expect(target.pathname).toBe('/app/setting/financial')
    expect(target.searchParams.get('bankConnection')).toBe('failed')
    // What a client that follows redirects ends with: the web app's page, declared as such.
    const page = await ctx.app.inject({
      url: `${target.pathname}${target.search}`,
      headers: { cookie: client.cookie ?? '' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(Object.keys(declared['200'].content)).toEqual(['text/html'])
  })

  it('says when the user left Bridge’s page without connecting, and keeps nothing of it', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const landed = await connectBridge(client, '?cancel=1')
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      bankConnection: 'failed',
      reason: 'CANCELLED',
      provider: 'bridge',
    })
    expect(await connections(client)).toEqual([])
    expect(json(await client.get('/journals?filter[journalTypeCode]=BQ')).data).toEqual([])
  })

  it('answers a clear 502 in French when Bridge is down or too slow, and changes nothing', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    await connectBridge(client)
    const [connection] = await connections(client)
    fakes.bridge.controls.down = true
    const connect = await client.post('/bank-connections', { provider: 'bridge' })
    expect(connect.statusCode).toBe(502)
    expect(json(connect)).toEqual({ message: m.providerUnavailable, code: 'BANK_PROVIDER_UNAVAILABLE' })
    expect((await client.post(`/bank-connections/${connection.id}/sync`)).statusCode).toBe(502)
    fakes.bridge.controls.down = false
    fakes.bridge.controls.hang = true
    const slow = await client.post(`/bank-connections/${connection.id}/sync`)
    expect(slow.statusCode).toBe(502)
    fakes.bridge.controls.hang = false
    expect((await connections(client))[0]).toMatchObject({ statusCode: 0, lastSyncedAt: connection.lastSyncedAt })
  })

  it('refuses body keys named like Object’s own (constructor, toString) with a 422 naming them, never a 500', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.post('/bank-connections', { provider: 'bridge', constructor: 'abc', toString: 1 })
    expect(response.statusCode, response.body).toBe(422)
    expect(Object.keys(json(response).errors).sort()).toEqual(['constructor', 'toString'])
  })

  it('refuses an unknown provider and a renewal with the wrong provider', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const unknown = await client.post('/bank-connections', { provider: 'banque-imaginaire' })
    expect(unknown.statusCode).toBe(422)
    expect(json(unknown).errors).toEqual({ provider: [m.providerInvalid] })
    await connectBridge(client)
    const [connection] = await connections(client)
    const wrong = await client.post('/bank-connections', { provider: 'qonto', bankConnectionId: connection.id })
    expect(wrong.statusCode).toBe(422)
  })
})

describe('bank connections without any provider configured', () => {
  const bare = useTestContext()

  it('offers none, and refuses to start a connection with a clear message', async () => {
    const { client } = await signUpWithOrganization(bare.app)
    expect(json(await client.get('/bank-connections/providers')).data).toEqual([])
    const refused = await client.post('/bank-connections', { provider: 'bridge' })
    expect(refused.statusCode).toBe(422)
    expect(json(refused).errors).toEqual({ provider: [m.providerNotConfigured] })
    expect(json(await client.get('/bank-connections')).data).toEqual([])
  })
})

describe('bank connections need a session', () => {
  it('answers 401 without one', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/bank-connections' })
    expect(response.statusCode).toBe(401)
  })
})
