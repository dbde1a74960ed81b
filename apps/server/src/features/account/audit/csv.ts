import {
  AUDIT_CATEGORY_LABELS,
  type AuditEventDto,
  type AuditEventFilters,
  auditActorLabel,
  auditMessages,
  PARIS_TIME_ZONE,
} from '@app/domain'
import Papa from 'papaparse'
import type { Clock } from '../../../lib/clock'
import { fileSlug, parisTimestamp } from '../../../lib/file-names'
import type { AuditTrail } from './service'

const LINE_END = '\r\n'
/** Without it Excel reads the file as Windows-1252 and the accents break. */
const BOM = '\uFEFF'

/** Like the accounting CSV: semicolons, quoted when needed, a spreadsheet formula defused (user agents come from outside). */
const csvRows = (rows: readonly (readonly (string | number | null)[])[]): string =>
  Papa.unparse(rows as unknown[][], { delimiter: ';', newline: LINE_END, escapeFormulae: true }) + LINE_END

let parisFormat: Intl.DateTimeFormat | undefined

/** 2026-11-24T09:30:05Z → ["24/11/2026", "10:30:05"]: the day and time as a clock in France shows them. */
export function parisDateAndTime(instant: string): [string, string] {
  parisFormat ??= new Intl.DateTimeFormat('fr-FR', {
    timeZone: PARIS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
  const parts = parisFormat.formatToParts(new Date(instant))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? ''
  return [`${part('day')}/${part('month')}/${part('year')}`, `${part('hour')}:${part('minute')}:${part('second')}`]
}

export const auditCsvLine = (event: AuditEventDto) => [
  ...parisDateAndTime(event.occurredAt),
  auditActorLabel(event),
  event.actorEmail ?? '',
  event.tokenName ?? (event.tokenId === null ? '' : String(event.tokenId)),
  event.ip ?? '',
  event.userAgent ?? '',
  AUDIT_CATEGORY_LABELS[event.category],
  event.summary,
  event.method,
  event.route,
  event.targetId ?? '',
  event.status,
  event.succeeded ? auditMessages.success : auditMessages.failure,
]

/** The audit trail as a spreadsheet opens it: the filters of the page, newest first, written while it is read. */
export function createAuditCsvExport(deps: { audit: AuditTrail; clock: Clock }) {
  return async (organizationId: number, filters: AuditEventFilters) => {
    const name = await deps.audit.organizationName(organizationId)
    async function* lines(): AsyncIterable<string> {
      yield BOM + csvRows([auditMessages.csvColumns])
      let batch: (string | number)[][] = []
      for await (const event of deps.audit.events(organizationId, filters)) {
        batch.push(auditCsvLine(event))
        if (batch.length === 500) {
          yield csvRows(batch)
          batch = []
        }
      }
      if (batch.length > 0) yield csvRows(batch)
    }
    return { fileName: `${fileSlug(name)}-journal-audit-${parisTimestamp(deps.clock())}.csv`, lines: lines() }
  }
}
