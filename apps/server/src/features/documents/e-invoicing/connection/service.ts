import {
  type DirectoryAddressDto,
  type DirectoryLookupDto,
  type EInvoicingConnectionDto,
  type EInvoicingConnectionInput,
  eInvoicingMessages as m,
} from '@app/domain'
import { fieldError, forbidden, unprocessable } from '../../../../lib/errors'
import type { Tenant } from '../../../../lib/tenant'
import type { EInvoicingDeps } from '../deps'
import type { PlatformClients, PlatformSettings } from '../platform/client'
import type { PlatformClient } from '../platform/types'
import { addressOf, refreshContactDirectory } from './directory'
import { notConnected, platformFailure, throughPlatform } from './errors'
import { type ConnectionRow, createConnectionRepo } from './repo'

/** The directory's lines of the organisation are asked again after this long (GET is read often, they change rarely). */
const ADDRESSES_TTL_MS = 10 * 60_000

type Deps = Pick<EInvoicingDeps, 'db' | 'clock' | 'config' | 'secrets' | 'twoFactor' | 'log'> & {
  platforms: PlatformClients
}

const NOT_CONNECTED: EInvoicingConnectionDto = {
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
}

/**
 * The organisation's connection to its plateforme agréée (issue 33, decision 0043): saved only once the PA answered
 * (token, both healthchecks, the organisation's directory lines), with a webhook when the PA takes one (else the
 * polling covers). Connecting and disconnecting are the owner's, with their second factor; the client secret is
 * sealed at rest and never answered, logged or put in an error.
 */
