// The stand-in's controls, for tests and people (no auth, prefix /_control): clients and directory, statuses as if
// from the buyer or the platform, a supplier invoice dropped in a client's inbox, an outage, the flows with their
// files' sha256, webhook deliveries. Documented in e2e/fake-pa-api.mjs.
import { expireTokens } from './auth.mjs'
import { badRequest, notFound, parseJson, readBody, sendJson } from './http.mjs'
import { sendStatus } from './routing.mjs'
import { createFlow, flowResource, registerClient, registerCompany, store } from './store.mjs'
import { checkFile } from './validate.mjs'
import { flushDeliveries } from './webhooks.mjs'

const SIREN = /^\d{9}$/
const SYNTAXES = ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR']

function validAddresses(addresses) {
  return (
    addresses === undefined ||
    (Array.isArray(addresses) &&
      addresses.every(
        (a) =>
          a &&
          typeof a === 'object' &&
          (a.siret === undefined || /^\d{14}$/.test(a.siret)) &&
          (a.suffix === undefined || /^[\w-]{1,100}$/.test(a.suffix)) &&
          (a.routingIdentifier === undefined || (a.siret && /^[-_/a-zA-Z0-9]{1,100}$/.test(a.routingIdentifier))),
      ))
  )
}

const listedFlow = (f) => ({ ...flowResource(f), clientId: f.clientId, sha256: f.sha256, size: f.file.content.length })

export function controlRoutes() {
  const json = async (req, res) => parseJson(res, (await readBody(req, 200 * 1024 * 1024)) ?? Buffer.alloc(0))
  return [
    [
      'POST',
      /^\/_control\/clients$/,
      async (req, res) => {
        const body = await json(req, res)
        if (body === undefined) return
        const { clientId, clientSecret, siren, name, addresses } = body ?? {}
        if (!clientId || !clientSecret || !SIREN.test(siren ?? '') || !name || !validAddresses(addresses))
          return badRequest(res, 'clientId, clientSecret, siren (9 digits), name and valid addresses are required')
        const company = registerClient({ clientId, clientSecret, siren, name, addresses })
        sendJson(res, 201, {
          clientId,
          siren,
          name,
          addressingIdentifiers: company.lines.map((l) => l.addressingIdentifier),
        })
      },
    ],
    [
      'POST',
      /^\/_control\/directory$/,
      async (req, res) => {
        const body = await json(req, res)
        if (body === undefined) return
        const { siren, name, addresses } = body ?? {}
        if (!SIREN.test(siren ?? '') || !name || !validAddresses(addresses))
          return badRequest(res, 'siren (9 digits), name and valid addresses are required')
        const company = registerCompany({ siren, name, addresses })
        sendJson(res, 201, { siren, name, addressingIdentifiers: company.lines.map((l) => l.addressingIdentifier) })
      },
    ],
    [
      'POST',
      /^\/_control\/flows\/([^/]+)\/statuses$/,
      async (req, res, [flowId]) => {
        const body = await json(req, res)
        if (body === undefined) return
        const flow = store.flows.find((f) => f.flowId === decodeURIComponent(flowId))
        if (!flow) return notFound(res, 'Flow not found')
        if (!['CustomerInvoice', 'SupplierInvoice'].includes(flow.flowType))
          return badRequest(res, 'Statuses are about an invoice flow (Out CustomerInvoice or In SupplierInvoice)')
        const status = Number(body?.status)
        if (!Number.isInteger(status) || status < 200 || status > 699)
          return badRequest(res, 'status is a CDAR status code (200…)')
        const made = sendStatus(flow, { ...body, status })
        sendJson(res, 201, listedFlow(made))
      },
    ],
    [
      'POST',
      /^\/_control\/inbox$/,
      async (req, res) => {
        const body = await json(req, res)
        if (body === undefined) return
        const { clientId, syntax, fileBase64, name } = body ?? {}
        if (!store.clients.has(clientId) || !SYNTAXES.includes(syntax) || typeof fileBase64 !== 'string' || !name)
          return badRequest(res, 'clientId (a registered client), syntax, fileBase64 and name are required')
        const content = Buffer.from(fileBase64, 'base64')
        const { facts } = await checkFile(syntax, content)
        const flow = createFlow(
          clientId,
          { name, flowSyntax: syntax },
          { content, name, contentType: syntax === 'Factur-X' ? 'application/pdf' : 'application/xml' },
          { flowType: 'SupplierInvoice', flowDirection: 'In', ack: { status: 'Ok' }, processingRule: 'B2B', facts },
        )
        sendJson(res, 201, listedFlow(flow))
      },
    ],
    [
      'POST',
      /^\/_control\/outage$/,
      async (req, res) => {
        const body = await json(req, res)
        if (body === undefined) return
        store.outage = body?.down ? (body.status === 500 ? 500 : 503) : null
        sendJson(res, 200, { down: store.outage !== null, status: store.outage })
      },
    ],
    [
      'POST',
      /^\/_control\/tokens\/expire$/,
      (_req, res) => {
        expireTokens()
        sendJson(res, 200, { expired: true })
      },
    ],
    [
      'POST',
      /^\/_control\/limits$/,
      async (req, res) => {
        const body = await json(req, res)
        if (body === undefined) return
        if (Number.isInteger(body?.maxFileBytes) && body.maxFileBytes > 0) store.maxFileBytes = body.maxFileBytes
        if (Number.isInteger(body?.tokenLifetime) && body.tokenLifetime > 0) store.tokenLifetime = body.tokenLifetime
        sendJson(res, 200, { maxFileBytes: store.maxFileBytes, tokenLifetime: store.tokenLifetime })
      },
    ],
    [
      'GET',
      /^\/_control\/flows$/,
      (_req, res, _p, url) => {
        const clientId = url.searchParams.get('clientId')
        sendJson(res, 200, store.flows.filter((f) => !clientId || f.clientId === clientId).map(listedFlow))
      },
    ],
    [
      'GET',
      /^\/_control\/flows\/([^/]+)\/file$/,
      (_req, res, [flowId]) => {
        const flow = store.flows.find((f) => f.flowId === decodeURIComponent(flowId))
        if (!flow) return notFound(res, 'Flow not found')
        res.writeHead(200, { 'content-type': flow.file.contentType }).end(flow.file.content)
      },
    ],
    [
      'POST',
      /^\/_control\/webhooks\/deliver$/,
      async (_req, res) => sendJson(res, 200, { tried: await flushDeliveries() }),
    ],
    [
      'GET',
      /^\/_control\/webhooks\/deliveries$/,
      (_req, res) =>
        sendJson(
          res,
          200,
          store.deliveries.map(({ timer: _t, running: _r, ...d }) => ({ ...d, body: JSON.parse(d.body) })),
        ),
    ],
  ]
}
