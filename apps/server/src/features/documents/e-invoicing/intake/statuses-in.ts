import {
  canMoveTo,
  isLifecycleStatusCode,
  LIFECYCLE_REASONS,
  type LifecycleEventSource,
  type LifecycleStatusCode,
  lifecycleStatusLabel,
} from '@app/domain'
import type { DbOrTx } from '../../../../db/client'
import { ACTIVITY_CODES, recordActivity } from '../../../../lib/activity-log'
import type { CdarMessage } from '../cdar/types'
import type { StatusIssuer } from './issuer'
import { createIntakeRepo, type StatusRow } from './repo'

/** The statuses that ask the seller to act (a credit note, a corrected invoice): the members are told. */
const NOTIFIED: readonly number[] = [207, 210, 213]

/** What to tell the members once the transaction has committed. */
export type StatusNotice = {
  invoice: { id: number; reference: string | null }
  label: string
  from: string | null
  reason: string | null
}

/** The statuses only platforms issue (the transmission phase of the code list). */
const TRANSMISSION: readonly number[] = [200, 201, 202, 203, 213, 221]

/**
 * Who said it: the buyer (BY), the seller itself (SE, e.g. Encaissée echoed back); a status of the processing phase
 * relayed by a platform (WK) without naming its issuer is the buyer's; the transmission statuses are the platforms'.
 */
export const sourceOf = (role: string, status: number): LifecycleEventSource =>
  role === 'BY' ? 'buyer' : role === 'SE' ? 'seller' : TRANSMISSION.includes(status) ? 'platform' : 'buyer'

/** The status that stands for the document now: the last one that moved it. */
export function currentStatus(rows: StatusRow[]): LifecycleStatusCode | null {
  const applied = rows.filter((row) => row.applied)
  const last = applied[applied.length - 1]
  return last && isLifecycleStatusCode(last.code) ? last.code : null
}

/** The same status, said again (another flow carrying it, a PA sending it twice): kept once. */
const sameAs = (row: StatusRow, message: CdarMessage, source: LifecycleEventSource) =>
  row.code === message.status && row.source === source && (row.reasonCode ?? null) === (message.reasonCode ?? null)

/**
 * Writes the statuses a received CDAR carries about the organisation's own invoices (it is their seller: the SIREN
 * checked), in the caller's transaction with the flow's row. A status goes forward only as the code list allows
 * (canMoveTo): one that would go back, or comes after a final one, is kept in the history but not applied. Messages
 * about an invoice Carnet does not know are left out; the answer says how many were applied and what to notify.
 */
export async function applyInvoiceStatuses(
  tx: DbOrTx,
  input: {
    organizationId: number
    ourSiren: string
    flowRowId: number
    messages: CdarMessage[]
    /** The CDAR's issuer when it names one (a PA relaying the buyer's status sends it as itself). */
    issuer: StatusIssuer | null
    now: string
  },
): Promise<{ recorded: number; unknown: string[]; notices: StatusNotice[] }> {
  const repo = createIntakeRepo(tx)
  const notices: StatusNotice[] = []
  const unknown: string[] = []
  let recorded = 0
  for (const message of input.messages) {
    if (message.invoice.sellerSiren.replace(/\s+/g, '') !== input.ourSiren) {
      unknown.push(message.invoice.reference)
      continue
    }
    const invoice = await repo.invoiceByReference(input.organizationId, message.invoice.reference)
    if (!invoice) {
      unknown.push(message.invoice.reference)
      continue
    }
    const role = input.issuer?.role ?? message.sender.role
    const source = sourceOf(role, message.status)
    // The buyer by the name it gave, else the invoice's customer (a platform relaying names itself as the sender).
    const party =
      (input.issuer?.role === 'BY' ? input.issuer.name : null) ||
      (message.sender.role === 'BY' ? message.sender.name : null) ||
      (source === 'buyer' ? invoice.customerName : null)
    const history = await repo.statuses(input.organizationId, { invoiceId: invoice.id })
    if (history.some((row) => sameAs(row, message, source))) continue
    const to = message.status
    const applied = isLifecycleStatusCode(to) && canMoveTo(currentStatus(history), to)
    await repo.insertStatus({
      organizationId: input.organizationId,
      invoiceId: invoice.id,
      flowId: input.flowRowId,
      code: to,
      source,
      reasonCode: message.reasonCode ?? null,
      message: message.reasonText?.slice(0, 1000) ?? null,
      actionCode: message.actionCode ?? null,
      applied,
      occurredAt: message.statusAt,
    })
    recorded++
    await recordActivity(
      tx,
      {
        organizationId: input.organizationId,
        subjectType: 'invoice',
        subjectId: invoice.id,
        code: ACTIVITY_CODES.invoiceEInvoiceStatus,
        userId: null,
        payload: {
          code: to,
          source,
          party: party || null,
          reason: message.reasonCode ?? null,
          action: message.actionCode ?? null,
          message: message.reasonText ?? null,
          applied,
        },
      },
      input.now,
    )
    if (applied && NOTIFIED.includes(to)) {
      const reason = message.reasonCode
        ? ((LIFECYCLE_REASONS as Record<string, string>)[message.reasonCode] ?? message.reasonCode)
        : (message.reasonText ?? null)
      notices.push({
        invoice: { id: invoice.id, reference: invoice.reference },
        label: lifecycleStatusLabel(to),
        from: source === 'buyer' ? party || null : null,
        reason,
      })
    }
  }
  return { recorded, unknown, notices }
}