export function createEInvoicingConnectionService(deps: Deps) {
  const repo = createConnectionRepo(deps.db)
  const { platforms, secrets } = deps
  const nowIso = () => deps.clock().toISOString()
  const addressesCache = new Map<number, { at: number; addresses: DirectoryAddressDto[] }>()

  const settingsOfRow = (row: ConnectionRow): PlatformSettings => ({
    flowUrl: row.flowUrl,
    directoryUrl: row.directoryUrl,
    tokenUrl: row.tokenUrl,
    clientId: row.clientId,
    clientSecret: secrets.open(row.clientSecretSealed),
    platformOrganizationId: row.platformOrganizationId,
  })

  async function connected(tenant: Tenant) {
    const row = await repo.find(tenant.organizationId)
    if (!row) throw notConnected()
    return { row, client: platforms.forSettings(settingsOfRow(row)) }
  }

  async function organizationSiren(organizationId: number): Promise<string> {
    const siren = await repo.organizationSiren(organizationId)
    if (!siren) throw unprocessable(m.sirenMissing, 'ORGANIZATION_SIREN_MISSING')
    return siren
  }

  async function addressesOf(organizationId: number, client: PlatformClient): Promise<DirectoryAddressDto[]> {
    const lines = await client.directoryLines(await organizationSiren(organizationId))
    const addresses = lines.map(addressOf)
    addressesCache.set(organizationId, { at: Date.now(), addresses })
    return addresses
  }

  /** GET reads the addresses through the PA at most every few minutes; a PA that does not answer leaves them out. */
  async function cachedAddresses(organizationId: number, client: PlatformClient): Promise<DirectoryAddressDto[]> {
    const cached = addressesCache.get(organizationId)
    if (cached && Date.now() - cached.at < ADDRESSES_TTL_MS) return cached.addresses
    try {
      return await addressesOf(organizationId, client)
    } catch (error) {
      deps.log(platformFailure(error), 'e-invoicing: directory lines not read')
      return cached?.addresses ?? []
    }
  }

  const present = (
    row: ConnectionRow & { connectedByName: string | null },
    addresses: DirectoryAddressDto[],
  ): EInvoicingConnectionDto => ({
    connected: true,
    flowUrl: row.flowUrl,
    directoryUrl: row.directoryUrl,
    tokenUrl: row.tokenUrl,
    clientId: row.clientId,
    platformOrganizationId: row.platformOrganizationId,
    hasClientSecret: true,
    addresses,
    receivingAddress: row.receivingAddress,
    connectedAt: row.connectedAt,
    connectedBy: row.connectedByName,
    lastCheckedAt: row.lastCheckedAt,
    webhookActive: row.webhookId !== null,
  })

  /** The owner, with their second factor on and one of its codes (the same 422 as a personal token's creation). */
  async function assertOwnerWithCode(tenant: Tenant, code: string) {
    if (tenant.membership.roleCode !== 'owner') throw forbidden(m.ownerOnly, 'OWNER_ONLY')
    if (!(await deps.twoFactor.isEnabled(tenant.userId))) throw forbidden(m.twoFactorNeeded, 'TWO_FACTOR_NOT_ENABLED')
    await deps.twoFactor.requireCodeIfEnabled(tenant.userId, code)
  }

  const callbackUrlOf = (organizationId: number) =>
    `${deps.config.appUrl}/api/v1/webhooks/e-invoicing/${organizationId}`

  /** Best effort: a webhook the PA keeps calling for nothing costs it a refused call, never Carnet an error. */
  async function dropWebhook(settings: PlatformSettings, webhookId: string | null) {
    if (webhookId) {
      await platforms
        .forSettings(settings)
        .deleteWebhook(webhookId)
        .catch((error) => deps.log(platformFailure(error), 'e-invoicing: webhook not deleted at the PA'))
    }
    platforms.forget(settings)
  }

  const service = {
    async get(tenant: Tenant): Promise<EInvoicingConnectionDto> {
      const row = await repo.find(tenant.organizationId)
      if (!row) return NOT_CONNECTED
      const addresses = await cachedAddresses(tenant.organizationId, platforms.forSettings(settingsOfRow(row)))
      return present(row, addresses)
    },

    /**
     * PUT: checks everything with the PA before saving anything. A PA that refuses the webhook is no reason to
     * refuse the connection: Carnet then asks it for new flows every few minutes.
     */
    async connect(tenant: Tenant, input: EInvoicingConnectionInput): Promise<EInvoicingConnectionDto> {
      await assertOwnerWithCode(tenant, input.code)
      const { organizationId } = tenant
      const previous = await repo.find(organizationId)
      const clientSecret = input.clientSecret ?? (previous ? secrets.open(previous.clientSecretSealed) : null)
      if (!clientSecret) throw fieldError('clientSecret', m.clientSecret)
      const siren = await organizationSiren(organizationId)
      const settings: PlatformSettings = {
        flowUrl: input.flowUrl,
        directoryUrl: input.directoryUrl,
        tokenUrl: input.tokenUrl,
        clientId: input.clientId,
        clientSecret,
        platformOrganizationId: input.platformOrganizationId,
      }
      const client = platforms.forSettings(settings)
      const lines = await throughPlatform(
        async () => {
          await client.healthcheck()
          return client.directoryLines(siren)
        },
        { credentialsFields: true },
      )
      const webhook = await client.createWebhook({ callbackUrl: callbackUrlOf(organizationId) }).catch((error) => {
        deps.log(platformFailure(error), 'e-invoicing: webhook refused, polling only')
        return null
      })
      const addresses = lines.map(addressOf)
      const kept = previous?.receivingAddress
      const receivingAddress = addresses.some((a) => a.address === kept)
        ? (kept ?? null)
        : (addresses[0]?.address ?? null)
      const now = nowIso()
      const samePlatform = previous?.flowUrl === settings.flowUrl && previous.clientId === settings.clientId
      await repo.save(organizationId, {
        flowUrl: settings.flowUrl,
        directoryUrl: settings.directoryUrl,
        tokenUrl: settings.tokenUrl,
        clientId: settings.clientId,
        clientSecretSealed: secrets.seal(clientSecret),
        platformOrganizationId: settings.platformOrganizationId,
        receivingAddress,
        webhookId: webhook?.id ?? null,
        webhookKeySealed: webhook ? secrets.seal(webhook.key) : null,
        connectedBy: tenant.userId,
        connectedAt: now,
        lastCheckedAt: now,
        ...(samePlatform ? {} : { pollCursor: null, polledUntil: null }),
      })
      if (previous) {
        const old = settingsOfRow(previous)
        // The old webhook would call Carnet twice for every flow; the old token belongs to the old credentials.
        if (previous.webhookId && previous.webhookId !== webhook?.id) await dropWebhook(old, previous.webhookId)
        else if (old.clientSecret !== clientSecret || old.tokenUrl !== settings.tokenUrl) platforms.forget(old)
      }
      addressesCache.set(organizationId, { at: Date.now(), addresses })
      const saved = await repo.find(organizationId)
      if (!saved) throw notConnected()
      return present(saved, addresses)
    },

    /** POST …/test: the PA answers with these credentials (token and both healthchecks). */
    async test(tenant: Tenant): Promise<{ message: string }> {
      const { client } = await connected(tenant)
      await throughPlatform(() => client.healthcheck())
      await repo.checked(tenant.organizationId, nowIso())
      return { message: m.connectionOk }
    },

    /** PATCH: which of the organisation's directory addresses receives; one the directory does not list is refused. */
    async setReceivingAddress(tenant: Tenant, receivingAddress: string): Promise<EInvoicingConnectionDto> {
      if (tenant.membership.roleCode !== 'owner') throw forbidden(m.ownerOnly, 'OWNER_ONLY')
      const { row, client } = await connected(tenant)
      const addresses = await throughPlatform(() => addressesOf(tenant.organizationId, client))
      if (!addresses.some((a) => a.address === receivingAddress))
        throw fieldError('receivingAddress', m.receivingAddress)
      await repo.setReceivingAddress(tenant.organizationId, receivingAddress)
      return present({ ...row, receivingAddress }, addresses)
    },

    /** POST /e-invoicing/disconnection: the owner with a code; the webhook is deleted at the PA when it answers. */
    async disconnect(tenant: Tenant, code: string): Promise<{ message: string }> {
      await assertOwnerWithCode(tenant, code)
      const row = await repo.find(tenant.organizationId)
      if (!row) throw notConnected()
      await repo.remove(tenant.organizationId)
      addressesCache.delete(tenant.organizationId)
      await dropWebhook(settingsOfRow(row), row.webhookId)
      return { message: m.disconnected }
    },

    /** GET /e-invoicing/directory?siren=: a company unknown to the directory is not reachable, never a 404. */
    async lookup(tenant: Tenant, siren: string): Promise<DirectoryLookupDto> {
      const { client } = await connected(tenant)
      const lines = await throughPlatform(() => client.directoryLines(siren))
      // The name is a courtesy: the directory's answer about the lines is what counts.
      const name = await client.companyName(siren).catch(() => null)
      return { siren, name, reachable: lines.length > 0, addresses: lines.map(addressOf) }
    },

    /**
     * After a customer's save (features/sales/contacts): the directory's answer for its SIREN kept in contact_e_invoicing.
     * Never throws: a PA that does not answer must not fail the save; the sending asks again before each flow.
     */
    async refreshContact(organizationId: number, contactId: number): Promise<void> {
      try {
        await refreshContactDirectory(deps.db, platforms, organizationId, contactId, deps.clock())
      } catch (error) {
        deps.log(platformFailure(error), 'e-invoicing: customer directory lookup failed')
      }
    },
  }
  return service
}
export type EInvoicingConnectionService = ReturnType<typeof createEInvoicingConnectionService>
