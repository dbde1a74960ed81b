import { describe, expect, it } from 'vitest'
import { useFakePa } from '../../../../../test/fake-pa'
import { type Client, json, useTestContext } from '../../../../../test/helpers'
import { act, createInvoice, invoiceBody, line } from '../../../../../test/sales'
import { companyCustomer, connectedSeller, disconnect } from '../sending/sending.test-helper'
import { mustValidateFrr, validateFrr } from './validate-frr.test-helper'

// 12 November 2026: the decade of 1–10 November is over (due the 20th), the one of 11–20 runs.
const ctx = useTestContext({ now: () => new Date('2026-11-12T09:00:00Z') })
const pa = useFakePa()

/** A private customer's invoice of services at 20 %, dated and validated. */
async function b2cInvoice(client: Client, datedAt: string, amount: string) {
  const customer = await companyCustomer(client, null)
  const draft = await createInvoice(
    client,
    invoiceBody({
      contactId: customer.contactId,
      billingAddressId: customer.addressId,
      datedAt,
      lines: [line({ amount })],
    }),
  )
  return act(client, `/invoices/${draft.id}/validate`)
}

const period = async (client: Client, kind: string, start: string) => {
  const response = await client.get(`/e-reporting/periods/${kind}/${start}`)
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data
}

const transmit = (client: Client, kind: string, start: string) =>
  client.post(`/e-reporting/periods/${kind}/${start}/transmissions`)

