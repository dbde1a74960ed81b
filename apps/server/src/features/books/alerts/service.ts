import {
  type AlertDto,
  type AlertLevel,
  activityNatureOf,
  alertLevelRank,
  alertTypesFor,
  type CeilingAlert,
  ceilingAlert,
  comparedYear,
  comparisonPeriod,
  hasFeature,
  LEGAL_FORM_ALERT_LEVEL,
  type LegalFormComparison,
  legalFormComparison,
  legalFormTexts,
  messages,
  socialRegimeOf,
  todayInParis,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { forbidden, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import { type AlertRow, createAlertRepo } from './repo'
import { microContributions, realContributions } from './socialContributions'

/** A computed alert before it meets its row: a ceiling, or the legal-form comparison. */
type Computed = CeilingAlert | { type: 'LEGAL_FORM'; year: number; level: AlertLevel; comparison: LegalFormComparison }

const isLevel = (value: string | null): value is AlertLevel =>
  value === 'none' || value === 'approaching' || value === 'crossed' || value === 'toleranceExceeded'

/**
 * Checked when acknowledged at the alert's level or a graver one: an alert acknowledged while approaching pops up
 * again once crossed. An alert at level none has nothing to acknowledge.
 */
function isChecked(alert: Computed, row: AlertRow) {
  if (alert.level === 'none') return true
  return isLevel(row.checkedLevel) && alertLevelRank(row.checkedLevel) >= alertLevelRank(alert.level)
}

function present(alert: Computed, row: AlertRow): AlertDto {
  const common = { id: row.id, year: alert.year, level: alert.level, isChecked: isChecked(alert, row) }
  if (alert.type !== 'LEGAL_FORM') return { ...alert, ...common }
  return { ...common, type: 'LEGAL_FORM', ...legalFormTexts(alert.comparison), legalForm: alert.comparison }
}

/**
 * The dashboard's ceiling alerts (spec/account.md §2 "Alerts", §4 "Alerts"; API.md GET /alerts): the current calendar
 * year's (Paris), computed from the ledger and the thresholds table on each read; every ceiling the organisation
 * follows is returned with its level, "none" included, so that the dashboard can show where it stands. A premium
 * feature (the free formula gets 403).
 */
export function createAlertService(deps: {
  db: Db
  clock: Clock
  organizations: Pick<OrganizationService, 'access' | 'isTaxFree' | 'legalFormType'>
}) {
  const repo = createAlertRepo(deps.db)

  async function assertAllowed(tenant: Tenant) {
    if (!hasFeature(await deps.organizations.access(tenant.organizationId), 'alerts'))
      throw forbidden(messages.alerts.premiumRequired, 'PREMIUM_REQUIRED')
  }

  /**
   * The legal-form comparison of a sole trader (decision 0029), present only when the other regime saves more than
   * 500 € a year: the figures and who is compared are the domain's (alerts/legalForm.ts), the contributions URSSAF's
   * model's (socialContributions.ts).
   */
  async function legalForm(organizationId: number, today: string): Promise<Computed[]> {
    const profile = await repo.activityProfile(organizationId)
    const current = profile ? socialRegimeOf(profile.legalFormType) : null
    const nature = profile ? activityNatureOf(profile) : null
    if (!current || !nature) return []
    const year = Number(today.slice(0, 4))
    const period = comparisonPeriod(today)
    const [received, expenses, rows] = await Promise.all([
      repo.cashReceived(organizationId, Number(period.from.slice(0, 4)), period.to),
      repo.expenses(organizationId, period.from, period.to),
      repo.thresholds(),
    ])
    const figures = comparedYear({ current, period, received, expenses, thresholds: rows, year })
    if (!figures) return []
    const [micro, real] = await Promise.all([
      microContributions({ nature, goods: figures.goods, services: figures.services }, year),
      realContributions({ nature, turnover: figures.gains, expenses: figures.expenses }, year),
    ])
    const comparison = legalFormComparison({
      current,
      nature,
      period,
      gains: figures.gains,
      expenses: figures.expenses,
      microContributions: micro,
      realContributions: real,
    })
    return comparison ? [{ type: 'LEGAL_FORM', year, level: LEGAL_FORM_ALERT_LEVEL, comparison }] : []
  }

  async function computed(organizationId: number, year: number): Promise<Computed[]> {
    const [taxFree, legalFormType, received, rows] = await Promise.all([
      deps.organizations.isTaxFree(organizationId),
      deps.organizations.legalFormType(organizationId),
      repo.cashReceived(organizationId, year),
      repo.thresholds(),
    ])
    const ceilings = alertTypesFor({ legalFormType: legalFormType ?? '', taxFree }).flatMap(
      (type) => ceilingAlert(type, year, received, rows, { taxFree }) ?? [],
    )
    const today = todayInParis(deps.clock())
    // A past year's alert (acknowledged late) compares nothing: the comparison speaks of today.
    const comparison = Number(today.slice(0, 4)) === year ? await legalForm(organizationId, today) : []
    return [...ceilings, ...comparison]
  }

  return {
    async list(tenant: Tenant): Promise<AlertDto[]> {
      await assertAllowed(tenant)
      const year = Number(todayInParis(deps.clock()).slice(0, 4))
      const alerts = await computed(tenant.organizationId, year)
      const rows = await repo.ensure(
        tenant.organizationId,
        alerts.map((alert) => alert.type),
        year,
      )
      return alerts.flatMap((alert) => {
        const row = rows.find((candidate) => candidate.type === alert.type)
        return row ? [present(alert, row)] : []
      })
    },

    /** Acknowledges an alert at its level now (never below a level acknowledged before): it stops popping up. */
    async check(tenant: Tenant, id: number): Promise<AlertDto> {
      await assertAllowed(tenant)
      const row = await repo.find(tenant.organizationId, id)
      if (!row) throw notFound()
      const alert = (await computed(tenant.organizationId, row.year)).find((candidate) => candidate.type === row.type)
      // A ceiling the organisation no longer follows (its legal form changed) has nothing left to show.
      if (!alert) throw notFound()
      const kept = isLevel(row.checkedLevel) ? row.checkedLevel : 'none'
      const level = alertLevelRank(kept) > alertLevelRank(alert.level) ? kept : alert.level
      const checked = await repo.markChecked(tenant.organizationId, id, level)
      if (!checked) throw notFound()
      return present(alert, checked)
    },
  }
}

export type AlertService = ReturnType<typeof createAlertService>
