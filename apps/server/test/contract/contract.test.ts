import { describe, expect, it } from 'vitest'
import { operationIdOf } from '../../src/lib/contract'
import { type Client, json, signUpWithOrganization, useTestContext } from '../helpers'
import { createCustomer, createInvoice, createQuote, invoiceBody, quoteBody } from '../sales'

const ctx = useTestContext()

type Operation = {
  operationId: string
  summary?: string
  tags?: string[]
  requestBody?: {
    required?: boolean
    content?: Record<string, { schema?: Record<string, unknown>; encoding?: Record<string, unknown> }>
  }
  parameters?: { name: string; in: string }[]
}
type Document = { paths: Record<string, Record<string, Operation>> }

async function openApi(): Promise<Document> {
  const response = await ctx.app.inject({ url: '/api/v1/openapi.json' })
  expect(response.statusCode).toBe(200)
  return json(response)
}

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path: path.replace(/^\/api\/v1/, ''), method, operation })),
  )

/** A fresh object of the kind a path acts on: a draft invoice or quote with a customer, so every variant starts equal. */
async function freshTarget(client: Client, path: string): Promise<number | null> {
  const { contactId, addressId } = await createCustomer(client)
  if (path.startsWith('/invoices/'))
    return (await createInvoice(client, invoiceBody({ contactId, billingAddressId: addressId }))).id
  if (path.startsWith('/quotes/'))
    return (await createQuote(client, quoteBody({ contactId, billingAddressId: addressId }))).id
  return null
}

/** The three ways a script sends "nothing": curl -X POST, an empty JSON body, and {}. */
const variants = [
  { name: 'no body', headers: {}, payload: undefined },
  { name: 'empty body', headers: { 'content-type': 'application/json' }, payload: '' },
  { name: '{}', headers: { 'content-type': 'application/json' }, payload: '{}' },
] as const

