import { describe, expect, it } from 'vitest'
import { canSendIn, periodState, reportFlowType, summaryOf } from './periods'

const period = { end: '2026-11-10', deadline: '2026-11-20' }
const sent = { delivery: 'sent' as const, ackStatus: 'Pending' as const, sameFigures: true }

describe('where an e-reporting period stands', () => {
  it('runs until its last day is over, then is to send, late past its deadline, or has nothing to report', () => {
    expect(periodState({ period, today: '2026-11-10', empty: false, last: null })).toBe('running')
    expect(periodState({ period, today: '2026-11-11', empty: false, last: null })).toBe('toSend')
    expect(periodState({ period, today: '2026-11-20', empty: false, last: null })).toBe('toSend')
    expect(periodState({ period, today: '2026-11-21', empty: false, last: null })).toBe('late')
    expect(periodState({ period, today: '2026-11-21', empty: true, last: null })).toBe('nothingToReport')
  })

  it('follows its last transmission: in flight, acknowledged, refused, or changed since', () => {
    const today = '2026-11-15'
    const state = (last: typeof sent | Record<string, unknown>) =>
      periodState({ period, today, empty: false, last: { ...sent, ...last } })
    expect(state({ delivery: 'queued', ackStatus: null })).toBe('sending')
    expect(state({})).toBe('sent')
    expect(state({ ackStatus: 'Ok' })).toBe('accepted')
    expect(state({ ackStatus: 'Error' })).toBe('rejected')
    expect(state({ delivery: 'failed', ackStatus: null })).toBe('rejected')
    expect(state({ ackStatus: 'Ok', sameFigures: false })).toBe('changed')
    expect(['toSend', 'late', 'rejected', 'changed'].every((s) => canSendIn(s as never))).toBe(true)
    expect(['running', 'nothingToReport', 'sending', 'sent', 'accepted'].some((s) => canSendIn(s as never))).toBe(false)
  })
})

describe('a period file', () => {
  const day = { date: '2026-11-02', category: 'TPS1' as const, ratePercent: '20', taxExcluded: '100.00', tax: '20.00' }
  const foreign = {
    number: 'F-1',
    date: '2026-11-03',
    isCreditNote: false,
    buyerCountryCode: 'DE',
    buyerVatNumber: 'DE123456789',
    rates: [],
    taxExcluded: '500.00',
    tax: '0.00',
    taxIncluded: '500.00',
  }

  it('is of its one block’s flow type, MultiFlowReport with both, none when empty', () => {
    expect(reportFlowType({ kind: 'transactions', aggregated: [{ ...day, operations: 1 }], unitary: [] })).toBe(
      'AggregatedCustomerTransactionReport',
    )
    expect(reportFlowType({ kind: 'transactions', aggregated: [], unitary: [foreign] })).toBe(
      'UnitaryCustomerTransactionReport',
    )
    expect(reportFlowType({ kind: 'transactions', aggregated: [{ ...day, operations: 1 }], unitary: [foreign] })).toBe(
      'MultiFlowReport',
    )
    expect(
      reportFlowType({
        kind: 'payments',
        aggregated: [{ date: '2026-11-02', ratePercent: '20', amount: '12.00' }],
        unitary: [],
      }),
    ).toBe('AggregatedCustomerPaymentReport')
    expect(reportFlowType({ kind: 'payments', aggregated: [], unitary: [] })).toBeNull()
  })

  it('sums its B2C documents and its foreign ones for the list', () => {
    const figures = {
      kind: 'transactions' as const,
      aggregated: [
        { ...day, operations: 2 },
        { ...day, category: 'TLB1' as const, taxExcluded: '-30.00', tax: '-6.00', operations: 1 },
      ],
      unitary: [foreign],
    }
    expect(summaryOf(figures)).toEqual({
      aggregatedCount: 3,
      aggregatedAmount: '70.00',
      aggregatedTax: '14.00',
      unitaryCount: 1,
      unitaryAmount: '500.00',
    })
  })
})
