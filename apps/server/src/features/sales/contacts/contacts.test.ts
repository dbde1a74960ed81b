import { messages } from '@app/domain'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext()
const v = messages.validation

export const business = (overrides: Record<string, unknown> = {}) => ({
  contactTypeId: 1,
  name: 'Danone',
  registrySiren: '552 032 534',
  intracommunityTaxNumber: 'FR 27 552032534',
  email: 'compta@danone.fr',
  phoneOffice: '01 23 45 67 89',
  ...overrides,
})
const person = (overrides: Record<string, unknown> = {}) => ({ contactTypeId: 2, name: 'Élodie Martin', ...overrides })

const create = async (client: Client, body: Record<string, unknown>, relation = 'customer') => {
  const response = await client.post(`/contacts?relation=${relation}`, body)
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data
}

const errorsOf = async (client: Client, body: Record<string, unknown>) => {
  const response = await client.post('/contacts?relation=customer', body)
  expect(response.statusCode, response.body).toBe(422)
  return json(response).errors as Record<string, string[]>
}

describe('creating and reading contacts', () => {
  it('creates a business customer, compacting the SIREN and the VAT number, and reads it back with totals', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const created = await create(client, business({ contacts: [{ name: 'Jean Compta', email: 'Jean@Danone.fr' }] }))
    expect(created).toMatchObject({
      name: 'Danone',
      contactTypeId: 1,
      contactType: { id: 1, code: 'BUSINESS' },
      relation: 'customer',
      isCustomer: true,
      isSupplier: false,
      registrySiren: '552032534',
      intracommunityTaxNumber: 'FR27552032534',
      email: 'compta@danone.fr',
      addresses: [],
      contacts: [{ name: 'Jean Compta', email: 'jean@danone.fr', contactTypeId: 2, parentId: created.id }],
    })
    const detail = json(await client.get(`/contacts/${created.id}`)).data
    expect(detail).toMatchObject({
      quotesCount: 0,
      quotesAmount: '0.00',
      invoicesCount: 0,
      invoicesAmount: '0.00',
      invoicesLateAmount: '0.00',
      averagePaymentDelay: null,
    })
  })

  it('is a supplier when no relation is given; an individual keeps no business fields', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.post('/contacts', {
      ...person(),
      registrySiren: '552032534',
      intracommunityTaxNumber: 'FR27552032534',
      contacts: [{ name: 'Personne' }],
      email: '',
      phoneMobile: '',
      url: '',
      legalFormId: '',
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(json(response).data).toMatchObject({
      relation: 'supplier',
      registrySiren: null,
      intracommunityTaxNumber: null,
      email: null,
      phoneMobile: null,
      url: null,
      legalFormId: null,
      contacts: [],
    })
  })

  it('accepts a SIRET, including La Poste’s, and a foreign VAT number', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const withSiret = await create(
      client,
      business({ registrySiren: '732 829 320 00074', intracommunityTaxNumber: 'FR44732829320' }),
    )
    expect(withSiret.registrySiren).toBe('73282932000074')
    const laPoste = await create(
      client,
      business({ registrySiren: '35600000000001', intracommunityTaxNumber: 'FR39356000000' }),
    )
    expect(laPoste.registrySiren).toBe('35600000000001')
    const foreign = await create(
      client,
      business({ registrySiren: '732829320', intracommunityTaxNumber: 'be0403170701' }),
    )
    expect(foreign.intracommunityTaxNumber).toBe('BE0403170701')
  })
})

