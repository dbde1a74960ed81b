import {
  type AuditActorKind,
  type AuditCategory,
  type AuditEventDto,
  type AuditEventFilters,
  type AuditEventListQuery,
  auditCategoryOf,
} from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { type AuditEventRow, createAuditRepo } from './repo'

/** Who acted, as the caller knows it; the trail adds the names as they are at that moment. */
export type AuditActor =
  | { kind: 'jobs' }
  | { kind: 'anonymous'; email: string | null }
  | { kind: 'user'; userId: number; tokenId?: number | undefined; impersonatorId?: number | null | undefined }

/** One thing done, to be written to the trail. `category` defaults to the route's (domain auditCategoryOf). */
export type AuditEntry = {
  organizationId: number | null
  actor: AuditActor
  summary: string
  method: string
  route: string
  status: number
  targetId?: string | null
  ip?: string | null
  userAgent?: string | null
  category?: AuditCategory
}

const fullName = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`.trim()

export const auditEventDto = (row: AuditEventRow): AuditEventDto => ({
  id: row.id,
  occurredAt: row.occurredAt,
  actorKind: row.actorKind as AuditActorKind,
  userId: row.userId,
  actorName: row.actorName,
  actorEmail: row.actorEmail,
  tokenId: row.tokenId,
  tokenName: row.tokenName,
  impersonatorId: row.impersonatorId,
  impersonatorName: row.impersonatorName,
  ip: row.ip,
  userAgent: row.userAgent,
  category: row.category as AuditCategory,
  summary: row.summary,
  method: row.method,
  route: row.route,
  targetId: row.targetId,
  status: row.status,
  succeeded: row.succeeded,
})

/**
 * The audit trail (decision 0037): `record` for the request hook and for any feature that acts without a request
 * (the jobs), `recordIn` inside a caller's transaction, and the owner's reading.
 */
export function createAuditTrail(deps: { db: Db; clock: Clock }) {
  /** The row to insert: names and e-mail snapshotted now, so the line still reads after the account is gone. */
  async function rowOf(db: DbOrTx, entry: AuditEntry) {
    const repo = createAuditRepo(db)
    const { actor } = entry
    let who: {
      actorKind: AuditActorKind
      userId: number | null
      actorName: string | null
      actorEmail: string | null
      tokenId: number | null
      tokenName: string | null
      impersonatorId: number | null
      impersonatorName: string | null
    } = {
      actorKind: actor.kind === 'user' ? 'user' : actor.kind,
      userId: null,
      actorName: null,
      actorEmail: actor.kind === 'anonymous' ? actor.email : null,
      tokenId: null,
      tokenName: null,
      impersonatorId: null,
      impersonatorName: null,
    }
    if (actor.kind === 'user') {
      const user = await repo.user(actor.userId)
      const impersonator = actor.impersonatorId ? await repo.user(actor.impersonatorId) : null
      who = {
        actorKind: actor.impersonatorId ? 'support' : actor.tokenId ? 'token' : 'user',
        userId: actor.userId,
        actorName: user ? fullName(user) : null,
        actorEmail: user?.email ?? null,
        tokenId: actor.tokenId ?? null,
        tokenName: actor.tokenId ? await repo.tokenName(actor.tokenId) : null,
        impersonatorId: actor.impersonatorId ?? null,
        impersonatorName: impersonator ? fullName(impersonator) : null,
      }
    }
    return {
      organizationId: entry.organizationId,
      occurredAt: deps.clock().toISOString(),
      ...who,
      ip: entry.ip ?? null,
      userAgent: entry.userAgent?.slice(0, 500) ?? null,
      category: entry.category ?? auditCategoryOf(entry.method, entry.route),
      summary: entry.summary,
      method: entry.method,
      route: entry.route,
      targetId: entry.targetId ?? null,
      status: entry.status,
      succeeded: entry.status < 400,
    }
  }

  const trail = {
    /** Writes one event on its own. */
    async record(entry: AuditEntry): Promise<void> {
      await createAuditRepo(deps.db).insert(await rowOf(deps.db, entry))
    },

    /**
     * Writes one event inside the caller's transaction (a savepoint): it commits with what it describes, and a failure
     * to write it rolls back only itself, never the work (told to `onError`).
     */
    async recordIn(tx: DbOrTx, entry: AuditEntry, onError: (error: unknown) => void): Promise<void> {
      try {
        await tx.transaction(async (savepoint) => createAuditRepo(savepoint).insert(await rowOf(savepoint, entry)))
      } catch (error) {
        onError(error)
      }
    },

    /** The organisation a user's action goes under when no tenant route named one: their current one. */
    async currentOrganizationOf(userId: number): Promise<number | null> {
      return (await createAuditRepo(deps.db).user(userId))?.currentOrganizationId ?? null
    },

    userByEmail: (email: string) => createAuditRepo(deps.db).userByEmail(email),
    organizationName: (organizationId: number) => createAuditRepo(deps.db).organizationName(organizationId),

    async list(organizationId: number, query: AuditEventListQuery) {
      const { rows, total } = await createAuditRepo(deps.db).list(organizationId, query, query)
      return { data: rows.map(auditEventDto), meta: { total, page: query.page, pageSize: query.pageSize } }
    },

    /** Every event the filters keep, newest first, read a page at a time. */
    async *events(organizationId: number, filters: AuditEventFilters, pageSize = 2000): AsyncIterable<AuditEventDto> {
      const repo = createAuditRepo(deps.db)
      let last: { id: number } | null = null
      for (;;) {
        const rows = await repo.chunk(organizationId, filters, last, pageSize)
        for (const row of rows) yield auditEventDto(row)
        if (rows.length < pageSize) return
        last = rows[rows.length - 1] ?? null
      }
    },
  }
  return trail
}
export type AuditTrail = ReturnType<typeof createAuditTrail>
