import {
  type DirectoryAddressDto,
  type EInvoicingConnectionDto,
  eInvoicingConnectionSchema,
  eInvoicingMessages,
  type IncomingFlowDto,
  incomingFlowMessages,
  twoFactorMessages,
} from '@app/domain'
import { fakeServer, jsonResponse } from '../components/test-utils'

/** The code the fake owner's authenticator shows; any other 6 digits is refused as the server does. */
export const GOOD_CODE = '123456'

export const addresses: DirectoryAddressDto[] = [
  { address: '732829320', siren: '732829320', siret: null, routingCode: null, suffix: null, platform: 'WK' },
  {
    address: '732829320_ACHATS',
    siren: '732829320',
    siret: null,
    routingCode: null,
    suffix: 'ACHATS',
    platform: 'WK',
  },
]

export const notConnected = (): EInvoicingConnectionDto => ({
  connected: false,
  flowUrl: null,
  directoryUrl: null,
  tokenUrl: null,
  clientId: null,
  platformOrganizationId: null,
  hasClientSecret: false,
  addresses: [],
  receivingAddress: null,
  connectedAt: null,
  connectedBy: null,
  lastCheckedAt: null,
  webhookActive: false,
})

export const connected = (over: Partial<EInvoicingConnectionDto> = {}): EInvoicingConnectionDto => ({
  connected: true,
  flowUrl: 'https://pa.example/flow/v1',
  directoryUrl: 'https://pa.example/directory/v1',
  tokenUrl: 'https://pa.example/oauth/token',
  clientId: 'carnet-client',
  platformOrganizationId: null,
  hasClientSecret: true,
  addresses,
  receivingAddress: '732829320',
  connectedAt: '2026-11-20T09:15:00Z',
  connectedBy: 'Camille Martin',
  lastCheckedAt: '2026-11-28T21:50:00Z',
  webhookActive: true,
  ...over,
})

/** A flow the PA sent; failed by default, with its reason and its next automatic try. */
export const incomingFlow = (over: Partial<IncomingFlowDto> = {}): IncomingFlowDto => ({
  id: 1,
  flowId: 'pa-flow-1',
  kind: 'supplierInvoice',
  kindLabel: 'Facture fournisseur',
  syntax: 'Factur-X',
  fileName: 'FA-2026-118.pdf',
  state: 'failed',
  lastError: 'Le fichier reçu n’est pas une facture lisible.',
  attempts: 2,
  nextAttemptAt: '2026-11-28T23:20:00Z',
  receiptId: null,
  receivedAt: '2026-11-28T21:50:00Z',
  ...over,
})

/**
 * What happens when a flow is tried again by hand: the PA's file is taken, fails again, or the PA does not answer
 * (502); or the automatic try took it while the page was open (409).
 */
export type RetryOutcome = 'processed' | 'stillFailing' | 'platformSilent' | 'processedMeanwhile'

const validation = (errors: Record<string, string[]>) =>
  jsonResponse(422, { message: 'Certains champs sont invalides.', code: 'VALIDATION', errors })

/**
 * The e-invoicing routes as the contract states them, keeping the connection between calls: the fields checked by
 * the domain's schema, the owner's code checked, a missing second factor refused with 403.
 */
