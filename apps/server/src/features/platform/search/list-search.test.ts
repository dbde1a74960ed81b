import { describe, expect, it } from 'vitest'
import { json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { bankAccount, SAMPLE_FILES, sendFiles, transaction } from '../../../../test/money'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

type Parameter = { name: string; in: string }
type OpenApiOperation = { parameters?: Parameter[]; responses: Record<string, { content?: Record<string, unknown> }> }

/** The operations of the served document whose success is a list: `{data: [...], meta: {total, page, pageSize}}`. */
function listOperations(document: { paths: Record<string, Record<string, OpenApiOperation>>; components?: unknown }) {
  const resolve = (schema: unknown): Record<string, unknown> => {
    let current = schema as Record<string, unknown>
    while (current && typeof current.$ref === 'string') {
      const path = (current.$ref as string).slice(2).split('/')
      current = path.reduce<Record<string, unknown>>((node, part) => node[part] as Record<string, unknown>, document)
    }
    return current ?? {}
  }
  return Object.entries(document.paths).flatMap(([path, item]) => {
    const operation = item.get
    const schema = operation?.responses['200']?.content?.['application/json'] as { schema?: unknown } | undefined
    const properties = resolve(schema?.schema).properties as Record<string, unknown> | undefined
    return operation && properties?.meta ? [{ path, operation }] : []
  })
}

describe('search on every list (API.md "Lists")', () => {
  it('every list of the document takes `search`, and pages as every list does', async () => {
    const document = json(await ctx.app.inject({ url: '/api/v1/openapi.json' }))
    const lists = listOperations(document)
    expect(lists.length).toBeGreaterThan(40)
    const withoutSearch = lists
      .filter(({ operation }) => !operation.parameters?.some((p) => p.in === 'query' && p.name === 'search'))
      .map(({ path }) => path)
    expect(withoutSearch).toEqual([])
    const withoutPaging = lists
      .filter(
        ({ operation }) => !['page', 'pageSize'].every((name) => operation.parameters?.some((p) => p.name === name)),
      )
      .map(({ path }) => path)
    expect(withoutPaging).toEqual([])
  })

  it('finds transactions by `search`, by the spec’s `filter[fullSearch]` and by `filter[search]` alike', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const journalId = await bankAccount(client)
    await transaction(client, journalId, 'Loyer de novembre', '-800')
    await transaction(client, journalId, 'Virement Client Dupont', '1500')
    for (const query of ['search=loyer', 'filter[fullSearch]=LOYER', 'filter[search]=loy']) {
      const response = await client.get(`/transactions?${query}`)
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200)
      expect(json(response).data.map((t: { name: string }) => t.name)).toEqual(['Loyer de novembre'])
      expect(json(response).meta.total).toBe(1)
    }
    expect(json(await client.get('/transactions?search=')).meta.total).toBe(2)
    expect((await client.get(`/transactions?search=${'x'.repeat(300)}`)).statusCode).toBe(400)
  })

  it('finds receipts, expense notes, cash operations and accounts by `search`', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const sent = await sendFiles(ctx.app, client, '/receipts', [{ name: 'facture.pdf', bytes: SAMPLE_FILES.pdf }])
    expect(sent.statusCode, sent.body).toBe(201)
    const [receipt] = json(sent).data as { id: number }[]
    expect((await client.patch(`/receipts/${receipt?.id}`, { description: 'Révision chaudière' })).statusCode).toBe(200)
    for (const query of ['search=revision', 'filter[fullSearch]=chaudiere']) {
      const found = await client.get(`/receipts?${query}`)
      expect(found.statusCode, found.body).toBe(200)
      expect(json(found).data.map((r: { id: number }) => r.id)).toEqual([receipt?.id])
    }
    expect(json(await client.get('/receipts?search=introuvable')).meta.total).toBe(0)
    for (const list of ['/expenses', '/cash-operations', '/cash-sales'])
      expect((await client.get(`${list}?search=taxi&filter[fullSearch]=taxi`)).statusCode, list).toBe(200)

    await client.post('/journals', { name: 'Compte Épargne', journalTypeId: 1 })
    await bankAccount(client)
    const accounts = json(await client.get('/journals?search=epargne')).data
    expect(accounts.map((journal: { name: string }) => journal.name)).toEqual(['Compte Épargne'])
    expect(json(await client.get('/bank-connections?search=bridge')).meta.total).toBe(0)
  })

  it('finds audit events and open sessions by `search`; the cash journal lists take it too', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    await client.post('/journals', { name: 'Compte Épargne', journalTypeId: 1 })
    const found = json(await client.get('/audit-events?search=journal')).data as { summary: string; route: string }[]
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((event) => /journal/i.test(`${event.summary} ${event.route}`))).toBe(true)
    expect(json(await client.get('/audit-events?search=introuvable')).meta.total).toBe(0)
    expect(json(await client.get('/me/sessions?search=127.0')).meta.total).toBe(0)
    expect(json(await client.get(`/me/sessions?search=${client.ip}`)).meta.total).toBe(1)
    for (const list of ['/cash-journal/entries', '/cash-journal/closings'])
      expect((await client.get(`${list}?search=20%25`)).statusCode, list).toBe(200)
  })

  it('lists the journal types whose ids POST /journals takes, and searches the reference lists', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const types = json(await client.get('/journal-types'))
    expect(types.meta).toEqual({ total: 5, page: 1, pageSize: 9999 })
    expect(types.data.map((type: { code: string }) => type.code).sort()).toEqual(['BQ', 'CAI', 'CC', 'ES', 'EX'])
    const cash = types.data.find((type: { code: string }) => type.code === 'CAI')
    expect(cash).toMatchObject({ accountCode: expect.stringMatching(/^53/) })
    const created = await client.post('/journals', { name: 'Caisse du magasin', journalTypeId: cash.id })
    expect(created.statusCode, created.body).toBe(201)
    expect(json(created).data.journalType.code).toBe('CAI')
    // Paged like every reference list, and searched by name or code, case and accents aside.
    const page = json(await client.get('/journal-types?pageSize=2&page=2'))
    expect(page.meta).toEqual({ total: 5, page: 2, pageSize: 2 })
    expect(page.data).toHaveLength(2)
    expect(json(await client.get('/journal-types?search=cai')).data.map((t: { code: string }) => t.code)).toEqual([
      'CAI',
    ])
    const countries = json(await client.get('/countries?search=ALLEMAGNE')).data
    expect(countries.map((country: { name: string }) => country.name)).toEqual(['Allemagne'])
    expect(json(await client.get('/countries?search=etats')).data.length).toBeGreaterThan(0)
    expect((await client.get('/journal-types?filter[inconnu]=1')).statusCode).toBe(400)
  })
})
