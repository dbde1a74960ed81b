import { type EReportingTransmissionDto, type PeriodFigures, summaryOf } from '@app/domain'
import type { TransmissionRow } from './repo'

const DELIVERIES = ['queued', 'sent', 'failed'] as const
const ACKS = ['Pending', 'Ok', 'Error'] as const

/**
 * A transmission as the API answers it: the outbox's delivery (a flow refused for good is `failed`), the PA's
 * acknowledgement, and the reason in French of a failure or an acknowledgement in error (the outbox and the intake
 * write it in `last_error`). The summary is of the figures as sent, not as they are now.
 */
export function transmissionOf(row: TransmissionRow): EReportingTransmissionDto {
  const delivery = DELIVERIES.find((state) => state === row.flow.state) ?? 'failed'
  const ackStatus = ACKS.find((status) => status === row.flow.ackStatus) ?? null
  return {
    id: row.id,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    isCorrection: row.isCorrection,
    flowType: row.flow.flowType,
    fileName: row.flow.fileName,
    delivery,
    flowId: row.flow.flowId,
    ackStatus,
    messages: row.flow.lastError ? [row.flow.lastError] : [],
    summary: summaryOf(row.figures as PeriodFigures),
  }
}
