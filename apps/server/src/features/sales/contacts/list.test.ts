import { describe, expect, it } from 'vitest'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext()

const add = async (client: Client, name: string, relation = 'customer', extra: Record<string, unknown> = {}) => {
  const response = await client.post(`/contacts?relation=${relation}`, { contactTypeId: 2, name, ...extra })
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data
}

const names = async (client: Client, query: string) =>
  (json(await client.get(`/contacts?${query}`)).data as { name: string }[]).map((c) => c.name)

describe('GET /contacts', () => {
  it('sorts by name without regard to case or accents, filters by relation and paginates', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    for (const name of ['zoé', 'Émile', 'alice', 'Bernard', 'éric', '3D Print', 'Ecole']) await add(client, name)
    await add(client, 'Fournisseur seul', 'supplier')
    expect(await names(client, 'filter[relation]=customer')).toEqual([
      '3D Print',
      'alice',
      'Bernard',
      'Ecole',
      'Émile',
      'éric',
      'zoé',
    ])
    expect(await names(client, 'filter[relation]=supplier')).toEqual(['Fournisseur seul'])
    expect(await names(client, 'filter[relation]=customer&sort=-name&pageSize=2')).toEqual(['zoé', 'éric'])
    const page = json(await client.get('/contacts?filter[relation]=customer&page=2&pageSize=3'))
    expect(page.meta).toEqual({ total: 7, page: 2, pageSize: 3 })
    expect(page.data.map((c: { name: string }) => c.name)).toEqual(['Ecole', 'Émile', 'éric'])
    expect(json(await client.get('/contacts')).meta.total).toBe(8)
  })

  it('searches names, e-mails and SIRENs, accent- and case-insensitively, literally', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    await add(client, 'Hélène Durand', 'customer', { email: 'helene@atelier.fr' })
    await add(client, 'Boulangerie 100%', 'customer')
    await add(client, 'Danone', 'customer', {
      contactTypeId: 1,
      registrySiren: '552032534',
      intracommunityTaxNumber: 'FR27552032534',
    })
    expect(await names(client, 'search=HELENE')).toEqual(['Hélène Durand'])
    expect(await names(client, 'search=atelier.fr')).toEqual(['Hélène Durand'])
    expect(await names(client, 'search=5520')).toEqual(['Danone'])
    expect(await names(client, `search=${encodeURIComponent('100%')}`)).toEqual(['Boulangerie 100%'])
    expect(await names(client, `search=${encodeURIComponent('%')}`)).toEqual(['Boulangerie 100%'])
    expect(await names(client, 'search=_')).toEqual([])
  })

  it('includes addresses and contact persons, and filters by id', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const contact = await add(client, 'Société A', 'customer', {
      contactTypeId: 1,
      registrySiren: '552032534',
      intracommunityTaxNumber: 'FR27552032534',
      contacts: [{ name: 'Paul' }],
    })
    const address = await client.post('/addresses', {
      addressableType: 'contact',
      addressableId: contact.id,
      addressTypeId: 1,
      street: '1 rue de la Paix',
      postcode: '75002',
      city: 'Paris',
    })
    expect(address.statusCode, address.body).toBe(201)
    await add(client, 'Autre')
    const listed = json(await client.get(`/contacts?filter[id]=${contact.id}&include=addresses.addressType,contacts`))
    expect(listed.meta.total).toBe(1)
    expect(listed.data[0].addresses).toMatchObject([{ street: '1 rue de la Paix', addressTypeCode: 'BILLING' }])
    expect(listed.data[0].contacts).toMatchObject([{ name: 'Paul' }])
  })
})
