import {
  E_REPORTING_REMINDER_DAYS,
  E_REPORTING_START,
  formatDateFr,
  type IsoDate,
  eReportingMessages as m,
  periodDatesFr,
  taxRegimeCodeOf,
  upcomingDeadlines,
} from '@app/domain'
import type { EInvoicingDeps } from '../deps'
import { createIntakeRepo } from '../intake/repo'
import { createEReportingRepo } from './repo'
import type { EReporting } from './service'

/** The states whose deadline is worth a word: something is to send, or to send again. */
const TO_ANNOUNCE = new Set(['toSend', 'rejected', 'changed'])

/**
 * The jobs loop's step for e-reporting deadlines: for each organisation linked to a PA, the periods ended whose
 * deadline comes within E_REPORTING_REMINDER_DAYS and that still have data to transmit are announced to the members,
 * once per period (e_reporting_reminders, safe from several processes). Answers how many were announced.
 */
export function createEReportingReminders(deps: EInvoicingDeps & { reporting: EReporting }) {
  return {
    async runDue(until: IsoDate): Promise<number> {
      let told = 0
      for (const organizationId of await createIntakeRepo(deps.db).connectedOrganizations()) {
        try {
          told += await remindOrganization(organizationId, until)
        } catch (error) {
          deps.log(error, `e-reporting: deadlines of organisation ${organizationId} failed`)
        }
      }
      return told
    },
  }

  async function remindOrganization(organizationId: number, until: IsoDate) {
    const repo = createEReportingRepo(deps.db)
    const issuer = await repo.issuer(organizationId)
    const regime = issuer ? taxRegimeCodeOf(issuer.taxRegimeId) : null
    if (!regime) return 0
    const due = upcomingDeadlines(regime, until, E_REPORTING_REMINDER_DAYS).filter(
      (period) => period.end < until && period.start >= E_REPORTING_START,
    )
    let told = 0
    for (const entry of await deps.reporting.periodsWithFigures(organizationId, due)) {
      if (!TO_ANNOUNCE.has(entry.state)) continue
      const { period } = entry
      if (!(await repo.markReminded(organizationId, period.kind, period.start, deps.clock().toISOString()))) continue
      await deps.notifications.eReportingDeadline(organizationId, {
        what: m.kindLabel(period.kind),
        dates: periodDatesFr(period),
        deadline: formatDateFr(period.deadline),
      })
      told++
    }
    return told
  }
}
export type EReportingReminders = ReturnType<typeof createEReportingReminders>
