import {
  type DirectoryAddressDto,
  type EInvoicingConnectionDto,
  eInvoicingConnectionSchema,
  eInvoicingMessages,
  twoFactorMessages,
} from '@app/domain'
import { fakeServer, jsonResponse } from '../../../components/test-utils'

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
}: {
  initial?: EInvoicingConnectionDto
  isOwner?: boolean
  twoFactorEnabled?: boolean
  readFails?: boolean
} = {}) {
  let stored = initial
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
  return fakeServer([{ path: '/me', body: me }], ({ method, path, body }) => {
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
    return jsonResponse(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
  })
}
