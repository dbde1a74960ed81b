// What the stand-in PA holds in memory: its client companies (each one OAuth2 client), the directory (its clients'
// lines and those of companies served by "another PA"), the flows of every client (both directions, with their
// files), the invoices it routed (to forward lifecycle statuses), webhooks and their deliveries, the outage switch.
import { createHash, randomUUID } from 'node:crypto'
import { nextInstant } from './http.mjs'

export const store = {
  clients: new Map(), // clientId → { clientId, clientSecret, siren, name }
  companies: new Map(), // siren → { siren, name, clientId | null, lines: DirectoryLine[] }
  tokens: new Map(), // access_token → { clientId, expiresAt (ms) }
  flows: [], // creation order; each flow belongs to one client
  routed: [], // { number, sellerSiren, sellerClientId, buyerClientId, sellerFlowId, buyerFlowId }
  webhooks: new Map(), // webhookId → { webhookId, clientId, signingKey, createdAt, callbackUrl, flowTypes?, … }
  deliveries: [],
  outage: null, // null, or the status (503/500) every API call answers
  tokenLifetime: 3600,
  maxFileBytes: 100 * 1024 * 1024,
  validate: false,
}

const listeners = []
/** Called with each flow created or updated (webhooks listen). */
export const onFlowChange = (listener) => listeners.push(listener)
const changed = (flow) => {
  for (const listener of listeners) listener(flow)
}

export const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex')

/**
 * The directory's addressing identifier (scheme 0225) of a line: SIREN, SIREN_SIRET, SIREN_SIRET_ROUTINGCODE or
 * SIREN_SUFFIX, the PPF's shapes.
 */
export function addressingIdentifier(siren, { siret, routingIdentifier, suffix } = {}) {
  if (suffix) return `${siren}_${suffix}`
  if (siret && routingIdentifier) return `${siren}_${siret}_${routingIdentifier}`
  if (siret) return `${siren}_${siret}`
  return siren
}

/** Registers a company and its directory lines (no addresses: one line, the SIREN alone). */
export function registerCompany({ siren, name, addresses, clientId = null }) {
  const lines = (addresses?.length ? addresses : [{}]).map((address) => ({
    addressingIdentifier: addressingIdentifier(siren, address),
    siren,
    siret: address.siret ?? null,
    routingIdentifier: address.routingIdentifier ?? null,
    addressingSuffix: address.suffix ?? null,
    routingCodeName: address.routingCodeName ?? null,
  }))
  const company = { siren, name, clientId, lines }
  store.companies.set(siren, company)
  return company
}

export function registerClient({ clientId, clientSecret, siren, name, addresses }) {
  store.clients.set(clientId, { clientId, clientSecret, siren, name })
  return registerCompany({ siren, name, addresses, clientId })
}

export function directoryLine(identifier) {
  for (const company of store.companies.values()) {
    const line = company.lines.find((l) => l.addressingIdentifier === identifier)
    if (line) return { line, company }
  }
  return null
}

/**
 * A new flow of a client. `file` is { content: Buffer, contentType, name }; `info` the FlowInfo fields; the rest says
 * what the PA knows (type, direction). Out flows start Pending (the checks run after the 202); In flows are Ok.
 */
export function createFlow(clientId, info, file, { flowType, flowDirection, ack, processingRule, facts } = {}) {
  const at = nextInstant()
  const flow = {
    flowId: randomUUID(),
    clientId,
    trackingId: info.trackingId,
    name: info.name ?? file.name,
    flowSyntax: info.flowSyntax,
    flowProfile: info.flowProfile ?? 'Undefined',
    processingRule: info.processingRule ?? processingRule ?? 'Undefined',
    processingRuleSource: info.processingRule ? 'Input' : 'Computed',
    flowType: flowType ?? 'Undefined',
    flowDirection,
    submittedAt: at,
    updatedAt: at,
    acknowledgement: ack ?? { status: 'Pending' },
    sha256: sha256(file.content),
    file,
    facts: facts ?? null,
  }
  store.flows.push(flow)
  changed(flow)
  return flow
}

/** Changes a flow (acknowledgement, computed type…) and stamps updatedAt. */
export function updateFlow(flow, changes) {
  Object.assign(flow, changes, { updatedAt: nextInstant() })
  changed(flow)
  return flow
}

export const flowOf = (clientId, flowId) => store.flows.find((f) => f.flowId === flowId && f.clientId === clientId)

/** The Flow resource of the Flow document (search results, webhooks, Metadata). */
export function flowResource(flow) {
  return {
    flowId: flow.flowId,
    ...(flow.trackingId ? { trackingId: flow.trackingId } : {}),
    name: flow.name,
    submittedAt: flow.submittedAt,
    updatedAt: flow.updatedAt,
    flowSyntax: flow.flowSyntax,
    flowProfile: flow.flowProfile,
    processingRule: flow.processingRule,
    processingRuleSource: flow.processingRuleSource,
    flowType: flow.flowType,
    flowDirection: flow.flowDirection,
    acknowledgement: flow.acknowledgement,
  }
}
