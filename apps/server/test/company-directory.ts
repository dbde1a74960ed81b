import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import type { Config } from '../src/config'

/**
 * A local stand-in for https://recherche-entreprises.api.gouv.fr, speaking its documented `GET /search?q=` shape, so
 * that tests look companies up without leaving 127.0.0.1. What it knows:
 * - DANONE (552032534), its head office 55203253400646 and an establishment 55203253400042;
 * - 404833048, a company whose details are not public (statut_diffusion P, "[ND]");
 * - 732829320 answers 500, 552100554 never answers, 356000000 answers a body of the wrong shape;
 * - anything else: no result.
 */
export const danone = {
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
export const danoneEstablishment = {
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

/**
 * Starts the directory before the file's tests and stops it after. `config` (pass it to useTestContext) gets the
 * directory's address once it listens; `requests` lists the paths it was asked, in order.
 */
export function useCompanyDirectory(timeoutMs: number) {
  const config: Partial<Config> = { companyLookupTimeoutMs: timeoutMs }
  const requests: string[] = []
  let provider: Server
  beforeAll(async () => {
    provider = createServer((request, response) => {
      const q = new URL(request.url ?? '/', 'http://x').searchParams.get('q') ?? ''
      requests.push(request.url ?? '')
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      }
      if (!request.url?.startsWith('/search')) return send(404, { erreur: 'not found' })
      if (q.startsWith(danone.siren)) {
        const matching = q.length === 14 ? [danone.siege, danoneEstablishment].filter((e) => e.siret === q) : []
        return send(200, { results: [{ ...danone, matching_etablissements: matching }], total_results: 1, page: 1 })
      }
      if (q === undisclosed.siren) return send(200, { results: [undisclosed], total_results: 1, page: 1 })
      if (q === '732829320') return send(500, { erreur: 'Internal Server Error' })
      if (q === '552100554') return // never answers: the app gives up after its timeout
      if (q === '356000000') return send(200, { results: 'oops' })
      return send(200, { results: [], total_results: 0, page: 1, per_page: 5, total_pages: 0 })
    })
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    config.companyLookupUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    provider.closeAllConnections()
    await new Promise((resolve) => provider.close(resolve))
  })
  return { config, requests }
}
