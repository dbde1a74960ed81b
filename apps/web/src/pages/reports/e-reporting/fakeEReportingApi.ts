import {
  E_REPORTING_STATE_LABELS,
  type EReportingPeriodDetailDto,
  type EReportingPeriodDto,
  type EReportingState,
  type EReportingSummaryDto,
  type EReportingTransmissionDto,
} from '@app/domain'
import { fakeServer, jsonResponse, type Route } from '../../../components/test-utils'
import { meBody } from '../fakeReportsApi'

/** The day the tests run: Sunday 29 November 2026 in Paris (réel normal mensuel). */
export const TODAY_INSTANT = '2026-11-29T10:00:00Z'

const noSummary: EReportingSummaryDto = {
  aggregatedCount: 0,
  aggregatedAmount: '0.00',
  aggregatedTax: null,
  unitaryCount: 0,
  unitaryAmount: '0.00',
}

const period = (
  kind: EReportingPeriodDto['kind'],
  start: string,
  end: string,
  deadline: string,
  state: EReportingState,
  summary: EReportingSummaryDto = noSummary,
): EReportingPeriodDto => ({
  kind,
  start,
  end,
  deadline,
  state,
  stateLabel: E_REPORTING_STATE_LABELS[state],
  summary,
  lastTransmission: null,
})

export const transmission = (overrides: Partial<EReportingTransmissionDto> = {}): EReportingTransmissionDto => ({
  id: 7,
  createdAt: '2026-11-12T08:15:00Z',
  createdBy: 'Camille Martin',
  isCorrection: false,
  flowType: 'AggregatedCustomerTransactionReport',
  fileName: 'e-reporting-transactions-2026-11-01.xml',
  delivery: 'sent',
  flowId: 'flow-7',
  ackStatus: 'Ok',
  messages: [],
  summary: { ...noSummary, aggregatedCount: 3, aggregatedAmount: '300.00', aggregatedTax: '60.00' },
  ...overrides,
})

/** 11–20 November: B2C sales of 1 250 € HT and one invoice to a Belgian business; due the 30th, not sent yet. */
const toSend = period('transactions', '2026-11-11', '2026-11-20', '2026-11-30', 'toSend', {
  aggregatedCount: 12,
  aggregatedAmount: '1250.00',
  aggregatedTax: '230.00',
  unitaryCount: 1,
  unitaryAmount: '3000.00',
})

/**
 * The year 2026 of an organisation under réel normal mensuel, newest first: a running decade, one to send, one
 * accepted, one late, October's payments rejected, and an empty decade.
 */
export const periods = (): EReportingPeriodDto[] => [
  period('transactions', '2026-11-21', '2026-11-30', '2026-12-10', 'running'),
  toSend,
  {
    ...period('transactions', '2026-11-01', '2026-11-10', '2026-11-20', 'accepted', transmission().summary),
    lastTransmission: transmission(),
  },
  period('payments', '2026-10-01', '2026-10-31', '2026-11-10', 'rejected', {
    ...noSummary,
    aggregatedCount: 2,
    aggregatedAmount: '480.00',
    unitaryCount: 1,
    unitaryAmount: '1200.00',
  }),
  period('transactions', '2026-10-21', '2026-10-31', '2026-11-10', 'late', {
    ...noSummary,
    aggregatedCount: 1,
    aggregatedAmount: '100.00',
    aggregatedTax: '20.00',
  }),
  period('transactions', '2026-10-11', '2026-10-20', '2026-10-30', 'nothingToReport'),
]

const detailOf = (entry: EReportingPeriodDto, connected: boolean): EReportingPeriodDetailDto => ({
  ...entry,
  aggregatedTransactions: [],
  unitaryTransactions: [],
  aggregatedPayments: [],
  unitaryPayments: [],
  transmissions: entry.lastTransmission ? [entry.lastTransmission] : [],
  connected,
  canSend: connected && ['toSend', 'late', 'rejected', 'changed'].includes(entry.state),
})

