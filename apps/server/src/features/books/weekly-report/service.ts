import {
  addDays,
  hasFeature,
  isoWeekday,
  messages,
  PARIS_TIME_ZONE,
  type TransactionListQuery,
  todayInParis,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { Tenant } from '../../../lib/tenant'
import { platformTenant } from '../../account/organizations/platform-tenant'
import type { OrganizationService } from '../../account/organizations/service'
import type { JobQueue, JobRow } from '../../platform/jobs/queue'
import type { MailService } from '../../platform/mail/service'
import { preferencesOf } from '../../platform/notifications/bank-events'
import { findOrganizationName, findRecipient, hasReportJob, lockReport, membersDue } from './repo'

/** The job that e-mails one member's report of one organisation for one week. */
export const WEEKLY_REPORT_JOB = 'report.weekly'

const w = messages.weeklyReport

const parisHour = (now: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: PARIS_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(now))

type Payload = { userId: number; week: string; uncategorized: boolean; withoutReceipt: boolean }

/**
 * The weekly report of notification preferences (spec/account.md §3 report: day, hour, transactionsUncategorized,
 * transactionsWithoutReceipt). Each run of the jobs loop looks for the members whose day is today (Paris) and whose
 * hour has come, in organisations with notifications (never the free formula), and enqueues one job per member,
 * organisation and week — the week's Monday in the payload, checked under an advisory lock, so that a run every minute
 * and several processes make one — whose handler counts the bank lines and e-mails the member.
 */
export function createWeeklyReports(deps: {
  db: Db
  mail: MailService
  organizations: OrganizationService
  /** What the report counts of the bank lines (made by the money wing, wired in app.ts). */
  transactions: {
    countToCategorize(tenant: Tenant): Promise<{ count: number }>
    list(tenant: Tenant, query: TransactionListQuery): Promise<{ meta: { total: number } }>
  }
  jobs: JobQueue
  appUrl: string
}) {
  async function due(now: Date) {
    const today = todayInParis(now)
    const weekday = isoWeekday(today)
    const rows = await membersDue(deps.db, weekday, parisHour(now))
    return { rows, week: addDays(today, 1 - weekday) }
  }

  return {
    /** Enqueues the reports whose time has come; returns how many were enqueued. */
    async runDue(now: Date): Promise<number> {
      const { rows, week } = await due(now)
      let enqueued = 0
      for (const row of rows) {
        const { report } = preferencesOf(row.preferences?.notifications)
        if (!report.transactionsUncategorized && !report.transactionsWithoutReceipt) continue
        if (!hasFeature(await deps.organizations.access(row.organizationId), 'notifications')) continue
        const payload: Payload = {
          userId: row.userId,
          week,
          uncategorized: report.transactionsUncategorized,
          withoutReceipt: report.transactionsWithoutReceipt,
        }
        const made = await deps.db.transaction(async (tx) => {
          await lockReport(tx, `${WEEKLY_REPORT_JOB}:${row.organizationId}:${row.userId}:${week}`)
          if (await hasReportJob(tx, WEEKLY_REPORT_JOB, row.organizationId, { userId: row.userId, week })) return false
          await deps.jobs.enqueue(tx, { organizationId: row.organizationId, kind: WEEKLY_REPORT_JOB, payload })
          return true
        })
        if (made) enqueued++
      }
      return enqueued
    },

    /** The job: the counts as they are now, e-mailed to the member (a member who left gets nothing). */
    async handle(job: JobRow) {
      const payload = job.payload as Payload
      const organizationId = job.organizationId
      if (organizationId === null) return
      const membership = await deps.organizations.membership(payload.userId, organizationId).catch(() => null)
      if (!membership) return
      const tenant = await platformTenant(deps.organizations, organizationId, payload.userId)
      const user = await findRecipient(deps.db, payload.userId)
      const organization = await findOrganizationName(deps.db, organizationId)
      if (!user || !organization) return
      const lines: string[] = []
      if (payload.uncategorized) lines.push(w.uncategorized((await deps.transactions.countToCategorize(tenant)).count))
      if (payload.withoutReceipt) {
        const query: TransactionListQuery = {
          page: 1,
          pageSize: 1,
          'filter[toJustify]': true,
          'filter[journalTypeCode]': ['BQ'],
        } as TransactionListQuery
        lines.push(w.withoutReceipt((await deps.transactions.list(tenant, query)).meta.total))
      }
      const name = organization.brandName || organization.name
      await deps.mail.send({
        to: user.email,
        subject: w.subject(name),
        text: w.body({
          firstname: user.firstname,
          organization: name,
          lines,
          url: `${deps.appUrl}/app/financial/bank`,
        }),
      })
    },
  }
}

export type WeeklyReports = ReturnType<typeof createWeeklyReports>
