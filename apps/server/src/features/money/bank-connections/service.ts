import { randomBytes } from 'node:crypto'
import {
  type BankCallbackQuery,
  type BankConnectBody,
  type BankConnectionDto,
  type BankConnectionListQuery,
  type BankProviderDto,
  type BankSyncResultDto,
  bankConnectionExpiry,
  messages,
  needsRenewal,
  pageOffset,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { AppError, conflict, fieldError, notFound } from '../../../lib/errors'
import type { SecretBox } from '../../../lib/secrets'
import type { Tenant } from '../../../lib/tenant'
import type { UserService } from '../../account/users/service'
import type { Books } from '../../books/ledger/books'
import type { NotificationService } from '../../platform/notifications/service'
import type { JournalService } from '../journals/service'
import { linkOf, presentConnection, storedLink } from './presenter'
import type { BankProviders } from './providers/index'
import { ProviderError } from './providers/types'
import { type BankConnectionRow, createBankConnectionRepo } from './repo'
import { createSynchroniser } from './sync'

const m = messages.bankConnections

/** A connection whose user has not come back from the provider's page by then is forgotten. */
const PENDING_TTL_MS = 86_400_000

/** Why the return from a provider did not connect: the settings page says it in French (messages.bankConnections). */
export type CallbackFailure = 'UNKNOWN_STATE' | 'CANCELLED' | 'REFUSED' | 'UNAVAILABLE'
export type CallbackOutcome = { connectionId: number } | { failure: CallbackFailure; provider: string | null }

/**
 * Bank connections (spec/money.md §3 Bridge item and direct-bank connection, §4, §7 "Journals and connections"): the
 * providers this server is configured for, a connection started on the provider's page and completed on its return,
 * its journals, manual syncs, the active switch, deletion (the journals stay, unlinked, with their transactions), and
 * the 90-day renewal. Any member may manage them (spec/money.md §6). Every query is scoped to the organisation.
 *
 * A manual sync runs inline rather than as a job: the person waits for its outcome (new lines, the bank's status for
 * the error modal), it reads only what changed since the last sync, and nothing is written before every page is read.
 */
export function createBankConnectionService(deps: {
  db: Db
  books: Books
  clock: Clock
  /** The connections' tokens are kept encrypted (lib/secrets.ts). */
  secrets: SecretBox
  providers: BankProviders
  journals: JournalService
  users: UserService
  appUrl: string
  /** Lost synchronisations, thresholds and negative balances (decision 0027). */
  notifications?: Pick<NotificationService, 'balancesBefore' | 'bankLinesAdded' | 'synchroLost'>
}) {
  const repo = createBankConnectionRepo(deps.db)
  const synchronise = createSynchroniser(deps)
  const callbackUrl = `${deps.appUrl}/api/v1/bank-connections/callback`

  const present = async (tenant: Tenant, rows: BankConnectionRow[]) => {
    const journals = await repo.journalsOf(
      tenant.organizationId,
      rows.map((row) => row.id),
    )
    const now = deps.clock()
    return rows.map((row) => presentConnection(row, journals, now, deps.providers))
  }

  const load = async (tenant: Tenant, id: number) => {
    const row = await repo.find(tenant.organizationId, id)
    if (!row) throw notFound()
    return row
  }

  const presentOne = async (tenant: Tenant, id: number): Promise<BankConnectionDto> =>
    (await present(tenant, [await load(tenant, id)]))[0] as BankConnectionDto

  return {
    /** The providers offered: none configured, and the screens offer a statement import instead. */
    providers(): BankProviderDto[] {
      return Object.values(deps.providers).map((provider) => ({
        provider: provider.code,
        name: provider.name,
        kind: provider.kind,
      }))
    },

    async list(tenant: Tenant, query: BankConnectionListQuery) {
      const { rows, total } = await repo.list(tenant.organizationId, {
        limit: query.pageSize,
        offset: pageOffset(query),
        search: query.search || undefined,
      })
      return { data: await present(tenant, rows), meta: { total, page: query.page, pageSize: query.pageSize } }
    },

    /**
     * The provider's page for a new connection, or to renew or repair one (`bankConnectionId`). The state sent along
     * is kept with the connection, to recognise the user when the provider sends them back.
     */
    async connect(tenant: Tenant, body: BankConnectBody): Promise<{ url: string }> {
      const provider = deps.providers[body.provider]
      if (!provider) throw fieldError('provider', m.providerNotConfigured)
      const existing = body.bankConnectionId ? await load(tenant, body.bankConnectionId) : null
      if (existing && existing.provider !== body.provider) throw fieldError('provider', m.providerInvalid)
      await repo.deleteStalePending(tenant.organizationId, new Date(deps.clock().getTime() - PENDING_TTL_MS))
      const state = randomBytes(24).toString('base64url')
      const user = await deps.users.getById(tenant.userId)
      let answer: Awaited<ReturnType<typeof provider.connectUrl>>
      try {
        answer = await provider.connectUrl({
          state,
          callbackUrl,
          userEmail: user.email,
          organizationId: tenant.organizationId,
          link: existing ? linkOf(existing, deps.secrets) : null,
        })
      } catch (error) {
        if (error instanceof ProviderError) throw new AppError(502, 'BANK_PROVIDER_UNAVAILABLE', m.providerUnavailable)
        throw error
      }
      if (existing)
        await repo.update(tenant.organizationId, existing.id, {
          pendingState: state,
          externalUserId: answer.externalUserId ?? existing.externalUserId,
        })
      else
        await repo.insertPending(tenant.organizationId, {
          provider: provider.code,
          pendingState: state,
          externalUserId: answer.externalUserId,
        })
      return { url: answer.url }
    },

    /**
     * The user is back from the provider's page: the connection is completed (or renewed: 90 more days), its accounts
     * become bank journals and a first sync brings their transactions. A failed first sync leaves the connection made:
     * the next sync catches up.
     */
    async complete(tenant: Tenant, query: BankCallbackQuery): Promise<CallbackOutcome> {
      const state = query.context || query.state
      const row = state ? await repo.findByState(tenant.organizationId, state) : undefined
      if (!row) return { failure: 'UNKNOWN_STATE', provider: null }
      const provider = deps.providers[row.provider as keyof BankProviders]
      const isNew = row.externalId === null
      const forget = () =>
        isNew
          ? repo.delete(tenant.organizationId, row.id)
          : repo.update(tenant.organizationId, row.id, { pendingState: null })
      if (!provider) {
        await forget()
        return { failure: 'UNAVAILABLE', provider: row.provider }
      }
      let completed: Awaited<ReturnType<typeof provider.complete>>
      try {
        completed = await provider.complete(query, { callbackUrl, link: linkOf(row, deps.secrets) })
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error
        await forget()
        const failure = error.kind === 'cancelled' ? 'CANCELLED' : error.kind === 'refused' ? 'REFUSED' : 'UNAVAILABLE'
        return { failure, provider: row.provider }
      }
      const now = deps.clock()
      const values = {
        ...storedLink(completed, deps.secrets),
        externalId: completed.externalId,
        bankName: completed.bankName ?? row.bankName,
        pendingState: null,
        isActive: true,
        statusCode: 0,
        statusCodeInfo: null,
        statusCodeDescription: null,
        expiresAt: bankConnectionExpiry(now).toISOString(),
        expiryNotifiedAt: null,
      }
      // The same bank login connected a second time: the first connection is renewed, no second one is made.
      const twin = await repo.findSameExternal(tenant.organizationId, row.provider, completed.externalId, row.id)
      const targetId = twin?.id ?? row.id
      if (twin) await forget()
      await repo.update(tenant.organizationId, targetId, values)
      try {
        await synchronise(tenant, await load(tenant, targetId))
      } catch (error) {
        if (!(error instanceof AppError)) throw error
      }
      return { connectionId: targetId }
    },

    async sync(tenant: Tenant, id: number): Promise<BankSyncResultDto> {
      const row = await load(tenant, id)
      if (!row.isActive) throw conflict(m.inactive, 'BANK_CONNECTION_INACTIVE')
      if (needsRenewal(row.expiresAt, deps.clock())) throw conflict(m.expired, 'BANK_CONNECTION_EXPIRED')
      const outcome = await synchronise(tenant, row)
      return { ...outcome, connection: await presentOne(tenant, id) }
    },

    /** Archived ↔ active: an archived connection is not synced; its journals stay as they are. */
    async toggle(tenant: Tenant, id: number): Promise<BankConnectionDto> {
      const row = await load(tenant, id)
      await repo.update(tenant.organizationId, id, { isActive: !row.isActive })
      return presentOne(tenant, id)
    },

    /** The journals keep their transactions and are unlinked; the provider is told to forget the connection. */
    async remove(tenant: Tenant, id: number) {
      const row = await load(tenant, id)
      try {
        await deps.providers[row.provider as keyof BankProviders]?.revoke(linkOf(row, deps.secrets))
      } catch (error) {
        // The person asked for the connection to go: a provider out of reach keeps its side until it lapses.
        if (!(error instanceof ProviderError)) throw error
      }
      await deps.db.transaction(async (tx) => {
        const writer = createBankConnectionRepo(tx)
        await writer.unlinkJournals(tenant.organizationId, id)
        await writer.delete(tenant.organizationId, id)
      })
    },
  }
}

export type BankConnectionService = ReturnType<typeof createBankConnectionService>
