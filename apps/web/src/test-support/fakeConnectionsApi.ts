import type { BankConnectionDto, BankProviderDto } from '@app/domain'
import { bodiesSent, fakeServer, jsonResponse, type Route } from '../components/test-utils'

/** A connection as the API answers it: Société Générale through Bridge, OK, with its current account. */
export const connection = (overrides: Partial<BankConnectionDto> = {}): BankConnectionDto => ({
  id: 1,
  provider: 'bridge',
  providerName: 'Bridge',
  bankName: 'Société Générale',
  isActive: true,
  statusCode: 0,
  statusCodeInfo: null,
  statusCodeDescription: null,
  state: 'ok',
  needsRenewal: false,
  expiresAt: '2099-01-01T00:00:00.000Z',
  lastSyncedAt: '2026-03-10T08:30:00.000Z',
  journals: [{ id: 1, name: 'Compte courant pro', code: 'BQ1', iban: null, isActive: true, balance: '1250.40' }],
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-10T08:30:00.000Z',
  ...overrides,
})

export const BRIDGE: BankProviderDto = { provider: 'bridge', name: 'Bridge', kind: 'aggregator' }
export const QONTO: BankProviderDto = { provider: 'qonto', name: 'Qonto', kind: 'neobank' }

const json = jsonResponse

/**
 * Stubs fetch with a small /bank-connections server over `initial` and `providers`: the list, the providers, the
 * connect call (a provider page's address), sync (`imported` new lines), toggle and delete; GET /journals answers no
 * account and GET /me the organisation's owner (`isOwner`). `routes` answer first, for the refusals a test wants.
 */
export function stubConnectionsApi(
  initial: BankConnectionDto[],
  options: { providers?: BankProviderDto[]; imported?: number; isOwner?: boolean; routes?: Route[] } = {},
) {
  let list = initial.map((item) => structuredClone(item))
  const { providers = [BRIDGE, QONTO], imported = 2, isOwner = true, routes = [] } = options
  const spy = fakeServer(routes, async ({ method, path, body }) => {
    if (path === '/me')
      return json(200, {
        data: {
          id: 1,
          currentOrganizationId: 1,
          preferences: {},
          currentOrganization: { id: 1, isOwner, isDemo: false },
        },
      })
    if (path === '/journals') return json(200, { data: [], meta: { total: 0, page: 1, pageSize: 900 } })
    if (path === '/bank-connections/providers') return json(200, { data: providers })
    if (path === '/bank-connections' && method === 'GET')
      return json(200, { data: list, meta: { total: list.length, page: 1, pageSize: 1000 } })
    if (path === '/bank-connections' && method === 'POST')
      return json(200, { data: { url: `https://connect.example/${body.provider}/${body.bankConnectionId ?? 'new'}` } })
    const match = /^\/bank-connections\/(\d+)(\/sync|\/toggle)?$/.exec(path)
    const found = match ? list.find((item) => item.id === Number(match[1])) : undefined
    if (!match || !found) return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
    if (match[2] === '/sync' && method === 'POST') {
      found.lastSyncedAt = '2026-03-11T09:00:00.000Z'
      return json(200, { data: { imported, duplicates: 3, connection: found } })
    }
    if (match[2] === '/toggle' && method === 'POST') {
      found.isActive = !found.isActive
      found.state = found.isActive ? 'ok' : 'archived'
      return json(200, { data: found })
    }
    if (method === 'DELETE') {
      list = list.filter((item) => item !== found)
      return json(204, null)
    }
    return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
  })
  return spy
}

/** The bodies sent with `method` to `path`. */
export const callsTo = bodiesSent
