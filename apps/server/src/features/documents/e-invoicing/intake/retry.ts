import {
  INCOMING_FLOW_KIND_LABELS,
  INCOMING_FLOW_RETRY_MINUTES,
  type IncomingFlowDto,
  type IncomingFlowListQuery,
  pageOffset,
} from '@app/domain'
import { addMinutes, type Clock } from '../../../../lib/clock'
import type { PlatformClient } from '../platform/types'
import { createIntakeRepo, type IncomingFlowRow } from './repo'
import type { FlowTaking } from './take'

const kindOf = (flowType: string) => (flowType === 'SupplierInvoice' ? 'supplierInvoice' : 'status')

export function incomingFlowOf(row: IncomingFlowRow): IncomingFlowDto {
  const kind = kindOf(row.flowType)
  return {
    id: row.id,
    flowId: row.flowId ?? '',
    kind,
    kindLabel: INCOMING_FLOW_KIND_LABELS[kind],
    syntax: row.syntax,
    fileName: row.fileName,
    state: row.state === 'failed' ? 'failed' : 'processed',
    lastError: row.lastError,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt,
    receiptId: row.receiptId,
    receivedAt: row.createdAt,
  }
}

/**
 * Failed incoming flows tried again (issue 33): by the polling when their next try has come (after 5 min, 30 min,
 * 2 h, 6 h, 24 h), and by hand. The failed row is taken out and the flow taken again as if it had just arrived, so the
 * same code reads it; failing again records it with one more attempt. A try that cannot start (the PA down) puts the
 * row back as it was.
 */
export function createIncomingRetry(deps: { db: IncomingDb; clock: Clock; taking: FlowTaking }) {
  async function retry(organizationId: number, client: PlatformClient, row: IncomingFlowRow) {
    const repo = createIntakeRepo(deps.db)
    const taken = await repo.takeFailed(organizationId, row.id)
    if (!taken?.flowId) return null
    try {
      const flow = await client.getFlow(taken.flowId)
      await deps.taking.take(organizationId, client, flow)
    } catch (error) {
      await repo.restoreFailed(taken)
      throw error
    }
    const after = await repo.flow(organizationId, taken.flowId)
    if (after?.state === 'failed') {
      const attempts = taken.attempts + 1
      const wait = INCOMING_FLOW_RETRY_MINUTES[attempts - 1]
      const nextAttemptAt = wait === undefined ? null : addMinutes(deps.clock(), wait).toISOString()
      await repo.updateFlow(organizationId, after.id, { attempts, nextAttemptAt })
      return repo.flow(organizationId, taken.flowId)
    }
    return after
  }

  return {
    retry,

    /** The organisation's failed flows whose next try has come; answers how many were used this time. */
    async retryDue(organizationId: number, client: PlatformClient) {
      const repo = createIntakeRepo(deps.db)
      let processed = 0
      for (const { id } of await repo.failedDue(organizationId, deps.clock().toISOString())) {
        const row = await repo.incomingFlow(organizationId, id)
        if (!row) continue
        const after = await retry(organizationId, client, row)
        if (after?.state === 'processed') processed++
      }
      return processed
    },

    async list(organizationId: number, query: IncomingFlowListQuery) {
      const { rows, total } = await createIntakeRepo(deps.db).incomingFlows(
        organizationId,
        { state: query['filter[state]'], search: query.search || undefined },
        { limit: query.pageSize, offset: pageOffset(query) },
      )
      return { data: rows.map(incomingFlowOf), meta: { total, page: query.page, pageSize: query.pageSize } }
    },
  }
}
export type IncomingRetry = ReturnType<typeof createIncomingRetry>
type IncomingDb = Parameters<typeof createIntakeRepo>[0]
