import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import {
  Client,
  json,
  organizationBody,
  organizationEdit,
  PASSWORD,
  signUp,
  signUpWithOrganization,
  useTestContext,
} from '../../../../test/helpers'

const ctx = useTestContext()

const legalFormOfType = async (client: Client, type: string) => {
  const forms = json(await client.get('/legal-forms')).data as { id: number; type: string }[]
  const form = forms.find((f) => f.type === type)
  if (!form) throw new Error(`no legal form of type ${type}`)
  return form.id
}

describe('sign-up step two', () => {
  it('creates the organisation, makes the user its owner and its current organisation, on a 3-month trial', async () => {
    const now = new Date('2026-11-22T10:00:00Z')
    ctx.setNow(() => now)
    const { client } = await signUp(ctx.app)
    const response = await client.post(
      '/auth/register/organization',
      organizationBody({ organizationName: 'Studio Lune' }),
    )
    expect(response.statusCode).toBe(201)
    const org = json(response).data
    expect(org).toMatchObject({ name: 'Studio Lune', isOwner: true, isOnTrial: true, free: false })
    expect(org.trialEndsAt.slice(0, 10)).toBe('2027-02-22')
    expect(org.features).toContain('recurring_invoices')
    const me = json(await client.get('/me')).data
    expect(me.currentOrganizationId).toBe(org.id)
    expect(me.organizations).toEqual([{ id: org.id, name: 'Studio Lune', isActive: true, roleCode: 'owner' }])
    ctx.setNow(() => new Date())
  })

  it('falls back to the free formula when the trial is over', async () => {
    const start = new Date('2026-01-10T10:00:00Z')
    ctx.setNow(() => start)
    const { email } = await signUpWithOrganization(ctx.app)
    ctx.setNow(() => new Date('2026-04-11T10:00:00Z'))
    const client = new Client(ctx.app)
    await client.post('/auth/login', { username: email, password: PASSWORD })
    const org = json(await client.get('/organization')).data
    expect(org).toMatchObject({ isOnTrial: false, free: true, plan: { code: 'free' } })
    expect(org.features).not.toContain('recurring_invoices')
    ctx.setNow(() => new Date())
  })

  it('requires every field, with positive ids', async () => {
    const { client } = await signUp(ctx.app)
    const response = await client.post('/auth/register/organization', {
      organizationName: ' ',
      legalFormId: 0,
      sectorId: 'abc',
      taxRegimeId: -1,
    })
    expect(response.statusCode).toBe(422)
    const { errors } = json(response)
    for (const field of ['organizationName', 'legalFormId', 'sectorId', 'taxRegimeId', 'taxAreaId', 'canSellCash'])
      expect(errors[field]).toEqual(['Ce champ est obligatoire'])
  })

  it('refuses ids that are not in the reference data', async () => {
    const { client } = await signUp(ctx.app)
    const response = await client.post('/auth/register/organization', organizationBody({ legalFormId: 99999 }))
    expect(response.statusCode).toBe(422)
    expect(json(response).errors.legalFormId).toEqual(['Ce champ est obligatoire'])
  })

  it('needs a signed-in user', async () => {
    const response = await new Client(ctx.app).post('/auth/register/organization', organizationBody())
    expect(response.statusCode).toBe(401)
  })
})

