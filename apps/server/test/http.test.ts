import { describe, expect, it } from 'vitest'
import { Client, json, signUp, useTestContext } from './helpers'

const ctx = useTestContext()

describe('HTTP contract (API.md conventions)', () => {
  it('reports health with the database state', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ status: 'ok', db: 'ok' })
  })

  it('serves the generated OpenAPI document with the routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    expect(response.statusCode).toBe(200)
    const doc = json(response)
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/register',
        '/api/v1/organization/members',
        '/api/v1/contacts',
        '/api/v1/contacts/{id}',
        '/api/v1/addresses',
        '/api/v1/items/{id}',
        '/api/v1/companies/{siret}',
      ]),
    )
    expect(doc.paths['/api/v1/contacts'].post.requestBody).toBeDefined()
    expect(doc.paths['/api/v1/auth/register'].post.requestBody).toBeDefined()
  })

  it('answers 400 in French to malformed JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a@b.fr", ',
    })
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ code: 'MALFORMED_JSON' })
    expect(response.body).not.toMatch(/at .*\.js/)
  })

  it('answers 413 to a body over 1 MB', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a@b.fr', password: 'x'.repeat(1_100_000) }),
    })
    expect(response.statusCode).toBe(413)
    expect(json(response).message).toBe('La requête est trop volumineuse.')
  })

  it('answers 415 to an unsupported content type', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    })
    expect(response.statusCode).toBe(415)
  })

  it('answers a JSON 404 for an unknown API route', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nexiste-pas' })
    expect(response.statusCode).toBe(404)
    expect(json(response).code).toBe('ROUTE_NOT_FOUND')
  })

  it('answers 401 to a private route without a session, and to an unknown bearer token', async () => {
    expect((await new Client(ctx.app).get('/me')).statusCode).toBe(401)
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: 'Bearer faux' },
    })
    expect(response.statusCode).toBe(401)
  })

  it('answers 404 to a non-numeric id in a path', async () => {
    const { client } = await signUp(ctx.app)
    expect((await client.delete('/me/tokens/abc')).statusCode).toBe(404)
  })

  it('answers 400 to an unknown filter on a reference list', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/legal-forms?filter[nope]=1' })
    expect(response.statusCode).toBe(400)
  })

  it('never answers 5xx to hostile bodies on the account routes', async () => {
    const { client } = await signUp(ctx.app)
    const hostile = [null, [], 'texte', 42, { email: { $ne: 1 } }, { firstname: 'a'.repeat(10_000) }, { cgu: 'true' }]
    const routes = [
      ['POST', '/auth/register'],
      ['POST', '/auth/login'],
      ['POST', '/auth/password/code'],
      ['POST', '/auth/password/verify'],
      ['POST', '/auth/password/reset'],
      ['POST', '/auth/register/organization'],
      ['POST', '/organizations'],
      ['PATCH', '/me'],
      ['PATCH', '/me/password'],
      ['PATCH', '/me/preferences'],
      ['POST', '/me/current-organization'],
      ['POST', '/me/tokens'],
      ['PATCH', '/organization'],
      ['POST', '/organization/invitations'],
      ['PATCH', '/organization/members/1'],
      ['POST', '/invitations/accept'],
    ] as const
    for (const [method, url] of routes) {
      for (const body of hostile) {
        const response = await client.request(method, url, JSON.stringify(body), { 'content-type': 'application/json' })
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500)
        if (response.statusCode >= 400) expect(response.json()).toHaveProperty('message')
      }
    }
  })

  it('serves the public terms and privacy pages, and 404 for an unknown one', async () => {
    const terms = await ctx.app.inject({ method: 'GET', url: '/api/v1/content/cgu-cgv' })
    expect(terms.statusCode).toBe(200)
    expect(json(terms).data.title).toBe("Conditions générales d'utilisation")
    const privacy = await ctx.app.inject({ method: 'GET', url: '/api/v1/content/confidentiality-policy' })
    expect(json(privacy).data.sections.length).toBeGreaterThan(0)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/content/nope' })).statusCode).toBe(404)
  })

  it('keeps the development mailbox closed when an SMTP server is configured', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })).statusCode).toBe(404)
  })
})
