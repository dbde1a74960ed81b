import { messages, moneyMessages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext()
const v = messages.validation

/** Default accounting entries: 401 = 701, 406 = 706, 407 = 707, 408 = 708, 409 = 7081, 5 = 471000. */
const CATEGORY = { '701': 401, '706': 406, '707': 407, '708': 408, '7081': 409, '471000': 5 }

const item = (overrides: Record<string, unknown> = {}) => ({
  name: 'Conseil',
  reference: 'CONS-1',
  description: '  Une journée  ',
  amount: '500',
  priceRule: 'TTC',
  itemTypeId: 2,
  unitId: 3,
  accountingEntryId: CATEGORY['706'],
  ...overrides,
})

/** An organisation that charges VAT (tax regime MONTH, mainland France). */
const vatPayer = () => signUpWithOrganization(ctx.app, { taxRegimeId: 2 })

const errorsOf = async (client: Client, body: Record<string, unknown>) => {
  const response = await client.post('/items', body)
  expect(response.statusCode, response.body).toBe(422)
  return json(response).errors as Record<string, string[]>
}

describe('catalogue items', () => {
  it('creates an item TTC, keeps the amount as entered and derives the collected VAT from the category', async () => {
    const { client } = await vatPayer()
    const response = await client.post('/items', item())
    expect(response.statusCode, response.body).toBe(201)
    expect(json(response).data).toMatchObject({
      name: 'Conseil',
      reference: 'CONS-1',
      description: 'Une journée',
      amount: '500.000000',
      priceRule: 'TTC',
      itemType: { id: 2, code: 'SER' },
      unit: { id: 3 },
      accountingEntry: { id: CATEGORY['706'], code: '706' },
      taxId: 1,
      tax: { id: 1, amount: '20.00' },
      imageUrl: null,
    })
  })

  it('uses no VAT for a tax-free organisation, and a given collected tax as is', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    expect(json(await client.post('/items', item())).data.taxId).toBe(6)
    const reduced = await client.post('/items', item({ taxId: 3, priceRule: undefined }))
    expect(json(reduced).data).toMatchObject({ taxId: 3, priceRule: 'HT' })
  })

  it('lists with type filter, search on name and reference, pagination; reads, edits and deletes', async () => {
    const { client } = await vatPayer()
    await client.post('/items', item({ name: 'Éclairage', reference: 'LUM-01', itemTypeId: 1, accountingEntryId: 407 }))
    await client.post('/items', item({ name: 'audit', reference: 'AUD-02' }))
    const created = json(await client.post('/items', item({ name: 'Bilan', reference: 'BIL-03' }))).data
    const names = async (query: string) =>
      (json(await client.get(`/items?${query}`)).data as { name: string }[]).map((i) => i.name)
    expect(await names('')).toEqual(['audit', 'Bilan', 'Éclairage'])
    expect(await names('filter[itemTypeCode]=PRO')).toEqual(['Éclairage'])
    expect(await names('filter[itemTypeCode]=SER&sort=-name')).toEqual(['Bilan', 'audit'])
    expect(await names('search=eclair')).toEqual(['Éclairage'])
    expect(await names('search=aud-0')).toEqual(['audit'])
    expect(json(await client.get('/items?pageSize=1&page=2')).meta).toEqual({ total: 3, page: 2, pageSize: 1 })
    const patched = await client.patch(
      `/items/${created.id}`,
      item({ name: 'Bilan annuel', amount: '-12,5', priceRule: 'HT' }),
    )
    expect(json(patched).data).toMatchObject({ name: 'Bilan annuel', amount: '-12.500000', priceRule: 'HT' })
    expect(json(await client.get(`/items/${created.id}`)).data.name).toBe('Bilan annuel')
    expect((await client.delete(`/items/${created.id}`)).statusCode).toBe(204)
    expect((await client.get(`/items/${created.id}`)).statusCode).toBe(404)
  })
})

