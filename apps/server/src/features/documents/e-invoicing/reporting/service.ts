import { createHash } from 'node:crypto'
import {
  canSendIn,
  E_REPORTING_START,
  E_REPORTING_STATE_LABELS,
  type EReportingKind,
  type EReportingPeriodDetailDto,
  type EReportingPeriodDto,
  type EReportingPeriodListQuery,
  type EReportingTransmissionDto,
  eInvoicingMessages,
  isEmptyFigures,
  eReportingMessages as m,
  type PeriodFigures,
  periodFigures,
  periodOf,
  periodState,
  type ReportingPeriod,
  reportFlowType,
  reportingPeriods,
  searchedPageOfList,
  summaryOf,
  type TaxRegimeCode,
  taxRegimeCodeOf,
  todayInParis,
} from '@app/domain'
import { conflict, notFound } from '../../../../lib/errors'
import { actorId, type Tenant } from '../../../../lib/tenant'
import type { EInvoicingDeps } from '../deps'
import { isConnected } from '../sending/hooks'
import type { EInvoiceOutbox } from '../sending/outbox'
import { buildFrr, frrFileName } from './frr'
import { createEReportingRepo, type TransmissionRow } from './repo'
import { createReportingSources, type ReportingSources } from './sources'
import { transmissionOf } from './transmission'

const fingerprint = (figures: PeriodFigures) => createHash('sha256').update(JSON.stringify(figures)).digest('hex')

const maxDate = (a: string, b: string) => (a > b ? a : b)

/**
 * E-reporting (flux 10, decision 0044): the periods of the organisation's VAT regime from the reform's start, their
 * figures computed from the books' documents and payments at each reading (never stored until sent), and their
 * transmissions through the outbox to the PA, kept with the PA's acknowledgement.
 */
