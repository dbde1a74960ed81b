import { describe, expect, it } from 'vitest'
import { json, signUp, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext({
  config: {
    legal: {
      publisher: 'Atelier Martin SAS, 12 rue des Lilas, 34000 Montpellier',
      hosting: ['OVH SAS, 2 rue Kellermann, 59100 Roubaix', 'Scaleway SAS, 8 rue de la Ville-l’Évêque, 75008 Paris'],
      dpoEmail: 'dpo@atelier-martin.fr',
    },
  },
})
const inMaintenance = useTestContext({ config: { maintenance: true } })

const get = (app: typeof ctx.app, url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` })

describe('legal notice', () => {
  it('names the publisher, every hosting provider and the data-protection contact of this instance', async () => {
    const response = await get(ctx.app, '/content/legal-notice')
    expect(response.statusCode).toBe(200)
    const page = json(response).data
    expect(page.title).toBe('Mentions légales')
    const text = page.sections.flatMap((section: { heading: string; paragraphs: string[] }) => [
      section.heading,
      ...section.paragraphs,
    ])
    expect(text).toContain('Hébergeurs')
    expect(text).toContain('OVH SAS, 2 rue Kellermann, 59100 Roubaix.')
    expect(text).toContain('Scaleway SAS, 8 rue de la Ville-l’Évêque, 75008 Paris.')
    expect(text.join('\n')).toContain('Atelier Martin SAS, 12 rue des Lilas, 34000 Montpellier')
    expect(text.join('\n')).toContain('dpo@atelier-martin.fr')
  })

  it('defaults to the operator of the instance when nothing is configured', async () => {
    const page = json(await get(inMaintenance.app, '/content/legal-notice')).data
    expect(page.sections[1]).toEqual({
      heading: 'Hébergeur',
      paragraphs: ["L'exploitant de cette instance de Carnet, sur ses propres serveurs."],
    })
    expect(page.sections[2].paragraphs[0]).toContain('dpo@carnet.local')
  })
})

describe('maintenance', () => {
  it('says the maintenance is off and serves every route as usual', async () => {
    expect(json(await get(ctx.app, '/maintenance'))).toEqual({ data: { status: 'off', message: null } })
    const { client } = await signUp(ctx.app)
    expect((await client.get('/me')).statusCode).toBe(200)
  })

  it('answers 503 in French to the routes that need a session while it is on, with a hint to come back', async () => {
    const me = await get(inMaintenance.app, '/me')
    expect(me.statusCode).toBe(503)
    expect(json(me)).toEqual({
      message: 'Carnet est en maintenance. Réessaye dans quelques minutes.',
      code: 'MAINTENANCE',
    })
    expect(me.headers['retry-after']).toBe('300')
    const write = await inMaintenance.app.inject({
      method: 'POST',
      url: '/api/v1/invoices',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      payload: { name: 'Facture' },
    })
    expect(write.statusCode).toBe(503)
  })

  it('keeps the public routes open so the page can tell what is going on', async () => {
    expect(json(await get(inMaintenance.app, '/maintenance')).data).toEqual({
      status: 'on',
      message: 'Carnet est en maintenance. Réessaye dans quelques minutes.',
    })
    expect((await get(inMaintenance.app, '/health')).statusCode).toBe(200)
    expect((await get(inMaintenance.app, '/content/cgu-cgv')).statusCode).toBe(200)
    expect((await get(inMaintenance.app, '/openapi.json')).statusCode).toBe(200)
    expect((await get(inMaintenance.app, '/nope')).statusCode).toBe(404)
  })

  it('documents the 503 on the routes that need a session, not on the public ones', async () => {
    const doc = json(await get(ctx.app, '/openapi.json'))
    expect(doc.paths['/api/v1/me'].get.responses['503']).toBeDefined()
    expect(doc.paths['/api/v1/maintenance'].get.responses['503']).toBeUndefined()
  })
})

describe('changelog', () => {
  it('lists what the product shipped, newest first, to anyone', async () => {
    const response = await get(ctx.app, '/changelog?pageSize=100')
    expect(response.statusCode).toBe(200)
    const { data, meta } = json(response)
    expect(meta).toEqual({ total: data.length, page: 1, pageSize: 100 })
    expect(data.length).toBeGreaterThan(10)
    const dates = data.map((entry: { valuedAt: string }) => entry.valuedAt)
    expect(dates).toEqual([...dates].sort().reverse())
    for (const entry of data) {
      expect(entry.valuedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(entry.tags.length).toBeGreaterThan(0)
    }
    expect(data.some((entry: { tags: string[] }) => entry.tags.includes('FIX'))).toBe(true)
    expect(new Set(data.map((entry: { id: number }) => entry.id)).size).toBe(data.length)
  })

  it('pages like every list', async () => {
    const all = json(await get(ctx.app, '/changelog?pageSize=100')).data
    const second = json(await get(ctx.app, '/changelog?page=2&pageSize=3'))
    expect(second.data).toEqual(all.slice(3, 6))
    expect(second.meta).toEqual({ total: all.length, page: 2, pageSize: 3 })
    expect((await get(ctx.app, '/changelog?filter[tag]=FIX')).statusCode).toBe(400)
  })
})

describe('tutorials', () => {
  it('explain the main screens to anyone, each step by step with its date', async () => {
    const response = await get(ctx.app, '/tutorials?pageSize=100')
    expect(response.statusCode).toBe(200)
    const { data, meta } = json(response)
    expect(meta).toEqual({ total: data.length, page: 1, pageSize: 100 })
    expect(data.map((tutorial: { path: string }) => tutorial.path)).toEqual(
      expect.arrayContaining(['/app', '/app/sales/invoices', '/app/financial/bank', '/app/reports/taxes']),
    )
    for (const tutorial of data) {
      expect(tutorial.path).toMatch(/^\/app(\/|$)/)
      expect(tutorial.steps.length).toBeGreaterThan(1)
      expect(tutorial.dateUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
    expect(new Set(data.map((tutorial: { slug: string }) => tutorial.slug)).size).toBe(data.length)
  })

  it('gives one by its slug, and 404 for an unknown one', async () => {
    const invoices = json(await get(ctx.app, '/tutorials/factures')).data
    expect(invoices).toMatchObject({ slug: 'factures', path: '/app/sales/invoices', linkVideo: null })
    expect((await get(ctx.app, '/tutorials/pas-un-tutoriel')).statusCode).toBe(404)
  })
})
