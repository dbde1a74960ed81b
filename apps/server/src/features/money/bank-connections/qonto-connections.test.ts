import { messages } from '@app/domain'
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { connections, linesOfJournal, throughProvider } from '../../../../test/bank-providers/flow'
import { useFakeBankProviders } from '../../../../test/bank-providers/index'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

// The stand-in answers from this process: under a loaded machine a second is not enough for its replies.
const fakes = useFakeBankProviders({ timeoutMs: 5000 })
const ctx = useTestContext({ config: fakes.config })
const m = messages.bankConnections
const linesOf = (journalId: number) => linesOfJournal(ctx.database.db, journalId)

describe('bank connections through Qonto (neobank, OAuth 2)', () => {
  beforeEach(() => {
    const { organization, lines } = fakes.qonto
    organization.accounts.splice(
      0,
      organization.accounts.length,
      { id: 'acc-main', name: 'Compte principal', iban: 'FR7616958000011234567890177', balanceCents: 1843217 },
      {
        id: 'acc-closed',
        name: 'Ancien compte',
        iban: 'FR7616958000011234567890274',
        balanceCents: 0,
        status: 'closed',
      },
    )
    lines.splice(0, lines.length)
    for (let index = 0; index < 205; index++)
      fakes.qonto.addLine({
        account: 'acc-main',
        amountCents: 1000 + index,
        side: index % 2 ? 'debit' : 'credit',
        label: `Client ${index}`,
        settledAt: new Date(Date.UTC(2026, 1, 1, 9) + index * 3600_000).toISOString(),
        reference: index === 0 ? 'Facture F-2026-042' : null,
      })
    fakes.qonto.addLine({
      account: 'acc-main',
      amountCents: 5000,
      side: 'debit',
      label: 'Refusée',
      settledAt: '2026-02-20T10:00:00Z',
      status: 'declined',
    })
  })

  const connectQonto = async (client: Client) => {
    const started = await client.post('/bank-connections', { provider: 'qonto' })
    expect(started.statusCode, started.body).toBe(200)
    const url = new URL(json(started).data.url)
    expect(url.pathname).toBe('/oauth2/auth')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'carnet-test-qonto',
      redirect_uri: 'http://localhost:3000/api/v1/bank-connections/callback',
      response_type: 'code',
      scope: 'offline_access organization.read',
    })
    return throughProvider(client, url.toString())
  }

  it('connects through OAuth: the open accounts become journals, every page of completed lines arrives once', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const mark = fakes.received.qonto.length
    const landed = await connectQonto(client)
    expect(landed.searchParams.get('bankConnection')).toBe('connected')
    const [connection] = await connections(client)
    expect(connection).toMatchObject({ provider: 'qonto', providerName: 'Qonto', bankName: 'Qonto', state: 'ok' })
    expect(connection.journals).toEqual([
      expect.objectContaining({ name: 'Compte principal', code: 'BQ1', balance: '18432.17', isActive: true }),
    ])
    const lines = await linesOf(connection.journals[0].id)
    expect(lines).toHaveLength(205)
    expect(lines[0]).toMatchObject({
      amount: '10.00',
      rawName: 'Client 0',
      reference: 'Facture F-2026-042',
      origin: 'qonto',
      datedAt: '2026-02-01',
    })
    expect(lines[1]).toMatchObject({ amount: '-10.01' })
    // The OAuth tokens are kept encrypted (lib/secrets.ts): a copy of the database holds none in clear.
    const stored = await ctx.database.db.execute(
      sql`select access_token, refresh_token from bank_connections where id = ${connection.id}`,
    )
    for (const token of Object.values(stored.rows[0] as Record<string, string>)) expect(token).toMatch(/^v1:/)
    const pages = fakes.received.qonto.slice(mark).filter((one) => one.path === '/v2/transactions')
    expect(pages.map((one) => one.query.get('current_page'))).toEqual(['1', '2', '3'])
    expect(pages.every((one) => one.query.getAll('status[]').includes('completed'))).toBe(true)

    const again = json(await client.post(`/bank-connections/${connection.id}/sync`)).data
    expect(again).toMatchObject({ imported: 0 })
    expect(
      fakes.received.qonto.findLast((one) => one.path === '/v2/transactions')?.query.get('settled_at_from'),
    ).toBeTruthy()
    expect(await linesOf(connection.journals[0].id)).toHaveLength(205)
  })

  it('refreshes an expired access token, and shows the connection in error when Qonto revoked it', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    await connectQonto(client)
    const [connection] = await connections(client)
    ctx.setNow(() => new Date(Date.now() + 2 * 3600_000))
    expect((await client.post(`/bank-connections/${connection.id}/sync`)).statusCode).toBe(200)
    const refresh = fakes.received.qonto.findLast((one) => one.path === '/oauth2/token')
    expect(refresh?.body).toMatchObject({ grant_type: 'refresh_token', client_id: 'carnet-test-qonto' })

    fakes.qonto.revokeAll()
    const revoked = await client.post(`/bank-connections/${connection.id}/sync`)
    expect(revoked.statusCode).toBe(200)
    expect(json(revoked).data.connection).toMatchObject({
      statusCode: 402,
      statusCodeInfo: 'invalid_creds',
      statusCodeDescription: m.providerRefused,
      state: 'error',
    })
  })

  it('says when the user refused the access at Qonto', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    fakes.qonto.controls.deny = true
    const landed = await connectQonto(client)
    expect(landed.searchParams.get('reason')).toBe('CANCELLED')
    expect(await connections(client)).toEqual([])
  })
})