export function fakeEInvoicingApi({
  initial = notConnected(),
  isOwner = true,
  twoFactorEnabled = true,
  readFails = false,
  flows: initialFlows = [],
  flowsFail = false,
  retryOutcome = 'processed',
}: {
  initial?: EInvoicingConnectionDto
  isOwner?: boolean
  twoFactorEnabled?: boolean
  readFails?: boolean
  flows?: IncomingFlowDto[]
  flowsFail?: boolean
  retryOutcome?: RetryOutcome
} = {}) {
  let stored = initial
  let flows = [...initialFlows]
  let nextFlowId = Math.max(0, ...flows.map((flow) => flow.id)) + 1
  const me = {
    data: {
      id: 1,
      preferences: {},
      currentOrganizationId: 1,
      currentOrganization: { id: 1, isOwner, free: false, features: [] },
      organizations: [],
    },
  }
  const codeRefusal = (code: unknown) => {
    if (!twoFactorEnabled)
      return jsonResponse(403, { message: eInvoicingMessages.twoFactorNeeded, code: 'TWO_FACTOR_NOT_ENABLED' })
    if (code !== GOOD_CODE) return validation({ code: [twoFactorMessages.wrongCode] })
    return null
  }
  return fakeServer([{ path: '/me', body: me }], ({ url, method, path, body }) => {
    if (path === '/me/two-factor' && method === 'GET')
      return jsonResponse(200, { data: { enabled: twoFactorEnabled, enabledAt: null, recoveryCodesLeft: 8 } })
    if (path === '/e-invoicing/connection' && method === 'GET' && readFails)
      return jsonResponse(500, { message: 'Erreur', code: 'INTERNAL' })
    if (path === '/e-invoicing/connection' && method === 'GET') return jsonResponse(200, { data: stored })
    if (path === '/e-invoicing/connection' && method === 'PUT') {
      const parsed = eInvoicingConnectionSchema.safeParse(body)
      const errors: Record<string, string[]> = {}
      for (const issue of parsed.error?.issues ?? [])
        if (issue.path[0] !== 'code') errors[String(issue.path[0])] = [issue.message]
      if (Object.keys(errors).length > 0) return validation(errors)
      const refused = codeRefusal(body.code)
      if (refused) return refused
      // The PA itself refuses these credentials: a 422 without a field, its French message saying what to check.
      if (body.clientId === 'refused-client')
        return jsonResponse(422, { message: eInvoicingMessages.platformCredentials, code: 'PLATFORM_CREDENTIALS' })
      stored = connected({
        flowUrl: body.flowUrl,
        directoryUrl: body.directoryUrl,
        tokenUrl: body.tokenUrl,
        clientId: body.clientId,
        platformOrganizationId: body.platformOrganizationId ?? null,
        receivingAddress: null,
        lastCheckedAt: null,
        webhookActive: false,
      })
      return jsonResponse(200, { data: stored })
    }
    if (path === '/e-invoicing/connection' && method === 'PATCH') {
      stored = { ...stored, receivingAddress: body.receivingAddress }
      return jsonResponse(200, { data: stored })
    }
    if (path === '/e-invoicing/connection/test' && method === 'POST') {
      stored = { ...stored, lastCheckedAt: '2026-11-29T08:00:00Z' }
      return jsonResponse(200, { data: { message: eInvoicingMessages.connectionOk } })
    }
    if (path === '/e-invoicing/disconnection' && method === 'POST') {
      const refused = codeRefusal(body.code)
      if (refused) return refused
      stored = notConnected()
      return jsonResponse(200, { data: { message: eInvoicingMessages.disconnected } })
    }
    if (path === '/e-invoicing/incoming-flows' && method === 'GET') {
      if (flowsFail) return jsonResponse(500, { message: 'Erreur', code: 'INTERNAL' })
      return jsonResponse(200, flowPage(flows, url.searchParams))
    }
    const retried = /^\/e-invoicing\/incoming-flows\/(\d+)\/retry$/.exec(path)
    if (retried && method === 'POST') {
      const flow = flows.find((candidate) => candidate.id === Number(retried[1]))
      if (!flow) return jsonResponse(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
      if (!stored.connected)
        return jsonResponse(409, { message: eInvoicingMessages.notConnected, code: 'E_INVOICING_NOT_CONNECTED' })
      if (retryOutcome === 'processedMeanwhile')
        flows = flows.map((candidate) =>
          candidate === flow ? { ...flow, state: 'processed', lastError: null } : candidate,
        )
      if (flow.state !== 'failed' || retryOutcome === 'processedMeanwhile')
        return jsonResponse(409, { message: incomingFlowMessages.notFailed, code: 'INCOMING_FLOW_NOT_FAILED' })
      if (retryOutcome === 'platformSilent')
        return jsonResponse(502, { message: eInvoicingMessages.platformUnreachable, code: 'TIMEOUT' })
      // The flow is recorded again after the try: a new id, as the server does.
      const after: IncomingFlowDto =
        retryOutcome === 'processed'
          ? {
              ...flow,
              id: nextFlowId++,
              state: 'processed',
              lastError: null,
              nextAttemptAt: null,
              receiptId: flow.kind === 'supplierInvoice' ? 42 : null,
            }
          : { ...flow, id: nextFlowId++, attempts: flow.attempts + 1, lastError: 'Toujours illisible.' }
      flows = flows.map((candidate) => (candidate === flow ? after : candidate))
      return jsonResponse(200, { data: after })
    }
    return jsonResponse(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
  })
}

/** GET /e-invoicing/incoming-flows: one state, the search in the file's name, newest first, paged. */
function flowPage(flows: IncomingFlowDto[], query: URLSearchParams) {
  const state = query.get('filter[state]')
  const search = (query.get('search') ?? '').toLowerCase()
  const page = Number(query.get('page') ?? 1)
  const pageSize = Number(query.get('pageSize') ?? 25)
  const matching = flows
    .filter((flow) => (!state || flow.state === state) && flow.fileName.toLowerCase().includes(search))
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
  return {
    data: matching.slice((page - 1) * pageSize, page * pageSize),
    meta: { total: matching.length, page, pageSize },
  }
}
