import { createHash, randomBytes } from 'node:crypto'
import type { DbOrTx } from '../../../../db/client'
import type { Storage } from '../../../../lib/storage'
import type { FlowProfile, FlowSyntax, FlowType, ProcessingRule } from '../platform/types'
import { createOutgoingFlowRepo, type FlowRow } from './repo'

/** What a part of Carnet hands to the outbox to send to the PA (a CDAR status, an e-reporting file…). */
export type QueuedFlowInput = {
  organizationId: number
  flowType: FlowType
  syntax: FlowSyntax
  /** The file's name as the PA will see it (≤ 255 characters), e.g. "cdar-212-F-2026-0001.xml". */
  fileName: string
  content: Buffer
  invoiceId?: number | null
  receiptId?: number | null
  profile?: FlowProfile | null
  processingRule?: ProcessingRule | null
  /**
   * A stable id (≤ 64 characters) when the caller may queue the same thing twice (a retried request): the second
   * call answers the first flow. Left out, a fresh one is made.
   */
  trackingId?: string
}

export const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex')

const contentTypeOf = (syntax: FlowSyntax) => (syntax === 'Factur-X' ? 'application/pdf' : 'application/xml')
const extensionOf = (syntax: FlowSyntax) => (syntax === 'Factur-X' ? 'pdf' : 'xml')

/** Keeps a flow's file under `org-<id>/e-invoices/<random>.<ext>`; read back at each attempt. */
export async function storeFlowFile(storage: Storage, organizationId: number, syntax: FlowSyntax, content: Buffer) {
  const storageKey = `org-${organizationId}/e-invoices/${randomBytes(16).toString('hex')}.${extensionOf(syntax)}`
  await storage.put(storageKey, content, contentTypeOf(syntax))
  return storageKey
}

export { contentTypeOf as flowContentType }

/**
 * Queues an outgoing flow inside the caller's transaction (the outbox pattern: it is sent only if that transaction
 * commits, and the worker sends it even after a crash). The file is stored first: a rolled-back transaction leaves an
 * unreferenced file, never a flow without its file. Answers the flow (the existing one when the tracking id was taken).
 */
export async function queueFlow(storage: Storage, tx: DbOrTx, input: QueuedFlowInput): Promise<FlowRow> {
  const trackingId = input.trackingId ?? `carnet-${input.organizationId}-${randomBytes(12).toString('hex')}`
  const repo = createOutgoingFlowRepo(tx)
  if (input.trackingId) {
    const existing = await repo.byTrackingId(input.organizationId, trackingId)
    if (existing) return existing
  }
  const storageKey = await storeFlowFile(storage, input.organizationId, input.syntax, input.content)
  const { flow, created } = await repo.insertQueued({
    organizationId: input.organizationId,
    flowType: input.flowType,
    syntax: input.syntax,
    profile: input.profile ?? null,
    processingRule: input.processingRule ?? null,
    fileName: input.fileName,
    storageKey,
    sha256: sha256Of(input.content),
    trackingId,
    invoiceId: input.invoiceId ?? null,
    receiptId: input.receiptId ?? null,
  })
  if (!created) await storage.delete(storageKey)
  return flow
}
