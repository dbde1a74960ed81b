import { z } from 'zod'
import type { EReportingState, EReportingSummaryDto } from '../../api/e-reporting'
import type { IsoDate } from '../../dates/calendar'
import { formatDateFr } from '../../dates/format'
import { messages } from '../../messages/index'
import { add, sum, toCents } from '../../money/arithmetic'
import { pagingFields, searchFields } from '../../schemas/lists'
import type { ReportingKind, ReportingPeriod } from './calendar'
import {
  type AggregatedPayment,
  type AggregatedTransaction,
  aggregatePayments,
  aggregateTransactions,
  type ReceivedPayment,
  type UnitaryPayment,
  type UnitaryTransaction,
  unitaryPayments,
  unitaryTransactions,
} from './figures'
import type { ReportableSale } from './scope'

/** What one period reports, of its kind (flux 10.1 + 10.3, or 10.2 + 10.4). */
export type PeriodFigures =
  | { kind: 'transactions'; aggregated: AggregatedTransaction[]; unitary: UnitaryTransaction[] }
  | { kind: 'payments'; aggregated: AggregatedPayment[]; unitary: UnitaryPayment[] }

/** The period's figures from the sales and payments the server read (they may reach outside the period). */
export function periodFigures(
  period: Pick<ReportingPeriod, 'kind' | 'start' | 'end'>,
  sales: readonly ReportableSale[],
  payments: readonly ReceivedPayment[],
): PeriodFigures {
  if (period.kind === 'transactions')
    return {
      kind: 'transactions',
      aggregated: aggregateTransactions(sales, period).lines,
      unitary: unitaryTransactions(sales, period).transactions,
    }
  return {
    kind: 'payments',
    aggregated: aggregatePayments(payments, period).lines,
    unitary: unitaryPayments(payments, period).payments,
  }
}

export const isEmptyFigures = (figures: PeriodFigures) =>
  figures.aggregated.length === 0 && figures.unitary.length === 0

/** The totals a period's row shows. */
export function summaryOf(figures: PeriodFigures): EReportingSummaryDto {
  if (figures.kind === 'transactions')
    return {
      aggregatedCount: figures.aggregated.reduce((count, line) => count + line.operations, 0),
      aggregatedAmount: toCents(sum(figures.aggregated.map((line) => line.taxExcluded))),
      aggregatedTax: toCents(sum(figures.aggregated.map((line) => line.tax))),
      unitaryCount: figures.unitary.length,
      unitaryAmount: toCents(sum(figures.unitary.map((sale) => sale.taxExcluded))),
    }
  return {
    aggregatedCount: new Set(figures.aggregated.map((line) => line.date)).size,
    aggregatedAmount: toCents(figures.aggregated.reduce((total, line) => add(total, line.amount), '0')),
    aggregatedTax: null,
    unitaryCount: figures.unitary.length,
    unitaryAmount: toCents(sum(figures.unitary.map((payment) => payment.amount))),
  }
}

export type ReportFlowType =
  | 'AggregatedCustomerTransactionReport'
  | 'UnitaryCustomerTransactionReport'
  | 'AggregatedCustomerPaymentReport'
  | 'UnitaryCustomerPaymentReport'
  | 'MultiFlowReport'

/** The XP Z12-013 flow type of a period's file: its one block's, or MultiFlowReport when it holds both. */
export function reportFlowType(figures: PeriodFigures): ReportFlowType | null {
  const aggregated = figures.aggregated.length > 0
  const unitary = figures.unitary.length > 0
  if (aggregated && unitary) return 'MultiFlowReport'
  const noun = figures.kind === 'transactions' ? 'Transaction' : 'Payment'
  if (aggregated) return `AggregatedCustomer${noun}Report`
  if (unitary) return `UnitaryCustomer${noun}Report`
  return null
}

/** What the period's last transmission became, as the state needs it. */
export type LastTransmission = {
  delivery: 'queued' | 'sent' | 'failed'
  ackStatus: 'Pending' | 'Ok' | 'Error' | null
  /** Whether it said what the figures say now (same fingerprint). */
  sameFigures: boolean
}