describe('contact validation (spec/sales.md §5)', () => {
  it('requires the type and the name', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const errors = await errorsOf(client, {})
    expect(errors.contactTypeId).toEqual([v.required])
    expect(errors.name).toEqual([v.required])
    expect((await errorsOf(client, person({ name: '   ' }))).name).toEqual([v.required])
    expect((await errorsOf(client, person({ contactTypeId: 3 }))).contactTypeId).toEqual([v.choiceInvalid])
    expect((await errorsOf(client, person({ name: 'x'.repeat(250) }))).name).toEqual([v.tooLong(249)])
  })

  it('requires SIREN and VAT number for a business only', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const errors = await errorsOf(client, business({ registrySiren: '', intracommunityTaxNumber: null }))
    expect(errors).toEqual({ registrySiren: [v.required], intracommunityTaxNumber: [v.required] })
    await create(client, person())
  })

  it('checks SIREN, SIRET and VAT number digits with clear messages', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    expect((await errorsOf(client, business({ registrySiren: '12345' }))).registrySiren).toEqual([v.sirenOrSiretFormat])
    expect((await errorsOf(client, business({ registrySiren: 'ABCDEFGHI' }))).registrySiren).toEqual([
      v.sirenOrSiretFormat,
    ])
    expect((await errorsOf(client, business({ registrySiren: '552032535' }))).registrySiren).toEqual([
      v.sirenOrSiretCheck,
    ])
    expect((await errorsOf(client, business({ registrySiren: '73282932000075' }))).registrySiren).toEqual([
      v.sirenOrSiretCheck,
    ])
    expect(
      (await errorsOf(client, business({ intracommunityTaxNumber: 'FR28552032534' }))).intracommunityTaxNumber,
    ).toEqual([v.vatNumberKey])
    expect((await errorsOf(client, business({ intracommunityTaxNumber: 'FR123' }))).intracommunityTaxNumber).toEqual([
      v.vatNumberFormat,
    ])
    expect(
      (await errorsOf(client, business({ intracommunityTaxNumber: 'FR44732829320' }))).intracommunityTaxNumber,
    ).toEqual([v.vatNumberSirenMismatch])
  })

  it('checks e-mail, phones, url, date, references and contact persons', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const errors = await errorsOf(
      client,
      business({
        email: 'pas-un-email',
        phoneMobile: '12345',
        phoneOffice: '+33 6 12 34 56 78 90 12 34 56',
        url: 'site',
        registryDate: '2026-02-30',
        contacts: [{ name: '' }, { name: 'Ok', phoneMobile: 'abc' }],
      }),
    )
    expect(errors).toMatchObject({
      email: [v.emailInvalid],
      phoneMobile: [v.phoneInvalid],
      phoneOffice: [v.phoneInvalid],
      url: [v.urlInvalid],
      registryDate: [v.dateInvalid],
      'contacts.0.name': [v.required],
      'contacts.1.phoneMobile': [v.phoneInvalid],
    })
    for (const phone of ['+33612345678', '0033 6 12 34 56 78', '06 12 34 56 78'])
      await create(client, person({ phoneMobile: phone }))
    const unknown = await client.post('/contacts', business({ legalFormId: 9999, sectorId: 9999 }))
    expect(unknown.statusCode).toBe(422)
    expect(json(unknown).errors).toEqual({ legalFormId: [v.choiceInvalid], sectorId: [v.choiceInvalid] })
  })
})