describe('catalogue validation (spec/sales.md §5)', () => {
  it('requires name, reference, category, type and unit, positive', async () => {
    const { client } = await vatPayer()
    const errors = await errorsOf(client, { amount: '1', unitId: 0 })
    expect(errors).toMatchObject({
      name: [v.required],
      reference: [v.required],
      accountingEntryId: [v.required],
      itemTypeId: [v.required],
      unitId: [v.required],
    })
    expect(await errorsOf(client, item({ name: '   ', itemTypeId: -1 }))).toMatchObject({
      name: [v.required],
      itemTypeId: [v.required],
    })
  })

  it('bounds the amount to numeric(18,6) and checks the price rule and the tax', async () => {
    const { client } = await vatPayer()
    expect((await errorsOf(client, item({ amount: '100000000' }))).amount).toEqual([moneyMessages.outOfBounds])
    expect((await errorsOf(client, item({ amount: '1.1234567' }))).amount).toEqual([moneyMessages.tooManyDecimals(6)])
    expect((await errorsOf(client, item({ amount: 'abc' }))).amount).toEqual([moneyMessages.invalid])
    expect((await errorsOf(client, item({ amount: null }))).amount).toEqual([v.required])
    expect((await errorsOf(client, item({ priceRule: 'XX' }))).priceRule).toEqual([v.choiceInvalid])
    expect((await errorsOf(client, item({ taxId: 0 }))).taxId).toEqual([v.choiceInvalid])
    expect((await errorsOf(client, item({ taxId: 101 }))).taxId).toEqual([v.taxNotCollected])
    expect((await errorsOf(client, item({ taxId: 99999 }))).taxId).toEqual([v.taxNotCollected])
    for (const amount of ['99999999.999999', '-99999999.999999', 0])
      expect((await client.post('/items', item({ amount }))).statusCode, String(amount)).toBe(201)
  })

  it('limits the category to 701/707 for goods and 706/708 for services', async () => {
    const { client } = await vatPayer()
    for (const [itemTypeId, code] of [
      [1, '706'],
      [2, '701'],
      [2, '471000'],
    ] as const)
      expect(
        (await errorsOf(client, item({ itemTypeId, accountingEntryId: CATEGORY[code] }))).accountingEntryId,
      ).toEqual([v.salesCategory])
    expect((await errorsOf(client, item({ accountingEntryId: 999999 }))).accountingEntryId).toEqual([v.salesCategory])
    expect((await errorsOf(client, item({ unitId: 999 }))).unitId).toEqual([v.choiceInvalid])
    expect((await errorsOf(client, item({ itemTypeId: 9 }))).itemTypeId).toEqual([v.choiceInvalid])
    for (const [itemTypeId, code] of [
      [1, '701'],
      [1, '707'],
      [2, '706'],
      [2, '708'],
      [2, '7081'],
    ] as const)
      expect((await client.post('/items', item({ itemTypeId, accountingEntryId: CATEGORY[code] }))).statusCode).toBe(
        201,
      )
  })
})

describe('tenancy and hostile input', () => {
  it('edits only the fields a PATCH sends; null clears an optional field; the merged item is checked', async () => {
    const { client } = await vatPayer()
    const created = json(await client.post('/items', item())).data
    const renamed = await client.patch(`/items/${created.id}`, { name: 'Audit' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const after = json(await client.get(`/items/${created.id}`)).data
    expect(after).toMatchObject({ name: 'Audit', reference: 'CONS-1', description: 'Une journée', priceRule: 'TTC' })
    for (const field of ['amount', 'itemTypeId', 'unitId', 'accountingEntryId', 'taxId'])
      expect(after[field], field).toEqual(created[field])
    const cleared = await client.patch(`/items/${created.id}`, { description: null })
    expect(json(cleared).data).toMatchObject({ description: null, name: 'Audit' })
    const required = await client.patch(`/items/${created.id}`, { reference: null })
    expect(required.statusCode).toBe(422)
    expect(json(required).errors).toEqual({ reference: [v.required] })
    // Goods may not use a services category: the merged item is checked as a new one.
    const goods = await client.patch(`/items/${created.id}`, { itemTypeId: 1 })
    expect(goods.statusCode).toBe(422)
    expect(Object.keys(json(goods).errors)).toEqual(['accountingEntryId'])
  })

  it('answers 422 keyed by field, never 500, for ids out of range or unknown', async () => {
    const { client } = await vatPayer()
    for (const id of [2 ** 40, 999_999])
      for (const field of ['accountingEntryId', 'unitId', 'itemTypeId']) {
        const errors = await errorsOf(client, item({ [field]: id }))
        expect(Object.keys(errors), `${field} ${id}`).toEqual([field])
      }
  })

  it("answers 404 for another organisation's item", async () => {
    const alice = await vatPayer()
    const bob = await vatPayer()
    const created = json(await alice.client.post('/items', item())).data
    expect((await bob.client.get(`/items/${created.id}`)).statusCode).toBe(404)
    expect((await bob.client.patch(`/items/${created.id}`, item())).statusCode).toBe(404)
    expect((await bob.client.delete(`/items/${created.id}`)).statusCode).toBe(404)
    expect(json(await bob.client.get('/items')).meta.total).toBe(0)
  })

  it('never answers 5xx', async () => {
    const { client } = await vatPayer()
    for (const id of ['0', '-1', '1.5', '99999999999999999999', "1'or'1'='1"]) {
      expect((await client.get(`/items/${id}`)).statusCode).toBe(404)
      expect((await client.delete(`/items/${id}`)).statusCode).toBe(404)
    }
    for (const query of ['filter[itemTypeCode]=XXX', 'pageSize=1001', 'sort=amount', 'filter[foo]=1'])
      expect((await client.get(`/items?${query}`)).statusCode, query).toBe(400)
    for (const body of [
      item({ amount: { a: 1 } }),
      item({ accountingEntryId: '99999999999999999999' }),
      item({ taxId: 'x' }),
    ])
      expect((await client.post('/items', body)).statusCode).toBe(422)
    expect((await client.get(`/items?search=${encodeURIComponent('%_\\')}`)).statusCode).toBe(200)
  })
})
