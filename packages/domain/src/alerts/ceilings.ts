import { alertMessages } from '../messages/alerts'
import { add, compare, divide, isPositive, multiply, roundTo, toCents } from '../money/arithmetic'
import { formatEuro } from '../money/format'

/**
 * The ceiling alerts of the dashboard (spec/account.md §2 "Alerts", §3 "Alert"): the VAT franchise en base and the
 * micro-enterprise ceiling, compared with the cash received (HT) in a calendar year, goods and services apart, from
 * the dated rows of the `thresholds` table (a new row changes the figures without code).
 *
 * The rule of a mixed activity (CGI art. 293 B and 50-0): the goods ceiling applies to the whole turnover, the
 * services ceiling to its services part. So the "commerce" side is always the total against the goods ceiling (the
 * goods turnover itself when there are no services), and the "service" side the services against theirs.
 */

/** The ceilings (VAT franchise, micro-enterprise) and the legal-form comparison (./legalForm.ts). */
export const ALERT_TYPES = ['VAT', 'MICRO', 'LEGAL_FORM'] as const
export type AlertType = (typeof ALERT_TYPES)[number]
export const CEILING_ALERT_TYPES = ['VAT', 'MICRO'] as const
export type CeilingAlertType = (typeof CEILING_ALERT_TYPES)[number]

/** AC commerce (sales, accommodation), SERV services, AM mixed. */
export const CEILING_ACTIVITIES = ['AC', 'SERV', 'AM'] as const
export type CeilingActivity = (typeof CEILING_ACTIVITIES)[number]

/** In order of gravity: approaching from 80 % of the limit, crossed above it, tolerance exceeded above the tolerance. */
export const ALERT_LEVELS = ['none', 'approaching', 'crossed', 'toleranceExceeded'] as const
export type AlertLevel = (typeof ALERT_LEVELS)[number]

export const alertLevelRank = (level: AlertLevel) => ALERT_LEVELS.indexOf(level)

/** A row of the thresholds table, as stored. */
export type ThresholdRow = {
  kind: string
  activityCode: string
  amount: string
  validFrom: string
  validTo: string | null
}

/** Money received (HT) in the calendar year, decimal strings. */
export type CashReceived = { goods: string; services: string }

export type CeilingSide = {
  /** Of the limit, rounded to the unit ("83" for 82.67 %). */
  percentage: string
  /** Two decimals, as every amount of the API ("31000.00"). */
  current: string
  limit: string
  /** The current-year tolerance (seuil majoré) where a row gives one, else null. */
  tolerance: string | null
  level: AlertLevel
}

export type CeilingAlert = {
  type: CeilingAlertType
  year: number
  activity: CeilingActivity
  level: AlertLevel
  commerce: CeilingSide
  service: CeilingSide
  title: string
  description: string
}

const APPROACHING_SHARE = '0.8'

const KINDS: Record<CeilingAlertType, { limit: string; tolerance: string | null }> = {
  VAT: { limit: 'vat_franchise_base', tolerance: 'vat_franchise_tolerance' },
  MICRO: { limit: 'micro_ceiling', tolerance: null },
}

/**
 * The row of a kind and activity that applies to a calendar year: among the rows in force on some day of the year,
 * the latest to start (a row that begins during the year replaces the one before for that year).
 */
export function thresholdFor(rows: readonly ThresholdRow[], kind: string, activityCode: string, year: number) {
  const first = `${year}-01-01`
  const last = `${year}-12-31`
  const inForce = rows.filter(
    (row) =>
      row.kind === kind &&
      row.activityCode === activityCode &&
      row.validFrom <= last &&
      (row.validTo === null || row.validTo >= first),
  )
  return inForce.sort((a, b) => (a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : 0))[0] ?? null
}

export function activityOf(received: CashReceived): CeilingActivity {
  const goods = isPositive(received.goods)
  const services = isPositive(received.services)
  if (goods && services) return 'AM'
  return goods ? 'AC' : 'SERV'
}

function levelOf(current: string, limit: string, tolerance: string | null): AlertLevel {
  if (tolerance !== null && compare(current, tolerance) > 0) return 'toleranceExceeded'
  if (compare(current, limit) > 0) return 'crossed'
  if (compare(current, multiply(limit, APPROACHING_SHARE)) >= 0) return 'approaching'
  return 'none'
}

function sideOf(current: string, limit: string, tolerance: string | null): CeilingSide {
  return {
    current: toCents(current),
    limit: toCents(limit),
    percentage: roundTo(multiply(divide(current, limit), '100'), 0),
    tolerance: tolerance === null ? null : toCents(tolerance),
    level: levelOf(current, limit, tolerance),
  }
}

const euros = (amount: string) => formatEuro(amount, { decimals: 0 })

/**
 * One ceiling's alert for a year, or null when the thresholds table has no row for that year (nothing to compare
 * with). `taxFree`: the organisation is in franchise en base, for whom crossing the VAT threshold means charging VAT.
 */
export function ceilingAlert(
  type: CeilingAlertType,
  year: number,
  received: CashReceived,
  rows: readonly ThresholdRow[],
  options: { taxFree: boolean },
): CeilingAlert | null {
  const kinds = KINDS[type]
  const limitOf = (activityCode: string) => thresholdFor(rows, kinds.limit, activityCode, year)?.amount ?? null
  const toleranceOf = (activityCode: string) =>
    kinds.tolerance ? (thresholdFor(rows, kinds.tolerance, activityCode, year)?.amount ?? null) : null
  const goodsLimit = limitOf('AC')
  const servicesLimit = limitOf('SERV')
  if (goodsLimit === null || servicesLimit === null) return null

  const activity = activityOf(received)
  const commerce = sideOf(add(received.goods, received.services), goodsLimit, toleranceOf('AC'))
  const service = sideOf(received.services, servicesLimit, toleranceOf('SERV'))
  // The side that says the most: the graver level, then the larger share of its limit.
  const applicable = activity === 'AC' ? [commerce] : activity === 'SERV' ? [service] : [commerce, service]
  const driver = applicable.reduce((worst, side) => {
    const byLevel = alertLevelRank(side.level) - alertLevelRank(worst.level)
    if (byLevel !== 0) return byLevel > 0 ? side : worst
    return compare(side.percentage, worst.percentage) > 0 ? side : worst
  })
  const level = driver.level
  const m = alertMessages.alerts
  const limit = euros(driver.limit)
  const tolerance = driver.tolerance ? euros(driver.tolerance) : limit
  const description =
    type === 'MICRO'
      ? m.microDescription[level](year, limit)
      : options.taxFree
        ? m.vatFranchise[level](year, limit, tolerance)
        : m.vatPayer[level](year, limit)
  return {
    type,
    year,
    activity,
    level,
    commerce,
    service,
    title: type === 'MICRO' ? m.micro[level] : m.vat[level],
    description,
  }
}

/**
 * Which ceilings an organisation follows. The VAT franchise: everyone (spec/account.md §2 shows it to organisations
 * that charge VAT; a tax-free one needs it most, crossing it means charging VAT). The micro-enterprise ceiling: where
 * the spec shows it (an organisation that is not tax-free), and to every micro-entrepreneur (legal form type ME), the
 * one it binds, tax-free or not.
 */
export function alertTypesFor(organization: { legalFormType: string; taxFree: boolean }): CeilingAlertType[] {
  return organization.legalFormType === 'ME' || !organization.taxFree ? ['VAT', 'MICRO'] : ['VAT']
}