/** The figures behind each period of periods(). */
export function details(connected = true): Record<string, EReportingPeriodDetailDto> {
  const all = Object.fromEntries(periods().map((entry) => [`${entry.kind}:${entry.start}`, detailOf(entry, connected)]))
  const rate = { ratePercent: '20', taxExcluded: '3000.00', tax: '0.00', category: 'TPS1' as const }
  Object.assign(all['transactions:2026-11-11'] as EReportingPeriodDetailDto, {
    aggregatedTransactions: [
      {
        date: '2026-11-12',
        category: 'TLB1',
        ratePercent: '20',
        taxExcluded: '1000.00',
        tax: '200.00',
        operations: 10,
      },
      {
        date: '2026-11-13',
        category: 'TPS1',
        ratePercent: '10',
        taxExcluded: '250.00',
        tax: '25.00',
        operations: 2,
      },
    ],
    unitaryTransactions: [
      {
        number: 'F-2026-0042',
        date: '2026-11-15',
        isCreditNote: false,
        buyerCountryCode: 'BE',
        buyerVatNumber: 'BE0123456789',
        rates: [rate],
        taxExcluded: '3000.00',
        tax: '0.00',
        taxIncluded: '3000.00',
      },
    ],
  })
  Object.assign(all['payments:2026-10-01'] as EReportingPeriodDetailDto, {
    aggregatedPayments: [{ date: '2026-10-05', ratePercent: '20', amount: '480.00' }],
    unitaryPayments: [
      {
        date: '2026-10-20',
        invoiceNumber: 'F-2026-0031',
        invoiceDate: '2026-10-02',
        buyerCountryCode: 'DE',
        buyerVatNumber: 'DE123456789',
        rates: [{ ratePercent: '20', amount: '1200.00' }],
        amount: '1200.00',
      },
    ],
    transmissions: [
      transmission({
        id: 9,
        createdAt: '2026-11-02T09:00:00Z',
        createdBy: null,
        flowType: 'MultiFlowReport',
        ackStatus: 'Error',
        messages: ['Le numéro de TVA DE123456789 est inconnu.'],
      }),
    ],
  })
  return all
}

export type FakeEReporting = { connected?: boolean; regime?: string; routes?: Route[] }

/**
 * Stubs fetch with the e-reporting API over periods() and details(): the list filtered by kind and searched by state,
 * paged; each detail; a transmission that puts the period in flight and answers it refreshed. `routes` answer first.
 */
export function stubEReportingApi({ connected = true, regime = 'MONTH', routes = [] }: FakeEReporting = {}) {
  const store = details(connected)
  return fakeServer(routes, ({ path, url, method }) => {
    if (path === '/me') return jsonResponse(200, meBody({ taxRegimeCode: regime }))
    if (path === '/e-invoicing/connection') return jsonResponse(200, { data: { connected } })
    if (path === '/e-reporting/periods') {
      const year = Number(url.searchParams.get('year'))
      const kind = url.searchParams.get('filter[kind]')
      const search = url.searchParams.get('search')?.toLowerCase() ?? ''
      const page = Number(url.searchParams.get('page') ?? 1)
      const pageSize = Number(url.searchParams.get('pageSize') ?? 25)
      const rows = (year === 2026 ? Object.values(store) : [])
        .filter((entry) => !kind || entry.kind === kind)
        .filter((entry) => !search || entry.stateLabel.toLowerCase().includes(search))
        .sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0))
      return jsonResponse(200, {
        data: rows.slice((page - 1) * pageSize, page * pageSize),
        meta: { total: rows.length, page, pageSize },
      })
    }
    const match = /^\/e-reporting\/periods\/(transactions|payments)\/([\d-]+)(\/transmissions)?$/.exec(path)
    const entry = match ? store[`${match[1]}:${match[2]}`] : undefined
    if (match && entry && method === 'GET' && !match[3]) return jsonResponse(200, { data: entry })
    if (match && entry && method === 'POST' && match[3]) {
      const sent = transmission({
        id: 100,
        createdAt: '2026-11-29T10:00:00Z',
        delivery: 'queued',
        ackStatus: null,
        flowId: null,
        isCorrection: entry.transmissions.length > 0,
        summary: entry.summary,
      })
      Object.assign(entry, {
        state: 'sending',
        stateLabel: E_REPORTING_STATE_LABELS.sending,
        lastTransmission: sent,
        transmissions: [sent, ...entry.transmissions],
        canSend: false,
      })
      return jsonResponse(201, { data: entry })
    }
    return jsonResponse(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
  })
}