describe('the HTTP contract', () => {
  it('names every operation with a unique, readable operationId and a French summary', async () => {
    const all = operations(await openApi())
    expect(all.length).toBeGreaterThan(100)
    const ids = all.map(({ operation }) => operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const { method, path, operation } of all) {
      expect(operation.operationId).toMatch(/^(get|post|patch|put|delete)[A-Z]\w+$/)
      expect(operation.summary, `${method} ${path}`).toMatch(/^[A-ZÀ-Ý][a-zà-ÿ]+ .*[a-zà-ÿ]/)
    }
    expect(operationIdOf('POST', '/api/v1/invoices/:id/mark-as-paid')).toBe('postInvoicesByIdMarkAsPaid')
    expect(operationIdOf('GET', '/api/v1/legal-forms')).toBe('getLegalForms')
  })

  it('pages every reference list up to 9999 rows with meta, and keeps unknown filters a 400', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const references = operations(await openApi()).filter(
      ({ method, path, operation }) =>
        method === 'get' && !path.includes('{') && operation.tags?.includes('Référentiels'),
    )
    expect(references.length).toBeGreaterThanOrEqual(22)
    for (const { path } of references) {
      const whole = await client.get(`${path}?pageSize=9999`)
      expect(whole.statusCode, `${path} ${whole.body}`).toBe(200)
      const body = json(whole)
      expect(body.meta, path).toEqual({ total: body.data.length, page: 1, pageSize: 9999 })
      const unknown = await client.get(`${path}?filter[inconnu]=1`)
      expect(unknown.statusCode, path).toBe(400)
      const tooLarge = await client.get(`${path}?pageSize=10000`)
      expect(tooLarge.statusCode, path).toBe(400)
    }
    const countries = json(await client.get('/countries?pageSize=9999'))
    const second = json(await client.get('/countries?page=2&pageSize=1'))
    expect(second.meta).toEqual({ total: countries.meta.total, page: 2, pageSize: 1 })
    expect(second.data).toEqual([countries.data[1]])
  })

  it('answers every body-less POST action alike with no body, an empty body and {}', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const document = await openApi()
    const actions = operations(document).filter(
      ({ method, path, operation }) =>
        method === 'post' &&
        /^\/(invoices|quotes)\/\{id\}\//.test(path) &&
        (!operation.requestBody || operation.requestBody.required === false),
    )
    expect(actions.map(({ path }) => path)).toEqual(
      expect.arrayContaining(['/invoices/{id}/validate', '/invoices/{id}/mark-as-paid', '/quotes/{id}/duplicate']),
    )
    for (const { path } of actions) {
      const statuses: number[] = []
      for (const variant of variants) {
        const id = await freshTarget(client, path)
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/v1${path.replace('{id}', String(id))}`,
          headers: { cookie: client.cookie ?? '', 'x-requested-with': 'fetch', ...variant.headers },
          ...(variant.payload === undefined ? {} : { payload: variant.payload }),
        })
        expect(response.statusCode, `${path} (${variant.name}): ${response.body}`).toBeLessThan(500)
        expect([400, 415, 422], `${path} (${variant.name}): ${response.body}`).not.toContain(response.statusCode)
        statuses.push(response.statusCode)
      }
      expect(new Set(statuses).size, `${path}: ${statuses.join(', ')}`).toBe(1)
    }
  })

  it('marks an invoice paid from a script: POST with no body at all', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const { contactId, addressId } = await createCustomer(client)
    const draft = await createInvoice(client, invoiceBody({ contactId, billingAddressId: addressId }))
    const headers = { cookie: client.cookie ?? '', 'x-requested-with': 'fetch' }
    const validated = await ctx.app.inject({ method: 'POST', url: `/api/v1/invoices/${draft.id}/validate`, headers })
    expect(validated.statusCode, validated.body).toBe(200)
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/v1/invoices/${draft.id}/mark-as-paid`, headers })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(json(paid).data.state.code).toBe('PAID')
  })

  it('describes optional request bodies as optional in the document', async () => {
    const document = await openApi()
    const validate = document.paths['/api/v1/invoices/{id}/validate']?.post
    expect(validate?.requestBody?.required ?? false).toBe(false)
    const createContact = document.paths['/api/v1/contacts']?.post
    expect(createContact?.requestBody?.required).toBe(true)
  })

  it('describes every multipart upload with its form, and only uploads as multipart', async () => {
    const document = await openApi()
    const multipart = operations(document).filter(
      ({ operation }) => operation.requestBody?.content?.['multipart/form-data'],
    )
    expect(multipart.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'post /items/{id}/image',
      'post /journals/{id}/imports',
      'post /journals/{id}/imports/preview',
      'post /receipts',
      'post /settings/files',
    ])
    expect(
      document.paths['/api/v1/receipts']?.post?.requestBody?.content?.['multipart/form-data']?.schema,
    ).toMatchObject({
      required: ['document'],
      properties: { document: { type: 'string' }, transactionId: { type: 'string' } },
    })
    const statement = document.paths['/api/v1/journals/{id}/imports']?.post?.requestBody
    expect(statement?.content?.['multipart/form-data']?.schema).toMatchObject({
      required: ['file'],
      properties: { file: { type: 'string' }, mapping: { type: 'object' } },
    })
    // The CSV mapping is a JSON part: the document gives its shape.
    expect(statement?.content?.['multipart/form-data']?.encoding?.mapping).toEqual({ contentType: 'application/json' })
    const image = document.paths['/api/v1/items/{id}/image']?.post?.requestBody
    expect(image?.required).toBe(true)
    expect(image?.content?.['multipart/form-data']?.schema).toMatchObject({
      required: ['image'],
      properties: { image: { type: 'string' } },
    })
    const files = document.paths['/api/v1/settings/files']?.post?.requestBody?.content?.['multipart/form-data']?.schema
    expect(files).toMatchObject({ maxProperties: 1, minProperties: 1 })
    expect(Object.keys(files?.properties as object)).toEqual(['logo', 'icon', 'background', 'background_next_pages'])
  })
})