/**
 * Where a period stands for the user: still running, nothing to report, to send (late past its deadline), in
 * flight, transmitted and acknowledged, rejected, or changed since it was transmitted (a correction to send).
 */
export function periodState(input: {
  period: Pick<ReportingPeriod, 'end' | 'deadline'>
  today: IsoDate
  empty: boolean
  last: LastTransmission | null
}): EReportingState {
  const { period, today, empty, last } = input
  if (today <= period.end) return 'running'
  if (last) {
    if (last.delivery === 'queued') return 'sending'
    if (last.delivery === 'failed' || last.ackStatus === 'Error') return 'rejected'
    if (!last.sameFigures) return 'changed'
    return last.ackStatus === 'Ok' ? 'accepted' : 'sent'
  }
  if (empty) return 'nothingToReport'
  return today > period.deadline ? 'late' : 'toSend'
}

/** Whether « Transmettre » can be used in this state (the period ended and something is to say). */
export const canSendIn = (state: EReportingState) =>
  state === 'toSend' || state === 'late' || state === 'rejected' || state === 'changed'

export const E_REPORTING_STATE_LABELS: Record<EReportingState, string> = {
  running: 'Période en cours',
  nothingToReport: 'Rien à transmettre',
  toSend: 'À transmettre',
  late: 'En retard',
  sending: 'Envoi en cours',
  sent: 'Transmise, accusé attendu',
  accepted: 'Acceptée par la plateforme',
  rejected: 'Rejetée',
  changed: 'Modifiée depuis l’envoi',
}

export const eReportingMessages = {
  kind: 'Choisis le type de données : transactions ou paiements.',
  year: 'Indique une année entre 2026 et 2100.',
  periodUnknown: 'Cette période ne correspond pas au calendrier de ton régime de TVA.',
  regimeMissing: 'Indique ton régime de TVA dans Paramètres › Mon entreprise : il fixe le calendrier du e-reporting.',
  notEnded: 'La période n’est pas terminée : tu pourras transmettre ses données à partir du lendemain de sa fin.',
  nothingToSend: 'Rien à transmettre pour cette période : aucune vente ni aucun paiement concerné.',
  inFlight: 'Une transmission de cette période est déjà en cours d’envoi.',
  alreadyAccepted: 'Cette période a déjà été transmise avec ces chiffres.',
  kindLabel: (kind: ReportingKind) => (kind === 'transactions' ? 'transactions' : 'paiements'),
}

/**
 * The first day e-reporting covers: the reform starts on 1 September 2026 (large and mid-size companies; small ones
 * from 1 September 2027, who may report earlier through their PA). Periods before it are not offered.
 */
export const E_REPORTING_START = '2026-09-01'
export const E_REPORTING_FIRST_YEAR = 2026

/** GET /e-reporting/periods: one year's periods (this year by default), newest first, paged like every list. */
export const eReportingPeriodListQuerySchema = z.strictObject({
  ...pagingFields(),
  ...searchFields(),
  year: z.coerce
    .number({ error: eReportingMessages.year })
    .int({ error: eReportingMessages.year })
    .min(E_REPORTING_FIRST_YEAR, { error: eReportingMessages.year })
    .max(2100, { error: eReportingMessages.year })
    .optional(),
  'filter[kind]': z.enum(['transactions', 'payments'], { error: eReportingMessages.kind }).optional(),
})
export type EReportingPeriodListQuery = z.output<typeof eReportingPeriodListQuerySchema>

export const eReportingKindParamSchema = z.enum(['transactions', 'payments'], {
  error: messages.validation.choiceInvalid,
})

/** "du 01/11/2026 au 10/11/2026": a period as the notifications and the history say it. */
export const periodDatesFr = (period: Pick<ReportingPeriod, 'start' | 'end'>) =>
  `du ${formatDateFr(period.start)} au ${formatDateFr(period.end)}`

/** How many days before its deadline a period not transmitted is announced to the members. */
export const E_REPORTING_REMINDER_DAYS = 5
