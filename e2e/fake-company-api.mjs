// A local stand-in for France's public "API Recherche d'entreprises" (GET /search?q=), in its documented shape,
// so that the browser journeys look companies up without the internet.
import { createServer } from 'node:http'

const port = Number(process.argv[2])
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

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost')
  const send = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }
  if (url.pathname === '/health') return send(200, { status: 'ok' })
  if (url.pathname !== '/search') return send(404, { erreur: 'not found' })
  const q = url.searchParams.get('q') ?? ''
  if (q.startsWith('552032534')) return send(200, { results: [danone], total_results: 1, page: 1 })
  return send(200, { results: [], total_results: 0, page: 1 })
}).listen(port, '127.0.0.1')