describe('editing the organisation', () => {
  it('saves the legal identity, contact and company address', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const company = await legalFormOfType(client, 'SO')
    const response = await client.patch('/organization', {
      ...organizationEdit(),
      name: 'Martin Conseil',
      legalFormId: company,
      registrySiren: '732 829 320',
      registryCapital: '1500',
      companyForm: 'SAS',
      url: 'https://martin-conseil.fr',
      email: 'Contact@Martin-Conseil.fr',
      phone: '06 12 34 56 78',
      address: { street: '3 rue des Lilas', postcode: '34000', city: 'Montpellier' },
    })
    expect(response.statusCode).toBe(200)
    const org = json(response).data
    expect(org).toMatchObject({
      name: 'Martin Conseil',
      registrySiren: '732829320',
      registryCapital: '1500.00',
      companyForm: 'SAS',
      email: 'contact@martin-conseil.fr',
      hasCompletedLegalInfo: true,
    })
    expect(org.defaultAddress).toMatchObject({ street: '3 rue des Lilas', postcode: '34000', countryId: 71 })
    const again = await client.patch('/organization', {
      ...organizationEdit(),
      name: 'Martin Conseil',
      legalFormId: company,
      address: { street: '5 avenue Foch', postcode: '75016', city: 'Paris' },
    })
    expect(json(again).data.addresses).toHaveLength(1)
    expect(json(again).data.defaultAddress.city).toBe('Paris')
  })

  it('keeps no capital or company form for a legal form that is not a company', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const individual = await legalFormOfType(client, 'EI')
    const response = await client.patch('/organization', {
      ...organizationEdit(),
      name: 'Camille Martin',
      legalFormId: individual,
      registryCapital: '1000',
      companyForm: 'SAS',
    })
    expect(json(response).data).toMatchObject({ registryCapital: null, companyForm: null })
  })

  it("gives the spec's messages for postcode, SIREN, e-mail, URL and phone", async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.patch('/organization', {
      ...organizationEdit(),
      name: 'X',
      registrySiren: '1234',
      url: 'pas une url',
      email: 'nope@',
      phone: '12',
      address: { street: '1 rue', postcode: '3400', city: 'Montpellier' },
    })
    expect(response.statusCode).toBe(422)
    const { errors } = json(response)
    expect(errors['address.postcode']).toEqual(['Le format ne semble pas valide. Exemple: 34000'])
    expect(errors.registrySiren).toEqual(['Ce champ doit contenir un SIREN de 9 chiffres'])
    expect(errors.url).toEqual(["Le format de l'url est invalide"])
    expect(errors.email).toEqual(["Le format de l'email est invalide"])
    expect(errors.phone).toEqual(["Le numéro de téléphone n'est pas valide. Veuillez vérifier le format."])
  })
})

describe('PATCH /organization is partial', () => {
  it('changes only the fields sent; null clears an optional field', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const full = await client.patch('/organization', {
      ...organizationEdit(),
      name: 'Atelier Martin',
      brandName: 'Martin & fils',
      email: 'contact@martin.fr',
      phone: '06 12 34 56 78',
      address: { street: '3 rue des Lilas', postcode: '34000', city: 'Montpellier' },
    })
    expect(full.statusCode, full.body).toBe(200)
    const before = json(full).data
    const renamed = await client.patch('/organization', { name: 'Atelier Lune' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const after = json(await client.get('/organization')).data
    expect(after.name).toBe('Atelier Lune')
    for (const field of ['brandName', 'email', 'phone', 'legalFormId', 'sectorId', 'taxRegimeId', 'taxAreaId'])
      expect(after[field], field).toEqual(before[field])
    expect(after.addresses).toEqual(before.addresses)
    const cleared = await client.patch('/organization', { brandName: null, phone: null })
    expect(json(cleared).data).toMatchObject({ brandName: null, phone: null, email: 'contact@martin.fr' })
    const required = await client.patch('/organization', { name: null })
    expect(required.statusCode).toBe(422)
    expect(json(required).errors).toEqual({ name: ['Ce champ est obligatoire'] })
  })

  it('takes the whole address when one is sent, and checks it', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.patch('/organization', {
      address: { street: '3 rue des Lilas', postcode: '34000', city: 'Montpellier' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data.defaultAddress).toMatchObject({ street: '3 rue des Lilas', countryId: 71 })
    const invalid = await client.patch('/organization', { address: { street: '3 rue des Lilas', postcode: '34000' } })
    expect(invalid.statusCode).toBe(422)
    expect(json(invalid).errors).toEqual({ 'address.city': ['Ce champ est obligatoire'] })
  })
})

describe("the organisation's identity is checked as a customer's", () => {
  const v = messages.validation

  it('refuses a VAT number whose key is wrong and accepts the right one with its SIREN', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const wrongKey = await client.patch('/organization', { registryIntra: 'FR40443061841' })
    expect(wrongKey.statusCode).toBe(422)
    expect(json(wrongKey).errors).toEqual({ registryIntra: [v.vatNumberKey] })
    const right = await client.patch('/organization', {
      registrySiren: '443 061 841',
      registryIntra: 'fr 64 443061841',
    })
    expect(right.statusCode, right.body).toBe(200)
    expect(json(right).data).toMatchObject({ registrySiren: '443061841', registryIntra: 'FR64443061841' })
  })

  it('checks the SIREN digits (Luhn, La Poste aside) and that the VAT number matches the SIREN', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const luhn = await client.patch('/organization', { registrySiren: '443061842' })
    expect(luhn.statusCode).toBe(422)
    expect(json(luhn).errors).toEqual({ registrySiren: [v.sirenOrSiretCheck] })
    expect((await client.patch('/organization', { registrySiren: '356 000 000' })).statusCode).toBe(200)
    const mismatch = await client.patch('/organization', {
      registrySiren: '732829320',
      registryIntra: 'FR64443061841',
    })
    expect(mismatch.statusCode).toBe(422)
    expect(json(mismatch).errors).toEqual({ registryIntra: [v.vatNumberSirenMismatch] })
    // The merge checks the stored VAT number against a new SIREN too.
    expect(
      (await client.patch('/organization', { registrySiren: '443061841', registryIntra: 'FR64443061841' })).statusCode,
    ).toBe(200)
    const later = await client.patch('/organization', { registrySiren: '732829320' })
    expect(later.statusCode).toBe(422)
    expect(json(later).errors).toEqual({ registryIntra: [v.vatNumberSirenMismatch] })
  })
})

