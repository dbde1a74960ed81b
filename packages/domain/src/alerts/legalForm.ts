import { daysBetween, isLeapYear } from '../dates'
import { alertMessages } from '../messages/alerts'
import { add, compare, divide, isNegative, isPositive, multiply, roundTo, subtract, toCents } from '../money/arithmetic'
import { formatEuro } from '../money/format'
import { type AlertLevel, type CashReceived, type ThresholdRow, thresholdFor } from './ceilings'

/**
 * The legal-form comparison of the dashboard (spec/account.md §3 "Alert", "Legal-form data"; §4 "shown only when the
 * yearly saving exceeds 500"): what a sole trader would pay in social contributions in the other regime, micro or
 * réel, on the year's figures. The contributions themselves come from URSSAF's own model (the server's
 * features/books/alerts/socialContributions.ts); this file decides who is compared, on which figures, and says it.
 */

/** Shown only above this yearly saving, in euros (spec/account.md §4). */
export const LEGAL_FORM_SAVING_THRESHOLD = '500'

/** The comparison's level: shown only when it says something, it pops up once, like a ceiling crossed. */
export const LEGAL_FORM_ALERT_LEVEL: AlertLevel = 'crossed'

/** Before this many days of the year, the current year says too little: the comparison reads last year's. */
export const LEGAL_FORM_MIN_DAYS = 90

/** The nature of the activity, as URSSAF's model asks for it: it sets the micro rate and the réel's contributions. */
export const ACTIVITY_NATURES = ['commerciale', 'artisanale', 'libérale'] as const
export type ActivityNature = (typeof ACTIVITY_NATURES)[number]

/** micro: micro-entrepreneur (social micro regime); real: sole trader taxed on the result (réel). */
export const SOCIAL_REGIMES = ['micro', 'real'] as const
export type SocialRegime = (typeof SOCIAL_REGIMES)[number]

/**
 * Liberal professions' sectors (NAF sections): specialised, scientific and technical activities (M), information and
 * communication (J), teaching (P), health (Q), arts (R). Construction (F), manufacturing (C) and other services (S:
 * repairs, hairdressing…) are crafts; the rest is trade. Agriculture (A) has its own regime (BA): no comparison.
 */
const LIBERAL_SECTORS = new Set(['M', 'J', 'P', 'Q', 'R'])
const CRAFT_SECTORS = new Set(['C', 'F', 'S'])

export function activityNatureOf(organization: { legalFormCode: string; sectorCode: string | null }) {
  if (organization.legalFormCode === 'PL') return 'libérale'
  if (organization.sectorCode === 'A') return null
  if (organization.sectorCode && LIBERAL_SECTORS.has(organization.sectorCode)) return 'libérale'
  if (organization.sectorCode && CRAFT_SECTORS.has(organization.sectorCode)) return 'artisanale'
  return 'commerciale'
}

/**
 * The regime a sole trader is in and the one it is compared with: a micro-entrepreneur (legal form type ME) with the
 * réel; a sole trader (EI, EIRL, PL) with the micro regime. Companies (SO) pay neither: nothing to compare.
 */
export function socialRegimeOf(legalFormType: string): SocialRegime | null {
  if (legalFormType === 'ME') return 'micro'
  if (legalFormType === 'EI' || legalFormType === 'PL') return 'real'
  return null
}

/** The figures compared: a whole past year, or the current year projected from its first days (at least 90). */
export type ComparisonPeriod = { from: string; to: string; projected: boolean }

