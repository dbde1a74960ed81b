// The Flow service's flow operations (flow-service-1.3.0.json): POST /v1/flows (multipart flowInfo + file → 202
// FullFlowInfo, checked after the answer: Pending, then Ok or Error), POST /v1/flows/search (filters, cursor),
// GET /v1/flows/{flowId}?docType=…. A client only ever sees its own flows.

import { badRequest, notFound, parseJson, parseMultipart, readBody, sendError, sendJson } from './http.mjs'
import { describeErrors, FLOW_DOC } from './openapi.mjs'
import { createFlow, flowOf, flowResource, sha256, store, updateFlow } from './store.mjs'

const CONTENT_TYPES = { 'Factur-X': 'application/pdf' }

/** The cursor: the last flow given (its updatedAt and its place), opaque to the client. */
const encodeCursor = (flow) => Buffer.from(JSON.stringify({ u: flow.updatedAt, i: flow.flowId })).toString('base64')
function decodeCursor(cursor) {
  try {
    const { u, i } = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'))
    return typeof u === 'string' && typeof i === 'string' ? { u, i } : null
  } catch {
    return null
  }
}

const byUpdate = (a, b) =>
  a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : store.flows.indexOf(a) - store.flows.indexOf(b)

export function flowRoutes(validator, { afterSubmit }) {
  async function submit(req, res, client) {
    const contentType = req.headers['content-type'] ?? ''
    if (!/^multipart\/form-data/i.test(contentType))
      return badRequest(res, 'Invalid request format: multipart/form-data with flowInfo and file is required')
    // The multipart envelope adds a little to the file: the limit is checked on the file itself below.
    const body = await readBody(req, store.maxFileBytes + 1024 * 1024)
    if (body === null) return sendError(res, 413, 'FILE_SIZE_EXCEEDED', 'Provided file is too big')
    let form
    try {
      form = await parseMultipart(contentType, body)
    } catch {
      return badRequest(res, 'Invalid request format: unreadable multipart body')
    }
    const infoPart = form.get('flowInfo')
    const filePart = form.get('file')
    if (infoPart === null || filePart === null || typeof filePart === 'string')
      return badRequest(res, 'Invalid request format: the parts flowInfo and file are both required')
    let info
    try {
      info = JSON.parse(typeof infoPart === 'string' ? infoPart : await infoPart.text())
    } catch {
      return badRequest(res, 'Invalid request format: flowInfo is not JSON')
    }
    const validate = validator(FLOW_DOC, '#/components/schemas/FlowInfo')
    if (info === null || typeof info !== 'object' || !validate(info))
      return badRequest(res, `Invalid flowInfo: ${describeErrors(validate.errors) || 'an object is required'}`)
    const content = Buffer.from(await filePart.arrayBuffer())
    if (content.length > store.maxFileBytes)
      return sendError(res, 413, 'FILE_SIZE_EXCEEDED', 'Provided file is too big')
    const file = {
      content,
      name: filePart.name || info.name,
      contentType: filePart.type || CONTENT_TYPES[info.flowSyntax] || 'application/xml',
    }
    const flow = createFlow(client.clientId, info, file, { flowDirection: 'Out' })
    sendJson(res, 202, {
      flowId: flow.flowId,
      submittedAt: flow.submittedAt,
      ...(info.trackingId ? { trackingId: info.trackingId } : {}),
      name: flow.name,
      ...(info.processingRule ? { processingRule: info.processingRule } : {}),
      flowSyntax: flow.flowSyntax,
      ...(info.flowProfile ? { flowProfile: info.flowProfile } : {}),
      sha256: flow.sha256,
    })
    // The checks (integrity, unicity, syntax) run after the 202, as a PA's acknowledgement does.
    setImmediate(() =>
      afterSubmit(flow, info).catch((failure) => {
        console.error(failure)
        updateFlow(flow, {
          acknowledgement: {
            status: 'Error',
            details: [
              { level: 'Error', item: 'file', reasonCode: 'OtherTechnicalError', reasonMessage: 'Internal error' },
            ],
          },
        })
      }),
    )
  }

  async function search(req, res, client) {
    const params = parseJson(res, (await readBody(req, 1024 * 1024)) ?? Buffer.alloc(0))
    if (params === undefined) return
    const validate = validator(FLOW_DOC, '#/components/schemas/SearchFlowParams')
    if (params === null || !validate(params))
      return badRequest(
        res,
        `Invalid request format: ${describeErrors(validate.errors) || 'a JSON object is required'}`,
      )
    const where = params.where
    if (!Object.values(where).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0)))
      return badRequest(res, 'At least one search criterion is required in where')
    let after = null
    if (params.cursor !== undefined) {
      after = decodeCursor(params.cursor)
      if (!after) return badRequest(res, 'Invalid cursor')
    }
    const limit = params.limit ?? 25
    if (limit < 1) return badRequest(res, 'limit must be at least 1')
    const matching = store.flows
      .filter(
        (f) =>
          f.clientId === client.clientId &&
          (!where.updatedAfter || Date.parse(f.updatedAt) > Date.parse(where.updatedAfter)) &&
          (!where.updatedBefore || Date.parse(f.updatedAt) < Date.parse(where.updatedBefore)) &&
          (!where.processingRule?.length || where.processingRule.includes(f.processingRule)) &&
          (!where.flowType?.length || where.flowType.includes(f.flowType)) &&
          (!where.flowDirection?.length || where.flowDirection.includes(f.flowDirection)) &&
          (!where.trackingId || where.trackingId === f.trackingId) &&
          (!where.ackStatus || where.ackStatus === f.acknowledgement.status),
      )
      .sort(byUpdate)
    let start = 0
    if (after) {
      // After the cursor's flow: by its updatedAt, then its place (a flow updated since moves past the cursor).
      const index = matching.findIndex((f) => f.flowId === after.i && f.updatedAt === after.u)
      start = index >= 0 ? index + 1 : matching.findIndex((f) => f.updatedAt > after.u)
      if (start < 0) start = matching.length
    }
    const results = matching.slice(start, start + limit)
    const more = start + limit < matching.length
    sendJson(res, 200, {
      limit,
      ...(more ? { nextCursor: encodeCursor(results[results.length - 1]) } : {}),
      filters: where,
      results: results.map(flowResource),
    })
  }

  function get(_req, res, client, flowId, url) {
    const docType = url.searchParams.get('docType') ?? 'Metadata'
    if (!['Metadata', 'Original', 'Converted', 'ReadableView'].includes(docType))
      return badRequest(res, 'docType must be Metadata, Original, Converted or ReadableView')
    const flow = flowOf(client.clientId, decodeURIComponent(flowId))
    if (!flow) return notFound(res, 'Flow not found')
    if (docType === 'Metadata') return sendJson(res, 200, flowResource(flow))
    // Nothing is converted here; the readable view of a Factur-X is its PDF, other syntaxes have none.
    if (docType === 'Converted' || (docType === 'ReadableView' && flow.flowSyntax !== 'Factur-X'))
      return notFound(res, `No ${docType} document for this flow`)
    res.writeHead(200, {
      'content-type': docType === 'ReadableView' ? 'application/pdf' : flow.file.contentType,
      'content-disposition': `attachment;filename=${JSON.stringify(flow.name)}`,
      'content-length': flow.file.content.length,
      'x-sha256': sha256(flow.file.content),
    })
    res.end(flow.file.content)
  }

  return [
    ['GET', /^\/v1\/healthcheck$/, (_req, res) => res.writeHead(200).end(), { public: true }],
    ['POST', /^\/v1\/flows$/, (req, res, _p, _u, client) => submit(req, res, client)],
    ['POST', /^\/v1\/flows\/search$/, (req, res, _p, _u, client) => search(req, res, client)],
    ['GET', /^\/v1\/flows\/([^/]+)$/, (req, res, [flowId], url, client) => get(req, res, client, flowId, url)],
  ]
}