describe('editing and deleting', () => {
  it('edits fields, adds a relation, and replaces the contact persons by id', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const created = await create(client, business({ contacts: [{ name: 'Anne' }, { name: 'Bruno' }] }))
    const [anne] = created.contacts
    const response = await client.patch(
      `/contacts/${created.id}?relation=supplier`,
      business({ name: 'Danone SA', contacts: [{ id: anne.id, name: 'Anne Dupont' }, { name: 'Chloé' }] }),
    )
    expect(response.statusCode, response.body).toBe(200)
    const updated = json(response).data
    expect(updated).toMatchObject({ name: 'Danone SA', relation: 'both', isCustomer: true, isSupplier: true })
    expect(updated.contacts.map((c: { name: string }) => c.name)).toEqual(['Anne Dupont', 'Chloé'])
    expect(updated.contacts[0].id).toBe(anne.id)
    const untouched = json(await client.patch(`/contacts/${created.id}`, business({ name: 'Danone' }))).data
    expect(untouched.contacts).toHaveLength(2)
  })

  it('deletes with 204, then 404; a customer that is also a supplier only loses the customer role', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const single = await create(client, person())
    expect((await client.delete(`/contacts/${single.id}`)).statusCode).toBe(204)
    expect((await client.get(`/contacts/${single.id}`)).statusCode).toBe(404)
    expect((await client.delete(`/contacts/${single.id}`)).statusCode).toBe(404)
    const both = await create(client, person({ name: 'Les deux' }))
    await client.patch(`/contacts/${both.id}?relation=supplier`, person({ name: 'Les deux' }))
    expect((await client.delete(`/contacts/${both.id}?relation=customer`)).statusCode).toBe(204)
    expect(json(await client.get(`/contacts/${both.id}`)).data.relation).toBe('supplier')
    expect((await client.delete(`/contacts/${both.id}?relation=supplier`)).statusCode).toBe(204)
    expect((await client.get(`/contacts/${both.id}`)).statusCode).toBe(404)
  })
})

describe('tenancy and hostile input', () => {
  it("answers 404 for another organisation's contact, on every route", async () => {
    const alice = await signUpWithOrganization(ctx.app)
    const bob = await signUpWithOrganization(ctx.app)
    const contact = await create(alice.client, business())
    expect((await bob.client.get(`/contacts/${contact.id}`)).statusCode).toBe(404)
    expect((await bob.client.patch(`/contacts/${contact.id}`, business())).statusCode).toBe(404)
    expect((await bob.client.delete(`/contacts/${contact.id}`)).statusCode).toBe(404)
    expect(json(await bob.client.get('/contacts')).meta.total).toBe(0)
    expect(json(await alice.client.get(`/contacts/${contact.id}`)).data.name).toBe('Danone')
  })

  it('cannot attach a contact person to another organisation’s contact, even in SQL (composite foreign key)', async () => {
    const alice = await signUpWithOrganization(ctx.app)
    const bob = await signUpWithOrganization(ctx.app)
    const contact = await create(alice.client, business())
    const insert = (organizationId: number) =>
      ctx.database.db.execute(
        sql`insert into contact_persons (organization_id, contact_id, name) values (${organizationId}, ${contact.id}, 'Intrus')`,
      )
    await expect(insert(bob.organization.id)).rejects.toThrow()
    await insert(alice.organization.id)
    expect(json(await alice.client.get(`/contacts/${contact.id}`)).data.contacts).toHaveLength(1)
  })

  it('never answers 5xx to hostile ids, queries and bodies', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    for (const id of ['0', '-1', '1.5', '99999999999999999999', '1e3', 'null', "1'or'1'='1"]) {
      expect((await client.get(`/contacts/${id}`)).statusCode).toBe(404)
      expect((await client.delete(`/contacts/${id}`)).statusCode).toBe(404)
    }
    for (const query of ['filter[relation]=both', 'pageSize=1001', 'page=0', 'sort=email', 'filter[x]=1', 'relation=x'])
      expect((await client.get(`/contacts?${query}`)).statusCode, query).toBe(400)
    expect((await client.post('/contacts?relation=friend', person())).statusCode).toBe(400)
    for (const body of [
      { contactTypeId: 'abc', name: 12 },
      { ...person(), contacts: 'x' },
      { ...person(), contacts: [{ id: -4, name: 'x' }] },
      { ...person(), legalFormId: '99999999999999999999' },
      { ...business(), registrySiren: { $ne: 1 } },
    ]) {
      const response = await client.post('/contacts', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(422)
    }
    const search = await client.get(`/contacts?search=${encodeURIComponent("%_\\'; drop table contacts;--")}`)
    expect(search.statusCode).toBe(200)
  })

  it('needs a session', async () => {
    const { Client } = await import('../../../../test/helpers')
    expect((await new Client(ctx.app).get('/contacts')).statusCode).toBe(401)
  })
})
