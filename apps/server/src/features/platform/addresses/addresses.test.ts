import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext()
const v = messages.validation
/** These organisations have no address of their own: the lists read here hold only their contacts' addresses. */
const NO_LEGAL_INFO = { legalInfo: false }

const newContact = async (client: Client) =>
  json(await client.post('/contacts?relation=customer', { contactTypeId: 2, name: 'Client' })).data as { id: number }

const addressOf = (addressableId: number | string, overrides: Record<string, unknown> = {}) => ({
  addressableType: 'contact',
  addressableId,
  addressTypeId: 1,
  name: 'Siège',
  street: '10 rue des Lilas',
  complement1: '  ',
  complement2: '',
  postcode: '34000',
  city: 'Montpellier',
  ...overrides,
})

describe('addresses of contacts', () => {
  it('creates, lists, edits and deletes; blank strings are stored as null; France by default', async () => {
    const { client } = await signUpWithOrganization(ctx.app, {}, NO_LEGAL_INFO)
    const contact = await newContact(client)
    const created = await client.post('/addresses', addressOf(contact.id))
    expect(created.statusCode, created.body).toBe(201)
    const address = json(created).data
    expect(address).toMatchObject({
      addressableType: 'contact',
      addressableId: contact.id,
      addressTypeId: 1,
      addressTypeCode: 'BILLING',
      complement1: null,
      complement2: null,
      countryId: 71,
      isDefault: false,
    })
    const listed = json(
      await client.get(`/addresses?filter[addressableType]=contact&filter[addressableId]=${contact.id}`),
    )
    expect(listed.meta).toEqual({ total: 1, page: 1, pageSize: 25 })
    const patched = await client.patch(`/addresses/${address.id}`, {
      addressTypeId: 2,
      postcode: 'SW1A 1AA',
      city: 'London',
      countryId: 76,
      isDefault: true,
    })
    expect(patched.statusCode, patched.body).toBe(200)
    // PATCH is partial: the street, absent from the body, is kept.
    expect(json(patched).data).toMatchObject({
      street: '10 rue des Lilas',
      postcode: 'SW1A 1AA',
      isDefault: true,
      addressTypeId: 2,
    })
    expect(json(await client.get(`/contacts/${contact.id}`)).data.addresses).toHaveLength(1)
    expect((await client.delete(`/addresses/${address.id}`)).statusCode).toBe(204)
    expect((await client.delete(`/addresses/${address.id}`)).statusCode).toBe(404)
  })

  it('validates with the spec messages; a French postcode has 5 digits', async () => {
    const { client } = await signUpWithOrganization(ctx.app, {}, NO_LEGAL_INFO)
    const contact = await newContact(client)
    const empty = await client.post('/addresses', { addressableType: 'contact', addressableId: contact.id })
    expect(empty.statusCode).toBe(422)
    expect(json(empty).errors).toMatchObject({
      addressTypeId: [v.required],
      postcode: [v.required],
      city: [v.required],
    })
    const badPostcode = await client.post('/addresses', addressOf(contact.id, { postcode: '3400' }))
    expect(json(badPostcode).errors).toEqual({ postcode: [v.postcodeInvalid] })
    const unknownCountry = await client.post('/addresses', addressOf(contact.id, { countryId: 999 }))
    expect(unknownCountry.statusCode).toBe(422)
    expect(json(unknownCountry).errors).toEqual({ countryId: [v.required] })
    const wrongType = await client.post('/addresses', addressOf(contact.id, { addressableType: 'user' }))
    expect(json(wrongType).errors).toEqual({ addressableType: [v.choiceInvalid] })
  })

  it('edits only the fields a PATCH sends; null clears an optional field; the merged address is checked', async () => {
    const { client } = await signUpWithOrganization(ctx.app, {}, NO_LEGAL_INFO)
    const contact = await newContact(client)
    const address = json(await client.post('/addresses', addressOf(contact.id))).data
    const renamed = await client.patch(`/addresses/${address.id}`, { city: 'Sète' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(json(await client.get(`/addresses?filter[addressableId]=${contact.id}`)).data[0]).toMatchObject({
      city: 'Sète',
      name: 'Siège',
      street: '10 rue des Lilas',
      postcode: '34000',
      countryId: 71,
      addressTypeId: 1,
    })
    const cleared = await client.patch(`/addresses/${address.id}`, { name: null, street: null })
    expect(json(cleared).data).toMatchObject({ name: null, street: null, city: 'Sète' })
    // A French address keeps its 5-digit postcode rule after the merge.
    const invalid = await client.patch(`/addresses/${address.id}`, { postcode: 'SW1A 1AA' })
    expect(invalid.statusCode).toBe(422)
    expect(json(invalid).errors).toEqual({ postcode: [v.postcodeInvalid] })
    const required = await client.patch(`/addresses/${address.id}`, { city: null })
    expect(json(required).errors).toEqual({ city: [v.required] })
  })

  it('answers 4xx, never 500, for ids out of range or unknown', async () => {
    const { client } = await signUpWithOrganization(ctx.app, {}, NO_LEGAL_INFO)
    const contact = await newContact(client)
    const address = json(await client.post('/addresses', addressOf(contact.id))).data
    for (const countryId of [2 ** 40, 999_999]) {
      const response = await client.patch(`/addresses/${address.id}`, { countryId })
      expect(response.statusCode, response.body).toBe(422)
      expect(Object.keys(json(response).errors)).toEqual(['countryId'])
    }
    expect((await client.get(`/addresses?filter[addressTypeId]=${2 ** 40}`)).statusCode).toBe(400)
    expect((await client.get('/addresses?filter[addressTypeId]=9007199254740990')).statusCode).toBe(400)
  })

  it('removes the addresses with their contact', async () => {
    const { client } = await signUpWithOrganization(ctx.app, {}, NO_LEGAL_INFO)
    const contact = await newContact(client)
    await client.post('/addresses', addressOf(contact.id))
    await client.delete(`/contacts/${contact.id}`)
    expect(json(await client.get('/addresses?filter[addressableType]=contact')).meta.total).toBe(0)
  })
})

describe('tenancy', () => {
  it("answers 404 for another organisation's contact or address, and for another organisation", async () => {
    const alice = await signUpWithOrganization(ctx.app, {}, NO_LEGAL_INFO)
    const bob = await signUpWithOrganization(ctx.app, {}, NO_LEGAL_INFO)
    const contact = await newContact(alice.client)
    expect((await bob.client.post('/addresses', addressOf(contact.id))).statusCode).toBe(404)
    expect((await alice.client.post('/addresses', addressOf(999_999_999))).statusCode).toBe(404)
    const address = json(await alice.client.post('/addresses', addressOf(contact.id))).data
    expect((await bob.client.patch(`/addresses/${address.id}`, { name: 'Ailleurs' })).statusCode).toBe(404)
    expect((await bob.client.delete(`/addresses/${address.id}`)).statusCode).toBe(404)
    expect(json(await bob.client.get('/addresses')).meta.total).toBe(0)
    const foreignOrg = await bob.client.post(
      '/addresses',
      addressOf(alice.organization.id, { addressableType: 'organization' }),
    )
    expect(foreignOrg.statusCode).toBe(404)
    const ownOrg = await bob.client.post(
      '/addresses',
      addressOf(bob.organization.id, { addressableType: 'organization' }),
    )
    expect(ownOrg.statusCode, ownOrg.body).toBe(201)
    expect(json(await bob.client.get('/organization')).data.addresses).toHaveLength(1)
  })

  it('never answers 5xx to hostile input', async () => {
    const { client } = await signUpWithOrganization(ctx.app, {}, NO_LEGAL_INFO)
    for (const id of ['0', '-1', '1.5', '99999999999999999999', "1'or'1'='1"]) {
      expect((await client.patch(`/addresses/${id}`, addressOf(1))).statusCode).toBeLessThan(500)
      expect((await client.delete(`/addresses/${id}`)).statusCode).toBe(404)
    }
    for (const query of ['filter[addressableType]=user', 'pageSize=5000', 'filter[addressableId]=abc', 'x=1'])
      expect((await client.get(`/addresses?${query}`)).statusCode, query).toBe(400)
    const huge = await client.post('/addresses', addressOf('99999999999999999999'))
    expect(huge.statusCode).toBeLessThan(500)
  })
})