describe('ids out of range or unknown', () => {
  it('answers 422 keyed by field on PATCH /organization, never 500', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    for (const id of [2 ** 40, 999_999]) {
      for (const field of ['legalFormId', 'sectorId', 'taxRegimeId', 'taxAreaId']) {
        const response = await client.patch('/organization', { [field]: id })
        expect(response.statusCode, `${field} ${id}`).toBe(422)
        expect(Object.keys(json(response).errors)).toEqual([field])
      }
      const address = await client.patch('/organization', {
        address: { street: '1 rue Haute', postcode: '34000', city: 'Montpellier', countryId: id },
      })
      expect(address.statusCode, `countryId ${id}`).toBe(422)
      expect(Object.keys(json(address).errors)).toEqual(['address.countryId'])
    }
  })

  it('answers 422 on taxAreaId when creating an organisation, 400 on a tax filter out of range', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    for (const taxAreaId of [2 ** 40, 999_999]) {
      const added = await client.post('/organizations', organizationBody({ taxAreaId }))
      expect(added.statusCode).toBe(422)
      expect(Object.keys(json(added).errors)).toEqual(['taxAreaId'])
      const registered = await (await signUp(ctx.app)).client.post(
        '/auth/register/organization',
        organizationBody({ taxAreaId }),
      )
      expect(registered.statusCode).toBe(422)
      expect(Object.keys(json(registered).errors)).toEqual(['taxAreaId'])
    }
    expect((await client.get('/taxes?filter[taxAreaId]=9007199254740990')).statusCode).toBe(400)
  })
})

describe('several organisations', () => {
  it('adds a second organisation and switches between them', async () => {
    const { client, organization: first } = await signUpWithOrganization(ctx.app)
    const second = json(await client.post('/organizations', organizationBody({ organizationName: 'Seconde' }))).data
    expect(json(await client.get('/me')).data.currentOrganizationId).toBe(second.id)
    expect(json(await client.get('/me')).data.organizations).toHaveLength(2)
    const switched = await client.post('/me/current-organization', { organizationId: first.id })
    expect(switched.statusCode).toBe(200)
    expect(json(await client.get('/organization')).data.id).toBe(first.id)
  })

  it("answers 404 when switching to another user's organisation", async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const other = await signUpWithOrganization(ctx.app)
    const response = await client.post('/me/current-organization', { organizationId: other.organization.id })
    expect(response.statusCode).toBe(404)
  })
})
