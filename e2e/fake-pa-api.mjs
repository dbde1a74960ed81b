// A local stand-in for a plateforme agréée (PA) speaking AFNOR XP Z12-013 v1.3.0 exactly as its two OpenAPI
// documents say (../shared/france-rfe/xp-z12-013): the Flow service under /flow-service, the Directory service under
// /directory-service, OAuth2 client credentials at /oauth/token. One process serves several client companies, as a
// real PA does, and routes invoices between them with the lifecycle statuses (CDAR). Used by the server's tests
// (apps/server/test/fake-pa.ts) and by people trying Carnet locally.
//
//   node e2e/fake-pa-api.mjs PORT [--validate] [--token-lifetime S] [--max-bytes N]
//                                 [--client ID:SECRET:SIREN:NAME[:ADDRESSES]]…    (PORT 0: any free port, printed)
//   e.g. node e2e/fake-pa-api.mjs 4010 --client carnet:secret:123456782:"Ma Société"
//   ADDRESSES: comma-separated SIRET, SIRET/ROUTINGCODE or #SUFFIX (the SIREN alone when none).
//   Env: FAKE_PA_VALIDATE=1 (as --validate: France_RFE rules through test-kits/*, needs Java).
//
// Carnet's settings: token URL http://127.0.0.1:PORT/oauth/token, Flow http://127.0.0.1:PORT/flow-service,
// Directory http://127.0.0.1:PORT/directory-service.
//
// Controls (no auth; JSON bodies):
//   POST /_control/clients {clientId, clientSecret, siren, name, addresses?: [{siret?, routingIdentifier?, suffix?}]}
//   POST /_control/directory {siren, name, addresses?}        a company served by "another PA" (routing stores only)
//   POST /_control/flows/{flowId}/statuses {status, reasonCode?, reasonText?, actionCode?, payment?: {amounts:
//        [{rate, amount}]}}  a CDAR to the flow's owner: the seller (Out invoice) as if from the buyer or the
//        platform, or the buyer (In supplier invoice) as if from the seller
//   POST /_control/inbox {clientId, syntax, fileBase64, name}  a supplier invoice in a client's inbox (In)
//   POST /_control/outage {down, status?: 503|500}             every API call (and /oauth/token) fails until lifted
//   POST /_control/tokens/expire                               every token issued expires now
//   POST /_control/limits {maxFileBytes?, tokenLifetime?}      the file size limit (413) and the tokens' expires_in
//   GET  /_control/flows?clientId=                             all flows, with their files' sha256 and size
//   GET  /_control/flows/{flowId}/file                         a flow's file
//   POST /_control/webhooks/deliver                            tries pending webhook deliveries now
//   GET  /_control/webhooks/deliveries                         what was sent (body, attempts, state)
//   GET  /                                                     a page listing companies and flows
import { createServer } from 'node:http'
import { authenticate, issueToken } from './fake-pa/auth.mjs'
import { controlRoutes } from './fake-pa/controls.mjs'
import { directoryRoutes } from './fake-pa/directory.mjs'
import { flowRoutes } from './fake-pa/flows.mjs'
import { sendError } from './fake-pa/http.mjs'
import { createValidators, DOCUMENTS_DIR, documentsAvailable } from './fake-pa/openapi.mjs'
import { page } from './fake-pa/page.mjs'
import { afterSubmit } from './fake-pa/routing.mjs'
import { registerClient, store } from './fake-pa/store.mjs'
import { webhookRoutes } from './fake-pa/webhooks.mjs'

const args = process.argv.slice(2)
const option = (name) => {
  const values = []
  args.forEach((a, i) => {
    if (a === name) values.push(args[i + 1])
  })
  return values
}
store.validate = args.includes('--validate') || process.env.FAKE_PA_VALIDATE === '1'
if (option('--token-lifetime')[0]) store.tokenLifetime = Number(option('--token-lifetime')[0])
if (option('--max-bytes')[0]) store.maxFileBytes = Number(option('--max-bytes')[0])
for (const spec of option('--client')) {
  const [clientId, clientSecret, siren, name, addresses = ''] = spec.split(':')
  registerClient({
    clientId,
    clientSecret,
    siren,
    name,
    addresses: addresses
      .split(',')
      .filter(Boolean)
      .map((a) =>
        a.startsWith('#') ? { suffix: a.slice(1) } : { siret: a.split('/')[0], routingIdentifier: a.split('/')[1] },
      ),
  })
}

const validator = createValidators()
if (!documentsAvailable) console.error(`fake-pa: no OpenAPI documents at ${DOCUMENTS_DIR}: bodies are not checked`)
const services = {
  '/flow-service': [...flowRoutes(validator, { afterSubmit }), ...webhookRoutes(validator)],
  '/directory-service': directoryRoutes(validator),
}
const controls = controlRoutes()
let origin = ''

function find(routes, method, path) {
  let pathMatched = false
  for (const [m, pattern, handler, options] of routes) {
    const found = pattern.exec(path)
    if (!found) continue
    pathMatched = true
    if (m === method) return { handler, params: found.slice(1), options: options ?? {} }
  }
  return pathMatched ? 'method' : null
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = url.pathname
    if (path === '/' && req.method === 'GET') return page(res, origin)
    if (path.startsWith('/_control/')) {
      const route = find(controls, req.method, path)
      if (!route || route === 'method') return sendError(res, 404, 'MISSING_RESOURCE', 'Unknown control')
      return await route.handler(req, res, route.params, url)
    }
    const outage = () => {
      if (!store.outage) return false
      sendError(res, store.outage, store.outage === 500 ? 'INTERNAL_ERROR' : 'RESOURCE_ERROR', 'Service unavailable')
      return true
    }
    if (path === '/oauth/token' && req.method === 'POST') return outage() || (await issueToken(req, res))
    const prefix = Object.keys(services).find((p) => path.startsWith(`${p}/`))
    if (!prefix) return sendError(res, 404, 'MISSING_RESOURCE', 'Unknown path')
    const route = find(services[prefix], req.method, path.slice(prefix.length))
    if (route === null) return sendError(res, 404, 'MISSING_RESOURCE', 'Unknown path')
    if (route === 'method') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed')
    if (outage()) return
    // The healthchecks answer without a token (the documents give them no 401); a token sent must be valid.
    let client = null
    if (!route.params.length && /healthcheck$/.test(path) && !req.headers.authorization) client = null
    else {
      client = authenticate(req, res)
      if (!client) return
    }
    return await route.handler(req, res, route.params, url, client)
  } catch (error) {
    console.error(error)
    if (!res.headersSent) sendError(res, 500, 'INTERNAL_ERROR', 'Internal error')
    else res.end()
  }
})

server.listen(Number(args[0] ?? 0), '127.0.0.1', () => {
  const { port } = server.address()
  origin = `http://127.0.0.1:${port}`
  console.log(`listening ${port}`)
})