export function createEReporting(deps: EInvoicingDeps & { outbox: EInvoiceOutbox }) {
  const { db } = deps
  const sources = createReportingSources(db)

  async function regimeOf(organizationId: number): Promise<TaxRegimeCode> {
    const issuer = await createEReportingRepo(db).issuer(organizationId)
    const regime = issuer ? taxRegimeCodeOf(issuer.taxRegimeId) : null
    if (!regime) throw conflict(m.regimeMissing, 'TAX_REGIME_MISSING')
    return regime
  }

  /** One reading of the sources and transmissions for every period given. */
  async function periodsWithFigures(organizationId: number, periods: readonly ReportingPeriod[]) {
    if (periods.length === 0) return []
    const from = periods.reduce((min, period) => (period.start < min ? period.start : min), periods[0]?.start ?? '')
    const to = periods.reduce((max, period) => maxDate(max, period.end), '')
    const read: ReportingSources = await sources.read(organizationId, { from, to })
    const transmissions = await createEReportingRepo(db).transmissions(organizationId, { from, to })
    const today = todayInParis(deps.clock())
    return periods.map((period) => {
      const figures = periodFigures(period, read.sales, read.payments)
      const own = transmissions.filter((row) => row.kind === period.kind && row.periodStart === period.start)
      return { period, figures, transmissions: own, ...stateOf(period, figures, own.at(-1) ?? null, today) }
    })
  }

  function stateOf(period: ReportingPeriod, figures: PeriodFigures, last: TransmissionRow | null, today: string) {
    const lastView = last ? transmissionOf(last) : null
    const state = periodState({
      period,
      today,
      empty: isEmptyFigures(figures),
      last: lastView
        ? {
            delivery: lastView.delivery,
            ackStatus: lastView.ackStatus,
            sameFigures: last?.figuresSha256 === fingerprint(figures),
          }
        : null,
    })
    return { state, lastTransmission: lastView }
  }

  function periodDto(entry: Awaited<ReturnType<typeof periodsWithFigures>>[number]): EReportingPeriodDto {
    const { period, figures, state, lastTransmission } = entry
    return {
      kind: period.kind,
      start: period.start,
      end: period.end,
      deadline: period.deadline,
      state,
      stateLabel: E_REPORTING_STATE_LABELS[state],
      summary: summaryOf(figures),
      lastTransmission,
    }
  }

  /** The period of this kind that starts on `start`, or 404 (not a start of the regime's calendar, or before the reform). */
  async function periodAt(organizationId: number, kind: EReportingKind, start: string) {
    const regime = await regimeOf(organizationId)
    if (start < E_REPORTING_START) throw notFound()
    const period = periodOf(regime, kind, start)
    if (period.start !== start) throw notFound(m.periodUnknown)
    return period
  }

  async function detail(organizationId: number, kind: EReportingKind, start: string) {
    const period = await periodAt(organizationId, kind, start)
    const [entry] = await periodsWithFigures(organizationId, [period])
    if (!entry) throw notFound()
    const connected = await isConnected(db, organizationId)
    const { figures } = entry
    const dto: EReportingPeriodDetailDto = {
      ...periodDto(entry),
      aggregatedTransactions: figures.kind === 'transactions' ? figures.aggregated : [],
      unitaryTransactions: figures.kind === 'transactions' ? figures.unitary : [],
      aggregatedPayments: figures.kind === 'payments' ? figures.aggregated : [],
      unitaryPayments: figures.kind === 'payments' ? figures.unitary : [],
      transmissions: entry.transmissions.map(transmissionOf).reverse(),
      connected,
      canSend: connected && canSendIn(entry.state),
    }
    return { dto, entry }
  }

  return {
    /** GET /e-reporting/periods: the year's periods from the reform's start to the one running today, newest first. */
    async list(tenant: Tenant, query: EReportingPeriodListQuery) {
      const organizationId = tenant.organizationId
      const regime = await regimeOf(organizationId)
      const today = todayInParis(deps.clock())
      const year = query.year ?? Number(today.slice(0, 4))
      const from = maxDate(`${year}-01-01`, E_REPORTING_START)
      const to = `${year}-12-31` < today ? `${year}-12-31` : today
      const kinds = query['filter[kind]'] ? [query['filter[kind]']] : undefined
      const periods = from <= to ? reportingPeriods(regime, from, to, kinds) : []
      const entries = (await periodsWithFigures(organizationId, periods)).map(periodDto).reverse()
      return searchedPageOfList(entries, query, (entry) => [
        entry.stateLabel,
        m.kindLabel(entry.kind),
        entry.start,
        entry.end,
        entry.deadline,
      ])
    },

    /** GET /e-reporting/periods/{kind}/{start}. */
    async get(tenant: Tenant, kind: EReportingKind, start: string) {
      return (await detail(tenant.organizationId, kind, start)).dto
    },

    /**
     * POST /e-reporting/periods/{kind}/{start}/transmissions: writes the period's file and queues it in the outbox in
     * one transaction with its transmission row, then tries to send it at once (the outbox retries otherwise).
     */
    async transmit(tenant: Tenant, kind: EReportingKind, start: string) {
      const organizationId = tenant.organizationId
      if (!(await isConnected(db, organizationId)))
        throw conflict(eInvoicingMessages.notConnected, 'E_INVOICING_NOT_CONNECTED')
      const { entry } = await detail(organizationId, kind, start)
      const { period, figures, state } = entry
      if (state === 'running') throw conflict(m.notEnded, 'E_REPORTING_PERIOD_NOT_ENDED')
      if (state === 'sending') throw conflict(m.inFlight, 'E_REPORTING_IN_FLIGHT')
      if (state === 'accepted' || state === 'sent') throw conflict(m.alreadyAccepted, 'E_REPORTING_ALREADY_ACCEPTED')
      const flowType = reportFlowType(figures)
      // A period emptied after a transmission (its only sale cancelled by a credit note dated in it) still nets to
      // lines; one with nothing at all and nothing sent has nothing to say.
      if (!flowType || state === 'nothingToReport') throw conflict(m.nothingToSend, 'E_REPORTING_NOTHING_TO_SEND')
      const issuer = await createEReportingRepo(db).issuer(organizationId)
      if (!issuer?.siren) throw conflict(eInvoicingMessages.sirenMissing, 'SIREN_MISSING')
      const previous = entry.transmissions.at(-1) ?? null
      const now = deps.clock()
      const trackingId = `carnet-rep-${organizationId}-${kind.slice(0, 1)}${period.start.replaceAll('-', '')}-${entry.transmissions.length + 1}`
      const identity = { siren: issuer.siren, name: issuer.registryName ?? issuer.name, vatNumber: issuer.vatNumber }
      const content = buildFrr({
        figures,
        period,
        documentId: trackingId,
        issuedAt: now.toISOString(),
        issuer: identity,
        corrects: previous?.flow.trackingId ?? null,
      })
      const flow = await db.transaction(async (tx) => {
        const queued = await deps.outbox.queueFlow(tx, {
          organizationId,
          flowType,
          syntax: 'FRR',
          fileName: frrFileName({ figures, period, issuer: identity }),
          content: Buffer.from(content, 'utf8'),
          processingRule: figures.unitary.length > 0 && figures.aggregated.length === 0 ? 'B2BInt' : 'B2C',
          trackingId,
        })
        await createEReportingRepo(tx).insert({
          organizationId,
          kind,
          periodStart: period.start,
          periodEnd: period.end,
          flowId: queued.id,
          isCorrection: previous !== null,
          figures,
          figuresSha256: fingerprint(figures),
          createdBy: actorId(tenant),
          createdAt: now.toISOString(),
        })
        return queued
      })
      await deps.outbox.sendFlowNow(organizationId, flow.id, now)
      return (await detail(organizationId, kind, start)).dto
    },

    /** GET /e-reporting/transmissions/{id}/file: the file as sent. */
    async file(tenant: Tenant, id: number) {
      const row = await createEReportingRepo(db).transmission(tenant.organizationId, id)
      const stored = row?.flow.storageKey ? await deps.storage.get(row.flow.storageKey) : null
      if (!row || !stored) throw notFound()
      return { fileName: row.flow.fileName, content: stored.body }
    },

    periodsWithFigures,
    regimeOf,
  }
}
export type EReporting = ReturnType<typeof createEReporting>
export type { EReportingTransmissionDto }