export function comparisonPeriod(today: string): ComparisonPeriod {
  const year = Number(today.slice(0, 4))
  const elapsed = daysBetween(`${year}-01-01`, today) + 1
  if (elapsed < LEGAL_FORM_MIN_DAYS) return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31`, projected: false }
  return { from: `${year}-01-01`, to: today, projected: true }
}

/** An amount of the period brought to a whole year: by days elapsed for the current year, as it is for a past one. */
export function toWholeYear(amount: string, period: ComparisonPeriod): string {
  if (!period.projected) return toCents(amount)
  const year = Number(period.from.slice(0, 4))
  const days = daysBetween(period.from, period.to) + 1
  return toCents(divide(multiply(amount, isLeapYear(year) ? '366' : '365'), String(days)))
}

/** The year's figures, whole-year, and each regime's social contributions on them (decimal strings, in euros). */
export type LegalFormFigures = {
  current: SocialRegime
  nature: ActivityNature
  period: ComparisonPeriod
  /** Turnover received, HT. */
  gains: string
  /** The year's charges, without the trader's own contributions and income tax. */
  expenses: string
  microContributions: string
  realContributions: string
}

export type LegalFormComparison = {
  current: SocialRegime
  suggested: SocialRegime
  nature: ActivityNature
  period: ComparisonPeriod
  gains: string
  expenses: string
  resultBeforeTaxes: string
  micro: { urssafTotal: string }
  real: { taxes: string }
  /** The yearly saving of the suggested regime, in whole euros. */
  difference: string
}

/** Null unless the other regime saves more than 500 € a year (spec/account.md §4). */
export function legalFormComparison(figures: LegalFormFigures): LegalFormComparison | null {
  const suggested: SocialRegime = figures.current === 'micro' ? 'real' : 'micro'
  const micro = roundTo(figures.microContributions, 0)
  const real = roundTo(figures.realContributions, 0)
  const difference = figures.current === 'micro' ? subtract(micro, real) : subtract(real, micro)
  if (!isPositive(figures.gains) || compare(difference, LEGAL_FORM_SAVING_THRESHOLD) <= 0) return null
  return {
    current: figures.current,
    suggested,
    nature: figures.nature,
    period: figures.period,
    gains: toCents(figures.gains),
    expenses: toCents(figures.expenses),
    resultBeforeTaxes: toCents(subtract(figures.gains, figures.expenses)),
    micro: { urssafTotal: toCents(micro) },
    real: { taxes: toCents(real) },
    difference: toCents(difference),
  }
}

const euros = (amount: string) => formatEuro(amount, { decimals: 0 })

/** The alert's title and description, in the tone of the ceilings'. */
export function legalFormTexts(comparison: LegalFormComparison) {
  const m = alertMessages.alerts.legalForm
  const basis = comparison.period.projected
    ? m.projected(euros(comparison.gains), euros(comparison.expenses))
    : m.pastYear(Number(comparison.period.from.slice(0, 4)), euros(comparison.gains), euros(comparison.expenses))
  const costs =
    comparison.suggested === 'real'
      ? m.towardsReal(euros(comparison.real.taxes), euros(comparison.micro.urssafTotal))
      : m.towardsMicro(euros(comparison.micro.urssafTotal), euros(comparison.real.taxes))
  return {
    title: m.title[comparison.suggested](euros(comparison.difference)),
    description: `${basis} ${costs} ${m.caveat}`,
  }
}

/**
 * Whether a whole year's turnover stays under the micro-enterprise ceilings, so that the micro regime is open to a
 * sole trader at the réel: the whole turnover under the goods ceiling, the services under theirs (a mixed activity's
 * rule, as the ceiling alerts read it). Without a row for the year, nothing can be said: not open.
 */
export function underMicroCeilings(goods: string, services: string, rows: readonly ThresholdRow[], year: number) {
  const goodsLimit = thresholdFor(rows, 'micro_ceiling', 'AC', year)?.amount
  const servicesLimit = thresholdFor(rows, 'micro_ceiling', 'SERV', year)?.amount
  if (goodsLimit === undefined || servicesLimit === undefined) return false
  return compare(add(goods, services), goodsLimit) <= 0 && compare(services, servicesLimit) <= 0
}

/**
 * The whole-year figures a comparison rests on, from what the period's books hold: the turnover received (goods and
 * services) and the charges, brought to twelve months. Null when there is nothing to compare: no turnover, or a sole
 * trader at the réel whose turnover is above the micro ceilings (the micro regime is not open to it). Refunds above
 * the charges (a credit balance of class 6) are no income of the activity: the charges are then nil.
 */
export function comparedYear(input: {
  current: SocialRegime
  period: ComparisonPeriod
  received: CashReceived
  expenses: string
  thresholds: readonly ThresholdRow[]
  year: number
}) {
  const goods = toWholeYear(input.received.goods, input.period)
  const services = toWholeYear(input.received.services, input.period)
  const gains = toCents(add(goods, services))
  if (!isPositive(gains) || isNegative(goods) || isNegative(services)) return null
  if (input.current === 'real' && !underMicroCeilings(goods, services, input.thresholds, input.year)) return null
  const expenses = isNegative(input.expenses) ? '0.00' : toWholeYear(input.expenses, input.period)
  return { goods, services, gains, expenses }
}
