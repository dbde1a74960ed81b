// Webhooks of the Flow service: GET/POST /v1/webhooks, DELETE /v1/webhooks/{webhookUid}; every new or updated flow
// of a client is POSTed (the Flow JSON) to each of its webhooks that matches (flowTypes, flowDirection, ackStatus).
//
// Signature, as the createWebhook description of flow-service-1.3.0.json says, exactly:
//   body        = the JSON payload sent, byte for byte (JSON.stringify of the Flow, UTF-8)
//   timestamp   = current epoch time in seconds (integer, decimal digits), sent as Afnor-Signature-Timestamp
//   fingerprint = SHA-256 of the UTF-8 bytes of `${body}@${timestamp}`, as 64 lowercase hex characters
//   signature   = HMAC-SHA256 keyed with the signing key's raw bytes (the base64 `signingKey` of the creation
//                 answer, decoded: 32 bytes) over the ASCII bytes of that hex fingerprint, base64-encoded
//                 → sent as Afnor-Signature.
// A failed delivery (network error or non-2xx) is tried again 1 s, 2 s and 4 s later, then given up (the client
// polls POST /v1/flows/search).
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { badRequest, notFound, parseJson, readBody, sendJson } from './http.mjs'
import { describeErrors, FLOW_DOC } from './openapi.mjs'
import { flowResource, onFlowChange, store } from './store.mjs'

export function afnorSignature(body, timestamp, signingKey) {
  const fingerprint = createHash('sha256').update(`${body}@${timestamp}`, 'utf8').digest('hex')
  return createHmac('sha256', Buffer.from(signingKey, 'base64')).update(fingerprint, 'utf8').digest('base64')
}

const RETRY_DELAYS = [1000, 2000, 4000]

/** One try; `delivery.running` is the try in flight, so a flush never sends the same payload twice at once. */
function attempt(delivery) {
  delivery.running = tryOnce(delivery).finally(() => {
    delivery.running = null
  })
  return delivery.running
}

async function tryOnce(delivery) {
  const webhook = store.webhooks.get(delivery.webhookId)
  if (!webhook) {
    delivery.state = 'gone'
    return
  }
  const timestamp = Math.floor(Date.now() / 1000)
  delivery.attempts += 1
  try {
    const response = await fetch(webhook.callbackUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'afnor-signature': afnorSignature(delivery.body, timestamp, webhook.signingKey),
        'afnor-signature-timestamp': String(timestamp),
      },
      body: delivery.body,
      signal: AbortSignal.timeout(10_000),
    })
    delivery.lastStatus = response.status
    await response.arrayBuffer().catch(() => {})
    if (response.ok) {
      delivery.state = 'delivered'
      return
    }
  } catch (error) {
    delivery.lastStatus = String(error?.cause?.code ?? error?.name ?? 'error')
  }
  if (delivery.attempts > RETRY_DELAYS.length) {
    delivery.state = 'abandoned'
    return
  }
  delivery.state = 'pending'
  delivery.timer = setTimeout(() => void attempt(delivery), RETRY_DELAYS[delivery.attempts - 1])
  delivery.timer.unref?.()
}

const matches = (webhook, flow) =>
  webhook.clientId === flow.clientId &&
  (!webhook.flowTypes?.length || webhook.flowTypes.includes(flow.flowType)) &&
  (!webhook.flowDirection || webhook.flowDirection === flow.flowDirection) &&
  (!webhook.ackStatus || webhook.ackStatus === flow.acknowledgement.status)

onFlowChange((flow) => {
  for (const webhook of store.webhooks.values()) {
    if (!matches(webhook, flow)) continue
    const delivery = {
      id: randomUUID(),
      webhookId: webhook.webhookId,
      flowId: flow.flowId,
      body: JSON.stringify(flowResource(flow)),
      attempts: 0,
      state: 'pending',
      lastStatus: null,
    }
    store.deliveries.push(delivery)
    void attempt(delivery)
  }
})

/** Tries every pending delivery now (a test's flush), waiting for the answers. */
export async function flushDeliveries() {
  await Promise.all(store.deliveries.map((d) => d.running))
  const pending = store.deliveries.filter((d) => d.state === 'pending')
  for (const d of pending) clearTimeout(d.timer)
  await Promise.all(pending.map(attempt))
  return pending.length
}

// The signing key is given once, at creation.
const publicWebhook = ({ clientId: _c, signingKey: _k, ...webhook }) => webhook

export function webhookRoutes(validator) {
  return [
    [
      'GET',
      /^\/v1\/webhooks$/,
      (_req, res, _p, _u, client) => {
        const mine = [...store.webhooks.values()].filter((w) => w.clientId === client.clientId)
        // WebhookListResponse requires webhookIds although it only describes webhooks: both are given.
        sendJson(res, 200, {
          count: mine.length,
          webhookIds: mine.map((w) => w.webhookId),
          webhooks: mine.map(publicWebhook),
        })
      },
    ],
    [
      'POST',
      /^\/v1\/webhooks$/,
      async (req, res, _p, _u, client) => {
        const params = parseJson(res, (await readBody(req, 64 * 1024)) ?? Buffer.alloc(0))
        if (params === undefined) return
        const validate = validator(FLOW_DOC, '#/components/schemas/WebhookParams')
        if (params === null || !validate(params))
          return badRequest(
            res,
            `Invalid request format: ${describeErrors(validate.errors) || 'a JSON object is required'}`,
          )
        if (!/^https?:\/\//.test(params.callbackUrl)) return badRequest(res, 'callbackUrl must be an http(s) URL')
        const webhook = {
          webhookId: randomUUID(),
          signingKey: randomBytes(32).toString('base64'),
          createdAt: new Date().toISOString(),
          callbackUrl: params.callbackUrl,
          ...(params.flowTypes ? { flowTypes: params.flowTypes } : {}),
          ...(params.flowDirection ? { flowDirection: params.flowDirection } : {}),
          ...(params.ackStatus ? { ackStatus: params.ackStatus } : {}),
          clientId: client.clientId,
        }
        store.webhooks.set(webhook.webhookId, webhook)
        sendJson(res, 201, {
          webhookId: webhook.webhookId,
          signingKey: webhook.signingKey,
          createdAt: webhook.createdAt,
        })
      },
    ],
    [
      'DELETE',
      /^\/v1\/webhooks\/([^/]+)$/,
      (_req, res, [id], _u, client) => {
        const webhook = store.webhooks.get(decodeURIComponent(id))
        if (!webhook || webhook.clientId !== client.clientId) return notFound(res, 'Webhook not found')
        store.webhooks.delete(webhook.webhookId)
        res.writeHead(204).end()
      },
    ],
  ]
}
