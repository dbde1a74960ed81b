import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { CookieSettings } from '../../../lib/auth-context'
import { AppError } from '../../../lib/errors'
import type { SessionService } from '../sessions/service'
import type { AuditActor, AuditTrail } from './service'

const PREFIX = '/api/v1'
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Refusals worth keeping on the sign-in routes: a wrong password or code, a forbidden step, a limit reached. */
const AUTH_REFUSALS = new Set([401, 403, 429])
/**
 * The sign-in routes that take a code, where a 422 the service gave is a wrong code (second factor, reset, unlock): a
 * refusal too. A body the schema refused (a malformed request) is not an attempt and is not recorded.
 */
const CODE_ROUTES = /^\/auth\/(login\/two-factor|password\/verify|unlock)/

/** Writes by method that change nothing: a search, a preview, a notification marked read, the operator's run. */
const NOT_ACTIONS = [/^\/search$/, /\/preview$/, /^\/rules\/preview$/, /^\/notifications\/:id\/read$/, /^\/operator\//]
/**
 * The reads that take data out, recorded like writes (decision 0037): the FEC, the accounting CSV, the audit trail's
 * own CSV, the cash journal's archive. A PDF download is not an export.
 */
const EXPORTS = [/^\/exports\//, /^\/audit-events\/export/, /^\/cash[\w-]*\/(.*\/)?archive/]

declare module 'fastify' {
  interface FastifyRequest {
    /** The user's current organisation before the handler ran (an account route may clear it: closing the account). */
    auditOrganizationId?: number | null
    /** The answer is an error a service gave (a wrong code), not a body the schema refused. */
    auditRefusal?: boolean
  }
  interface FastifyInstance {
    /** The audit trail, for features that act outside a request (the jobs) and for tests. */
    audit: AuditTrail & { settled(): Promise<void> }
  }
}

type Decision = { path: string; failure: boolean } | null

/** Whether a finished request goes to the trail, by its method, route pattern and status. */
function decide(request: FastifyRequest, status: number): Decision {
  const pattern = request.routeOptions.url
  if (!pattern?.startsWith(`${PREFIX}/`)) return null
  const path = pattern.slice(PREFIX.length)
  if (
    path.startsWith('/auth/') &&
    (AUTH_REFUSALS.has(status) || (status === 422 && request.auditRefusal === true && CODE_ROUTES.test(path)))
  )
    return { path, failure: true }
  if (status >= 400) return null
  if (WRITES.has(request.method)) return NOT_ACTIONS.some((skip) => skip.test(path)) ? null : { path, failure: false }
  if (request.method === 'GET' && EXPORTS.some((read) => read.test(path))) return { path, failure: false }
  return null
}

/** The address a sign-in route was given: `username` on /auth/login, `email` elsewhere. Never anything else. */
function emailTried(request: FastifyRequest): string | null {
  const body = request.body as Record<string, unknown> | null | undefined
  const value = body && typeof body === 'object' ? (body.username ?? body.email) : undefined
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 320) : null
}

/** The session a sign-in route just opened, from the cookie its answer sets (the second factor's step names no one). */
function sessionSet(reply: FastifyReply, cookieName: string): string | null {
  const header = reply.getHeader('set-cookie')
  for (const cookie of [header ?? []].flat()) {
    const [pair = ''] = String(cookie).split(';')
    const at = pair.indexOf('=')
    if (pair.slice(0, at).trim() === cookieName && pair.length > at + 1) return pair.slice(at + 1)
  }
  return null
}

/** The id a route acts on: `:id`, or else its first parameter (never a public token: those routes are not recorded). */
function targetOf(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>
  const value = params.id ?? Object.values(params)[0]
  return value === undefined || value === null ? null : String(value).slice(0, 100)
}

/**
 * The audit trail's recording (decision 0037): once the answer is sent, every successful write of the API, the
 * refusals of the sign-in routes and the exports become one event each. A failure to record is logged, never the
 * request's failure.
 */
export function registerAuditHook(
  app: FastifyInstance,
  audit: AuditTrail,
  signIn?: { sessions: Pick<SessionService, 'fromCookie'>; cookie: CookieSettings },
) {
  const pending = new Set<Promise<void>>()
  app.decorate('audit', {
    ...audit,
    /** Resolves when the events of the requests already answered are written (tests, shutdown). */
    settled: async () => {
      await Promise.allSettled([...pending])
    },
  })
  app.decorateRequest('auditOrganizationId', undefined)
  app.decorateRequest('auditRefusal', false)
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof AppError) request.auditRefusal = true
  })

  app.addHook('preHandler', async (request) => {
    if (!request.auth || !WRITES.has(request.method) || !request.routeOptions.url?.startsWith(`${PREFIX}/me/`)) return
    try {
      request.auditOrganizationId = await audit.currentOrganizationOf(request.auth.userId)
    } catch (error) {
      request.log.warn({ err: error }, 'audit trail: current organisation unknown')
    }
  })

  async function write(request: FastifyRequest, reply: FastifyReply, decision: NonNullable<Decision>) {
    let actor: AuditActor
    if (request.auth) {
      actor = {
        kind: 'user',
        userId: request.auth.userId,
        tokenId: request.auth.tokenId,
        impersonatorId: request.auth.impersonatorId,
      }
    } else {
      // Signing in, up or back: no session before; the one the answer opened, or else the address given, says who.
      const onAuth = decision.path.startsWith('/auth/')
      const opened = onAuth && signIn ? sessionSet(reply, signIn.cookie.name) : null
      const session = opened ? await signIn?.sessions.fromCookie(opened) : null
      const email = onAuth ? emailTried(request) : null
      const userId = session?.userId ?? (email ? await audit.userByEmail(email) : null)
      actor = userId ? { kind: 'user', userId } : { kind: 'anonymous', email }
    }
    const organizationId =
      request.tenantOrganizationId ??
      request.auditOrganizationId ??
      (actor.kind === 'user' ? await audit.currentOrganizationOf(actor.userId) : null)
    const summary = (request.routeOptions.schema as { summary?: string } | undefined)?.summary
    await audit.record({
      organizationId,
      actor,
      summary: summary ?? `${request.method} ${decision.path}`,
      method: request.method,
      route: decision.path,
      status: reply.statusCode,
      targetId: targetOf(request),
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    })
  }

  app.addHook('onResponse', async (request, reply) => {
    const decision = decide(request, reply.statusCode)
    if (!decision) return
    const job = write(request, reply, decision).catch((error) =>
      app.log.warn({ err: error, route: decision.path }, 'audit trail: event not recorded'),
    )
    pending.add(job)
    void job.finally(() => pending.delete(job))
    await job
  })
  // A server that stops waits for the events of the answers it gave.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending])
  })
}
