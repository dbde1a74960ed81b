import { AUDIT_CATEGORY_LABELS, messages } from '@app/domain'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  Client,
  joinAsCollaborator,
  json,
  PASSWORD,
  signUpWithOrganization,
  uniqueEmail,
  useTestContext,
} from '../../../../test/helpers'
import { createValidatedInvoice } from '../../../../test/sales'

const ctx = useTestContext()

/** The owner's view of the trail, once the events of the answers already given are written. */
async function eventsOf(client: Client, query = '') {
  await ctx.app.audit.settled()
  const response = await client.get(`/audit-events?pageSize=100${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data as Record<string, unknown>[]
}

const summaryOf = (path: string, method: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read loosely.
  (ctx.app.swagger() as any).paths[`/api/v1${path}`][method].summary as string

describe('the audit trail records', () => {
  it('a failed sign-in with the address tried and the IP, then the sign-in, never the password', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const browser = new Client(ctx.app, '203.0.113.7')
    const wrong = await browser.request(
      'POST',
      '/auth/login',
      { username: owner.email, password: 'pas-le-bon-1' },
      {
        'user-agent': 'Firefox de test',
      },
    )
    expect(wrong.statusCode).toBe(401)
    const right = await browser.post('/auth/login', { username: owner.email, password: PASSWORD })
    expect(right.statusCode, right.body).toBe(200)

    const signIns = (await eventsOf(owner.client, '&filter[category]=auth')).filter((e) => e.route === '/auth/login')
    expect(signIns.map((e) => [e.succeeded, e.status, e.ip])).toEqual([
      [true, 200, '203.0.113.7'],
      [false, 401, '203.0.113.7'],
    ])
    expect(signIns[1]).toMatchObject({
      actorKind: 'user',
      actorEmail: owner.email,
      actorName: 'Camille Martin',
      userAgent: 'Firefox de test',
      summary: summaryOf('/auth/login', 'post'),
      category: 'auth',
    })
    const stored = await ctx.database.db.execute(sql`select * from audit_events where route = '/auth/login'`)
    expect(JSON.stringify(stored)).not.toContain('pas-le-bon-1')
    expect(JSON.stringify(stored)).not.toContain(PASSWORD)
  })

  it('a failed sign-in for an unknown address under no organisation', async () => {
    const email = uniqueEmail('inconnu')
    const response = await new Client(ctx.app, '198.51.100.4').post('/auth/login', { username: email, password: 'x' })
    expect(response.statusCode).toBe(401)
    await ctx.app.audit.settled()
    const rows = (await ctx.database.db.execute(
      sql`select organization_id, actor_kind, ip, succeeded from audit_events where actor_email = ${email}`,
    )) as unknown as { rows?: unknown[] } | unknown[]
    const list = Array.isArray(rows) ? rows : (rows.rows ?? [])
    expect(list).toEqual([{ organization_id: null, actor_kind: 'anonymous', ip: '198.51.100.4', succeeded: false }])
  })

  it('a validated invoice with its summary, its id and who validated it', async () => {
    const owner = await signUpWithOrganization(ctx.app, { taxRegimeId: 2 })
    const invoice = await createValidatedInvoice(owner.client)
    const [validated] = (await eventsOf(owner.client)).filter((e) => e.route === '/invoices/:id/validate')
    expect(validated).toMatchObject({
      summary: summaryOf('/invoices/{id}/validate', 'post'),
      method: 'POST',
      targetId: String(invoice.id),
      category: 'documents',
      actorKind: 'user',
      userId: owner.id,
      actorName: 'Camille Martin',
      status: 200,
      succeeded: true,
    })
  })

  it('a write made with a personal API token as that token', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const script = json(await owner.client.post('/me/tokens', { name: 'Script compta' })).data
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contacts?relation=customer',
      headers: { authorization: `Bearer ${script.token}` },
      payload: {
        contactTypeId: 1,
        name: 'Danone',
        registrySiren: '552032534',
        intracommunityTaxNumber: 'FR27552032534',
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const [event] = (await eventsOf(owner.client)).filter((e) => e.route === '/contacts')
    expect(event).toMatchObject({
      actorKind: 'token',
      tokenId: script.id,
      tokenName: 'Script compta',
      userId: owner.id,
      method: 'POST',
      status: 201,
    })
    // A read with the token is not an action: nothing more.
    await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/contacts',
      headers: { authorization: `Bearer ${script.token}` },
    })
    expect((await eventsOf(owner.client)).filter((e) => e.actorKind === 'token')).toHaveLength(1)
  })

  it('an export, and the trail’s own CSV export', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const exported = await owner.client.get('/exports/accounting.csv?from=2026-01-01&to=2026-12-31')
    expect(exported.statusCode, exported.body).toBe(200)
    expect((await owner.client.get('/audit-events/export.csv')).statusCode).toBe(200)
    const exports = await eventsOf(owner.client, '&filter[category]=exports')
    expect(exports.map((e) => e.route)).toEqual(['/audit-events/export.csv', '/exports/accounting.csv'])
  })
})

describe('the audit trail is kept', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE, in French', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    await ctx.app.audit.settled()
    const { db } = ctx.database
    for (const statement of [
      sql`update audit_events set summary = 'rien' where organization_id = ${owner.organization.id}`,
      sql`delete from audit_events where organization_id = ${owner.organization.id}`,
      sql`truncate audit_events`,
    ]) {
      const refusal = await db.execute(statement).then(
        () => 'accepted',
        (error: Error) => `${error.message} ${(error.cause as Error | undefined)?.message}`,
      )
      expect(refusal).toMatch(/Le journal d'audit ne se modifie pas et ne s'efface pas/)
    }
    expect((await eventsOf(owner.client)).length).toBeGreaterThan(0)
  })

  it('to its organisation: another owner sees none of it, a member who is not the owner gets a 403', async () => {
    const first = await signUpWithOrganization(ctx.app)
    const second = await signUpWithOrganization(ctx.app)
    const mine = await eventsOf(first.client)
    expect(mine.length).toBeGreaterThan(0)
    const theirs = await eventsOf(second.client)
    expect(theirs.some((e) => e.userId === first.id)).toBe(false)
    expect(await eventsOf(second.client, `&filter[userId]=${first.id}`)).toEqual([])

    const collaborator = await joinAsCollaborator(ctx, first)
    for (const url of ['/audit-events', '/audit-events/export.csv']) {
      const refused = await collaborator.client.get(url)
      expect(refused.statusCode).toBe(403)
      expect(json(refused).message).toBe(messages.organization.ownerOnly)
    }
  })
})

describe('the owner reads the trail', () => {
  it('filtered by member, category and period, paged, and refuses a period that ends before it starts', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    await owner.client.patch('/me/preferences', {})
    const all = await eventsOf(owner.client)
    const page = json(await owner.client.get('/audit-events?pageSize=1&page=2'))
    expect(page.meta).toEqual({ total: all.length, page: 2, pageSize: 1 })
    expect(page.data[0].id).toBe(all[1]?.id)
    expect((await eventsOf(owner.client, `&filter[userId]=${owner.id}`)).length).toBe(all.length)
    const settings = await eventsOf(owner.client, '&filter[category]=settings')
    expect(settings.length).toBeGreaterThan(0)
    expect(settings.every((e) => e.category === 'settings')).toBe(true)
    expect(await eventsOf(owner.client, '&filter[from]=2020-01-01&filter[to]=2020-12-31')).toEqual([])
    const reversed = await owner.client.get('/audit-events?filter[from]=2026-02-01&filter[to]=2026-01-01')
    expect(reversed.statusCode).toBe(400)
    expect(reversed.body).toContain('La date de fin doit être après la date de début.')
    expect((await owner.client.get('/audit-events?filter[category]=tout')).statusCode).toBe(400)
  })

  it('from the first day to the last a date can name, on the page and in the CSV (Paris had other offsets then)', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    await createValidatedInvoice(owner.client)
    await ctx.app.audit.settled()
    const page = await owner.client.get('/audit-events?filter[from]=0001-01-01&filter[to]=9999-12-31')
    expect(page.statusCode).toBe(200)
    expect(page.json().data.some((event: { route: string }) => event.route === '/invoices/:id/validate')).toBe(true)
    const csv = await owner.client.get('/audit-events/export.csv?filter[to]=9999-12-31')
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain(';/invoices/:id/validate;')
    const before = await owner.client.get('/audit-events?filter[from]=0001-01-01&filter[to]=1900-12-31')
    expect(before.statusCode).toBe(200)
    expect(before.json().data).toEqual([])
  })

  it('as a semicolon CSV with a BOM, in Paris time, one line per event', async () => {
    const owner = await signUpWithOrganization(ctx.app, { organizationName: 'Atelier Léa' })
    await createValidatedInvoice(owner.client)
    await ctx.app.audit.settled()
    const response = await owner.client.get('/audit-events/export.csv?filter[category]=documents')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(/atelier-lea-journal-audit-\d{8}-\d{4}\.csv/)
    expect(response.body.startsWith('\uFEFF')).toBe(true)
    const lines = response.body.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'Date;Heure;Qui;E-mail;Jeton;Adresse IP;Navigateur;Catégorie;Action;Méthode;Route;Cible;Statut;Résultat',
    )
    const validate = lines.find((line) => line.includes(';/invoices/:id/validate;'))
    expect(validate).toMatch(
      new RegExp(
        `^\\d\\d/\\d\\d/\\d{4};\\d\\d:\\d\\d:\\d\\d;Camille Martin;${owner.email};;10\\.0\\.\\d+\\.\\d+;[^;]*;${AUDIT_CATEGORY_LABELS.documents};${summaryOf('/invoices/{id}/validate', 'post')};POST;/invoices/:id/validate;\\d+;200;Réussi$`,
      ),
    )
    expect(lines.slice(1).every((line) => line.includes(`;${AUDIT_CATEGORY_LABELS.documents};`))).toBe(true)
  })
})
