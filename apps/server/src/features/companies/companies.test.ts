import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { messages } from '@app/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, json, signUpWithOrganization, useTestContext } from '../../../test/helpers'
import type { Config } from '../../config'

/** A local stand-in for https://recherche-entreprises.api.gouv.fr, speaking its documented /search shape. */
const danone = {
  siren: '552032534',
  nom_complet: 'DANONE',
  nom_raison_sociale: 'DANONE',
  nature_juridique: '5599',
  activite_principale: '70.10Z',
  statut_diffusion: 'O',
  siege: {
    siret: '55203253400646',
    numero_voie: '17',
    indice_repetition: null,
    type_voie: 'BD',
    libelle_voie: 'HAUSSMANN',
    adresse: '17 BD HAUSSMANN 75009 PARIS',
    code_postal: '75009',
    libelle_commune: 'PARIS',
    activite_principale: '70.10Z',
    statut_diffusion: 'O',
  },
  matching_etablissements: [],
}
const danoneEstablishment = {
  ...danone.siege,
  siret: '55203253400042',
  numero_voie: '150',
  type_voie: 'RUE',
  libelle_voie: 'DE LA PAIX',
  code_postal: '69001',
  libelle_commune: 'LYON',
}
const undisclosed = {
  siren: '404833048',
  nom_complet: '[ND]',
  nom_raison_sociale: null,
  nature_juridique: '1000',
  activite_principale: '62.01Z',
  statut_diffusion: 'P',
  siege: { siret: '40483304800022', adresse: '[ND]', libelle_voie: '[ND]', code_postal: '[ND]', statut_diffusion: 'P' },
  matching_etablissements: [],
}

let provider: Server
const requests: string[] = []
const lookupConfig: Partial<Config> = { companyLookupTimeoutMs: 300 }

beforeAll(async () => {
  provider = createServer((request, response) => {
    const q = new URL(request.url ?? '/', 'http://x').searchParams.get('q') ?? ''
    requests.push(request.url ?? '')
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (!request.url?.startsWith('/search')) return send(404, { erreur: 'not found' })
    if (q.startsWith('552032534')) {
      const matching = q.length === 14 ? [danone.siege, danoneEstablishment].filter((e) => e.siret === q) : []
      return send(200, { results: [{ ...danone, matching_etablissements: matching }], total_results: 1, page: 1 })
    }
    if (q === '404833048') return send(200, { results: [undisclosed], total_results: 1, page: 1 })
    if (q === '732829320') return send(500, { erreur: 'Internal Server Error' })
    if (q === '552100554') return // never answers: the app gives up after its timeout
    if (q === '356000000') return send(200, { results: 'oops' })
    return send(200, { results: [], total_results: 0, page: 1, per_page: 5, total_pages: 0 })
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  lookupConfig.companyLookupUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
})
afterAll(async () => {
  provider.closeAllConnections()
  await new Promise((resolve) => provider.close(resolve))
})

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