describe('e-reporting: a period of B2C sales, from its figures to its acknowledgement', () => {
  it('shows the ended decade to transmit with its figures, sends it, reads the acknowledgement and refuses twice', {
    timeout: 120_000,
  }, async () => {
    const seller = await connectedSeller(ctx, pa)
    await b2cInvoice(seller.client, '2026-11-02', '1000')

    const list = await seller.client.get('/e-reporting/periods?year=2026&filter[kind]=transactions')
    expect(list.statusCode, list.body).toBe(200)
    const rows = json(list).data as { start: string; state: string; summary: Record<string, unknown> }[]
    // Newest first: the running decade, then the one to send, then the empty ones back to 1 September.
    expect(rows.slice(0, 2).map((row) => [row.start, row.state])).toEqual([
      ['2026-11-11', 'running'],
      ['2026-11-01', 'toSend'],
    ])
    expect(rows.at(-1)?.start).toBe('2026-09-01')
    expect(rows[1]?.summary).toEqual({
      aggregatedCount: 1,
      aggregatedAmount: '1000.00',
      aggregatedTax: '200.00',
      unitaryCount: 0,
      unitaryAmount: '0.00',
    })

    const before = await period(seller.client, 'transactions', '2026-11-01')
    expect(before).toMatchObject({ end: '2026-11-10', deadline: '2026-11-20', connected: true, canSend: true })
    expect(before.aggregatedTransactions).toEqual([
      {
        date: '2026-11-02',
        category: 'TPS1',
        ratePercent: '20',
        taxExcluded: '1000.00',
        tax: '200.00',
        operations: 1,
      },
    ])

    const sent = await transmit(seller.client, 'transactions', '2026-11-01')
    expect(sent.statusCode, sent.body).toBe(201)
    const afterSend = json(sent).data
    expect(afterSend.state).toBe('sent')
    expect(afterSend.transmissions).toHaveLength(1)
    expect(afterSend.transmissions[0]).toMatchObject({
      delivery: 'sent',
      ackStatus: 'Pending',
      isCorrection: false,
      flowType: 'AggregatedCustomerTransactionReport',
    })
    const received = (await pa.flows(seller.account.clientId)).filter((flow) => flow.flowSyntax === 'FRR')
    expect(received).toHaveLength(1)

    // The PA's acknowledgement comes back with the polling, once the PA has checked the file.
    await pa.waitForFlows(
      seller.account.clientId,
      (flows) => flows.some((flow) => flow.flowSyntax === 'FRR' && flow.acknowledgement.status !== 'Pending'),
      30_000,
    )
    await ctx.app.eInvoicing.intake.pollDue()
    const accepted = await period(seller.client, 'transactions', '2026-11-01')
    expect(accepted.state).toBe('accepted')
    expect(accepted.transmissions[0].ackStatus).toBe('Ok')
    expect(accepted.canSend).toBe(false)

    const again = await transmit(seller.client, 'transactions', '2026-11-01')
    expect(again.statusCode, again.body).toBe(409)
    expect(json(again).code).toBe('E_REPORTING_ALREADY_ACCEPTED')

    const file = await seller.client.get(`/e-reporting/transmissions/${accepted.transmissions[0].id}/file`)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toContain('application/xml')
    expect(file.headers['content-disposition']).toContain('attachment')
    expect(file.body).toContain('1000.00')
    if (mustValidateFrr) {
      const validation = await validateFrr(file.body)
      expect(validation.ok, validation.output).toBe(true)
    }
  })

  it('sends a correction when a sale dated in a transmitted period comes later', { timeout: 120_000 }, async () => {
    const seller = await connectedSeller(ctx, pa)
    await b2cInvoice(seller.client, '2026-11-02', '1000')
    expect((await transmit(seller.client, 'transactions', '2026-11-01')).statusCode).toBe(201)
    await b2cInvoice(seller.client, '2026-11-05', '50')
    const changed = await period(seller.client, 'transactions', '2026-11-01')
    expect(changed.state).toBe('changed')
    expect(changed.canSend).toBe(true)
    const corrected = await transmit(seller.client, 'transactions', '2026-11-01')
    expect(corrected.statusCode, corrected.body).toBe(201)
    const detail = json(corrected).data
    // Newest first; each keeps the figures it said.
    expect(detail.transmissions.map((t: { isCorrection: boolean }) => t.isCorrection)).toEqual([true, false])
    expect(
      detail.transmissions.map((t: { summary: { aggregatedAmount: string } }) => t.summary.aggregatedAmount),
    ).toEqual(['1050.00', '1000.00'])
  })

  it('reports the payments of services received from private customers, per day and rate, once the month is over', {
    timeout: 120_000,
  }, async () => {
    const seller = await connectedSeller(ctx, pa)
    const invoice = await b2cInvoice(seller.client, '2026-10-05', '1000')
    const paid = await seller.client.post(`/invoices/${invoice.id}/payments`, {
      paidAt: '2026-10-08',
      amount: '600',
      method: 'TRANSFER',
    })
    expect(paid.statusCode, paid.body).toBe(201)
    const october = await period(seller.client, 'payments', '2026-10-01')
    // Due on 10 November: two days late on the 12th.
    expect(october).toMatchObject({ end: '2026-10-31', deadline: '2026-11-10', state: 'late', canSend: true })
    expect(october.aggregatedPayments).toEqual([{ date: '2026-10-08', ratePercent: '20', amount: '600.00' }])
    const sent = await transmit(seller.client, 'payments', '2026-10-01')
    expect(sent.statusCode, sent.body).toBe(201)
    expect(json(sent).data.transmissions[0]).toMatchObject({ flowType: 'AggregatedCustomerPaymentReport' })
    const file = await seller.client.get(`/e-reporting/transmissions/${json(sent).data.transmissions[0].id}/file`)
    if (mustValidateFrr) {
      const validation = await validateFrr(file.body)
      expect(validation.ok, validation.output).toBe(true)
    }
  })

  it('refuses what cannot be sent, in French, and hides other organisations', { timeout: 120_000 }, async () => {
    const seller = await connectedSeller(ctx, pa)
    await b2cInvoice(seller.client, '2026-11-02', '1000')
    const running = await transmit(seller.client, 'transactions', '2026-11-11')
    expect(running.statusCode).toBe(409)
    expect(json(running)).toMatchObject({ code: 'E_REPORTING_PERIOD_NOT_ENDED' })
    const empty = await transmit(seller.client, 'transactions', '2026-10-21')
    expect(empty.statusCode).toBe(409)
    expect(json(empty).code).toBe('E_REPORTING_NOTHING_TO_SEND')
    expect((await seller.client.get('/e-reporting/periods/transactions/2026-11-03')).statusCode).toBe(404)
    expect((await seller.client.get('/e-reporting/periods/transactions/2026-08-01')).statusCode).toBe(404)
    // A kind the API does not know is no path of it.
    expect((await seller.client.get('/e-reporting/periods/invoices/2026-11-01')).statusCode).toBe(404)
    expect((await seller.client.get('/e-reporting/periods?year=2025')).statusCode).toBe(400)

    const sent = json(await transmit(seller.client, 'transactions', '2026-11-01')).data
    const other = await connectedSeller(ctx, pa)
    const foreign = await other.client.get(`/e-reporting/transmissions/${sent.transmissions[0].id}/file`)
    expect(foreign.statusCode).toBe(404)

    await disconnect(ctx, other.organizationId)
    await b2cInvoice(other.client, '2026-11-03', '10')
    const unlinked = await period(other.client, 'transactions', '2026-11-01')
    expect(unlinked).toMatchObject({ connected: false, canSend: false, state: 'toSend' })
    const refused = await transmit(other.client, 'transactions', '2026-11-01')
    expect(refused.statusCode).toBe(409)
    expect(json(refused).code).toBe('E_INVOICING_NOT_CONNECTED')
  })

  it('tells the members once that a period is due within five days', { timeout: 120_000 }, async () => {
    const seller = await connectedSeller(ctx, pa)
    await b2cInvoice(seller.client, '2026-11-02', '1000')
    const first = await ctx.app.jobs.runDue({ until: '2026-11-16' })
    expect(first.eReportingDeadlines).toBeGreaterThanOrEqual(1)
    const notifications = json(await seller.client.get('/notifications')).data as { description: string }[]
    expect(notifications.map((n) => n.description)).toContain(
      'Tes données de transactions du 01/11/2026 au 10/11/2026 sont à transmettre à ta plateforme agréée avant le 20/11/2026 (e-reporting).',
    )
    await ctx.app.jobs.runDue({ until: '2026-11-17' })
    const again = json(await seller.client.get('/notifications')).data as { description: string }[]
    expect(again.filter((n) => n.description.includes('10/11/2026'))).toHaveLength(1)
  })
})
