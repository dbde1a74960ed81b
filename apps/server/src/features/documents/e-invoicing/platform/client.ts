import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../../db/client'
import { eInvoicingConnections } from '../../../../db/schema/index'
import type { SecretBox } from '../../../../lib/secrets'
import { bytesOf, exchange, failureOf, jsonOf, type PlatformRequest } from './http'
import { createTokenCache, type TokenCache } from './token'
import type { FlowInfo, PlatformClient } from './types'
import {
  activeLinesOf,
  asSubmitted,
  directorySearchSchema,
  flowOf,
  flowSchema,
  legalUnitSchema,
  pageOf,
  searchPageSchema,
  submittedFlowSchema,
  webhookSchema,
} from './wire'

/** What a client of one PA needs: its two services, its token address, the credentials, the Organization-Id. */
export type PlatformSettings = {
  flowUrl: string
  directoryUrl: string
  tokenUrl: string
  clientId: string
  clientSecret: string
  platformOrganizationId: string | null
}

export type PlatformTimeouts = {
  /** A call with a small answer (token, search, directory, webhook). */
  callMs: number
  /** Sending or downloading a file (up to 100 MB by the spec). */
  transferMs: number
}
const DEFAULT_TIMEOUTS: PlatformTimeouts = { callMs: 20_000, transferMs: 120_000 }

/** The directory answers at most this many lines of one SIREN in one page: far beyond any company's addresses. */
const DIRECTORY_PAGE = 100

type Call = Omit<PlatformRequest, 'headers' | 'timeoutMs'> & { timeoutMs?: number }

/**
 * A client of one PA speaking AFNOR XP Z12-013 v1.3.0: a bearer token on every call (one retry with a new token when
 * the PA answers 401), a Request-Id to correlate its logs with ours, and Organization-Id when the PA serves several
 * companies through one client. The credentials stay in here: errors carry a status, a code and a French message.
 */
export function createPlatformClient(
  settings: PlatformSettings,
  tokens: TokenCache,
  timeouts: PlatformTimeouts = DEFAULT_TIMEOUTS,
): PlatformClient {
  async function send(url: string, call: Call, token: string): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'request-id': randomUUID() }
    if (settings.platformOrganizationId) headers['organization-id'] = settings.platformOrganizationId
    return exchange(url, { ...call, headers, timeoutMs: call.timeoutMs ?? timeouts.callMs })
  }

  /** The PA's answer; a 401 once is a token it no longer takes (revoked, expired early): one new token, one retry. */
  async function call(url: string, request: Call, accepted: number[] = []): Promise<Response> {
    let response = await send(url, request, await tokens.get(settings))
    if (response.status === 401) {
      await response.body?.cancel()
      response = await send(url, request, await tokens.get(settings, true))
    }
    if (response.ok || accepted.includes(response.status)) return response
    throw await failureOf(response)
  }

  const flow = (path: string) => `${settings.flowUrl}${path}`
  const directory = (path: string) => `${settings.directoryUrl}${path}`

  return {
    async healthcheck() {
      for (const url of [flow('/v1/healthcheck'), directory('/v1/healthcheck')])
        await (await call(url, { method: 'GET' })).body?.cancel()
    },

    async submitFlow(info: FlowInfo, file) {
      const form = new FormData()
      form.append('flowInfo', new Blob([JSON.stringify(info)], { type: 'application/json' }))
      form.append('file', new Blob([new Uint8Array(file.content)], { type: file.contentType }), file.name)
      const response = await call(flow('/v1/flows'), {
        method: 'POST',
        multipart: form,
        timeoutMs: timeouts.transferMs,
      })
      return asSubmitted(await jsonOf(response, submittedFlowSchema), info)
    },

    async searchFlows(search) {
      const response = await call(flow('/v1/flows/search'), { method: 'POST', json: search })
      return pageOf(await jsonOf(response, searchPageSchema))
    },

    async getFlow(flowId) {
      const url = flow(`/v1/flows/${encodeURIComponent(flowId)}?docType=Metadata`)
      return flowOf(await jsonOf(await call(url, { method: 'GET' }), flowSchema))
    },

    async downloadFlow(flowId, docType) {
      const url = flow(`/v1/flows/${encodeURIComponent(flowId)}?docType=${docType}`)
      return bytesOf(await call(url, { method: 'GET', timeoutMs: timeouts.transferMs }))
    },

    async createWebhook({ callbackUrl, flowDirection }) {
      const json = { callbackUrl, ...(flowDirection ? { flowDirection } : {}) }
      const answer = await jsonOf(await call(flow('/v1/webhooks'), { method: 'POST', json }), webhookSchema)
      return { id: answer.webhookId, key: answer.signingKey }
    },

    async deleteWebhook(id) {
      // Already gone at the PA: what we wanted.
      const response = await call(flow(`/v1/webhooks/${encodeURIComponent(id)}`), { method: 'DELETE' }, [404])
      await response.body?.cancel()
    },

    async directoryLines(siren) {
      const json = { filters: { siren: { op: 'strict', value: siren } }, limit: DIRECTORY_PAGE, ignore: 0 }
      const response = await call(directory('/v1/directory-line/search'), { method: 'POST', json }, [404])
      if (response.status === 404) {
        await response.body?.cancel()
        return []
      }
      return activeLinesOf(await jsonOf(response, directorySearchSchema), siren)
    },

    async companyName(siren) {
      const url = directory(`/v1/siren/code-insee:${encodeURIComponent(siren)}`)
      const response = await call(url, { method: 'GET' }, [404])
      if (response.status === 404) {
        await response.body?.cancel()
        return null
      }
      return (await jsonOf(response, legalUnitSchema)).businessName?.trim() || null
    },
  }
}

/**
 * The PA clients of every organisation, made from their connection rows (e_invoicing_connections, the secret opened
 * with SECRET_KEY). One token cache for the process: a token serves every call of its connection until it expires.
 */
export function createPlatformClients(deps: { db: DbOrTx; secrets: SecretBox; timeouts?: PlatformTimeouts }) {
  const timeouts = deps.timeouts ?? DEFAULT_TIMEOUTS
  const tokens = createTokenCache({ timeoutMs: timeouts.callMs })

  /** The settings saved for an organisation, the secret opened; null when it is not connected. */
  async function settingsOf(organizationId: number): Promise<PlatformSettings | null> {
    const [row] = await deps.db
      .select()
      .from(eInvoicingConnections)
      .where(eq(eInvoicingConnections.organizationId, organizationId))
    if (!row) return null
    return {
      flowUrl: row.flowUrl,
      directoryUrl: row.directoryUrl,
      tokenUrl: row.tokenUrl,
      clientId: row.clientId,
      clientSecret: deps.secrets.open(row.clientSecretSealed),
      platformOrganizationId: row.platformOrganizationId,
    }
  }

  const forSettings = (settings: PlatformSettings): PlatformClient => createPlatformClient(settings, tokens, timeouts)

  return {
    settingsOf,
    forSettings,
    /** The organisation's PA client; null when the organisation is not connected. */
    async forOrganization(organizationId: number): Promise<PlatformClient | null> {
      const settings = await settingsOf(organizationId)
      return settings ? forSettings(settings) : null
    },
    /** Settings changed or removed: their token is dropped. */
    forget: (settings: PlatformSettings) => tokens.forget(settings),
  }
}
export type PlatformClients = ReturnType<typeof createPlatformClients>
