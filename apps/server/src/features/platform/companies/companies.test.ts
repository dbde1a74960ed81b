import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { useCompanyDirectory } from '../../../../test/company-directory'
import { Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const { config: lookupConfig, requests } = useCompanyDirectory(300)
const ctx = useTestContext({ config: lookupConfig })

describe('GET /companies/{siret}', () => {
  it('finds a company by SIREN: name, VAT number, NAF, legal form and head-office address', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.get('/companies/552%20032%20534')
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data).toEqual({
      name: 'DANONE',
      tvaIntra: 'FR27552032534',
      siren: '552032534',
      siret: '55203253400646',
      naf: '70.10Z',
      natureJuridique: '5599',
      legalFormId: 12,
      legalForm: { id: 12, code: 'SA', name: "Société anonyme à conseil d'administration" },
      street: '17 BD HAUSSMANN',
      postcode: '75009',
      city: 'PARIS',
      nonDisclosable: false,
    })
    expect(requests.at(-1)).toBe('/search?q=552032534&page=1&per_page=5')
  })

  it('finds the establishment of a SIRET', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const data = json(await client.get('/companies/55203253400042')).data
    expect(data).toMatchObject({ siret: '55203253400042', street: '150 RUE DE LA PAIX', city: 'LYON' })
  })

  it('returns no identity data for a non-disclosable company', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const data = json(await client.get('/companies/404833048')).data
    expect(data).toMatchObject({
      nonDisclosable: true,
      siren: '404833048',
      name: null,
      street: null,
      postcode: null,
      city: null,
      legalForm: { code: 'EI' },
    })
  })

  it('answers 404 when unknown, 422 for a malformed or wrong number, 502 when the provider fails', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const unknown = await client.get('/companies/100000207')
    expect(unknown.statusCode).toBe(404)
    expect(json(unknown).message).toBe(messages.contacts.companyNotFound)
    expect((await client.get('/companies/55203253400999')).statusCode).toBe(422)
    expect(json(await client.get('/companies/1234')).errors).toEqual({
      siret: [messages.validation.sirenOrSiretFormat],
    })
    expect(json(await client.get('/companies/552032535')).errors).toEqual({
      siret: [messages.validation.sirenOrSiretCheck],
    })
    for (const siren of ['732829320', '552100554', '356000000']) {
      const failed = await client.get(`/companies/${siren}`)
      expect(failed.statusCode, siren).toBe(502)
      expect(json(failed)).toEqual({
        message: messages.contacts.companyLookupUnavailable,
        code: 'COMPANY_LOOKUP_UNAVAILABLE',
      })
    }
  })

  it('needs a session and never answers 5xx to hostile input', async () => {
    expect((await new Client(ctx.app).get('/companies/552032534')).statusCode).toBe(401)
    const { client } = await signUpWithOrganization(ctx.app)
    for (const value of ['%00', 'x'.repeat(100), '..%2F..%2Fetc', "1'or'1'='1", '55203253400042%3Fq%3D1'])
      expect((await client.get(`/companies/${value}`)).statusCode, value).toBeLessThan(500)
  })
})
