import { addMinutes } from '../../../../lib/clock'
import type { Storage } from '../../../../lib/storage'
import {
  type FlowProfile,
  type FlowSyntax,
  type PlatformClient,
  PlatformError,
  type ProcessingRule,
} from '../platform/types'
import { sendingMessages as m } from './messages'
import { flowContentType, sha256Of, storeFlowFile } from './queue'
import type { FlowRow } from './repo'

/** Waits after the 1st, 2nd… attempt the PA did not take (down, busy, timeout); then every hour, never given up. */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60] as const
export const retryDelayMinutes = (attempts: number) => RETRY_DELAYS_MINUTES[attempts - 1] ?? 60

/** What a flow becomes before it is sent: its file made (invoice, Encaissée), or not sent at all. */
export type FilePlan =
  | { kind: 'skipped' }
  | { kind: 'invalid'; message: string }
  /** Not yet: what it speaks of has not reached the PA (an Encaissée before its invoice). */
  | { kind: 'later'; message: string }
  | { kind: 'ready'; fileName: string; content: Buffer }

export type AttemptOutcome =
  | { state: 'sent'; flowId: string | null; adopted: boolean }
  | { state: 'queued'; error: string; nextAttemptAt: string }
  | { state: 'failed'; error: string }
  | { state: 'skipped' }

const platformMessage = (error: unknown) =>
  error instanceof PlatformError ? error.userMessage : 'Ta plateforme agréée ne répond pas. Carnet réessaiera.'
const isRetryable = (error: unknown) => !(error instanceof PlatformError) || error.retryable

/**
 * One attempt at a claimed flow (its attempt already counted). Sending is idempotent: the file is made once and kept
 * (same bytes, same sha256 at every retry); before a retry, the PA is asked whether it already has the tracking id (a
 * timeout or a 5xx may hide a flow it took), and that flow is adopted instead of sending again; so is a flow the PA
 * says it already has (AlreadyExistingFlow).
 */
export async function attemptFlow(
  deps: {
    storage: Storage
    now: Date
    /** Makes the file of a flow queued without one (an invoice's Factur-X, an Encaissée). */
    plan: (flow: FlowRow, client: PlatformClient) => Promise<FilePlan>
    /** Keeps the file made before sending: a crash after it resends the very same bytes. */
    keepFile: (values: Pick<FlowRow, 'storageKey' | 'sha256' | 'fileName'>) => Promise<void>
  },
  flow: FlowRow,
  client: PlatformClient,
): Promise<AttemptOutcome> {
  try {
    let content: Buffer
    let { fileName, sha256, storageKey } = flow
    if (storageKey === null) {
      const plan = await deps.plan(flow, client)
      if (plan.kind === 'skipped') return { state: 'skipped' }
      if (plan.kind === 'invalid') return { state: 'failed', error: plan.message }
      if (plan.kind === 'later')
        return { state: 'queued', error: plan.message, nextAttemptAt: addMinutes(deps.now, 5).toISOString() }
      content = plan.content
      fileName = plan.fileName
      sha256 = sha256Of(content)
      storageKey = await storeFlowFile(deps.storage, flow.organizationId, flow.syntax as FlowSyntax, content)
      await deps.keepFile({ storageKey, sha256, fileName })
    } else {
      const stored = await deps.storage.get(storageKey)
      if (!stored) return { state: 'failed', error: m.fileMissing }
      content = stored.body
    }
    if (flow.attempts > 1) {
      const existing = await findByTrackingId(client, flow.trackingId)
      if (existing) return { state: 'sent', flowId: existing, adopted: true }
    }
    try {
      const submitted = await client.submitFlow(
        {
          trackingId: flow.trackingId,
          name: fileName,
          flowSyntax: flow.syntax as FlowSyntax,
          ...(flow.profile ? { flowProfile: flow.profile as FlowProfile } : {}),
          ...(flow.processingRule ? { processingRule: flow.processingRule as ProcessingRule } : {}),
          sha256,
        },
        { name: fileName, content, contentType: flowContentType(flow.syntax as FlowSyntax) },
      )
      return { state: 'sent', flowId: submitted.flowId, adopted: false }
    } catch (error) {
      if (!(error instanceof PlatformError) || error.code !== 'AlreadyExistingFlow') throw error
      return { state: 'sent', flowId: await findByTrackingId(client, flow.trackingId), adopted: true }
    }
  } catch (error) {
    if (!isRetryable(error)) return { state: 'failed', error: platformMessage(error) }
    const nextAttemptAt = addMinutes(deps.now, retryDelayMinutes(flow.attempts)).toISOString()
    return { state: 'queued', error: platformMessage(error), nextAttemptAt }
  }
}

/** The PA's id of the flow it has under this tracking id, if it has one. */
async function findByTrackingId(client: PlatformClient, trackingId: string): Promise<string | null> {
  const page = await client.searchFlows({ where: { trackingId }, limit: 10 })
  return page.results.find((found) => found.trackingId === trackingId)?.flowId ?? null
}
