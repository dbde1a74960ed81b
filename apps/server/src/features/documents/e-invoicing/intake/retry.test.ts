import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useFakePa } from '../../../../../test/fake-pa'
import { type Client, json, useTestContext } from '../../../../../test/helpers'
import { eInvoiceFlows } from '../../../../db/schema/index'
import { CII_INVOICE, encode } from '../../../money/receipts/e-invoices/samples.test-helper'
import { connectedOrganization } from './network.test-helper'

const start = new Date('2026-11-16T09:00:00Z')
const ctx = useTestContext({ now: () => start })
const fake = useFakePa()

type IncomingFlow = {
  id: number
  flowId: string
  state: string
  attempts: number
  nextAttemptAt: string | null
  lastError: string | null
  receiptId: number | null
}

const failedFlows = async (client: Client) => {
  const response = await client.get('/e-invoicing/incoming-flows?filter[state]=failed')
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data as IncomingFlow[]
}

describe('flows received that Carnet could not use', () => {
  it('keeps an unreadable supplier invoice with why, tries it again by itself on a growing delay, and by hand', async () => {
    const buyer = await connectedOrganization(ctx, fake, { name: 'Atelier Martin' })
    await fake.dropInInbox({
      clientId: buyer.pa.clientId,
      syntax: 'CII',
      file: Buffer.from('pas du XML'),
      name: 'x.xml',
    })
    await ctx.app.eInvoicing.intake.pollDue()
    const [failed] = await failedFlows(buyer.client)
    expect(failed).toMatchObject({ attempts: 1, nextAttemptAt: '2026-11-16T09:05:00.000Z', receiptId: null })
    expect(failed?.lastError).toBeTruthy()

    // Not yet due: the next poll leaves it.
    await ctx.app.eInvoicing.intake.pollDue()
    expect((await failedFlows(buyer.client))[0]?.attempts).toBe(1)

    // Due: the poll tries it again, still unreadable, and waits 30 minutes more.
    ctx.setNow(() => new Date('2026-11-16T09:06:00Z'))
    await ctx.app.eInvoicing.intake.pollDue()
    expect((await failedFlows(buyer.client))[0]).toMatchObject({
      attempts: 2,
      nextAttemptAt: '2026-11-16T09:36:00.000Z',
    })

    // By hand: once more, answered with the flow as it is now.
    const again = await buyer.client.post(
      `/e-invoicing/incoming-flows/${(await failedFlows(buyer.client))[0]?.id}/retry`,
    )
    expect(again.statusCode, again.body).toBe(200)
    expect(json(again).data).toMatchObject({ state: 'failed', attempts: 3, kind: 'supplierInvoice' })
    ctx.setNow(() => start)
  })

  it('takes a flow that failed before once retried, makes its receipt, and refuses what cannot be retried', async () => {
    const buyer = await connectedOrganization(ctx, fake, { name: 'Atelier Dupont' })
    const dropped = await fake.dropInInbox({
      clientId: buyer.pa.clientId,
      syntax: 'CII',
      file: Buffer.from(encode(CII_INVOICE)),
      name: '2026-IB-0931.xml',
    })
    // As if an earlier version of Carnet had failed to read it.
    await ctx.database.db.insert(eInvoiceFlows).values({
      organizationId: buyer.organizationId,
      direction: 'in',
      flowType: 'SupplierInvoice',
      syntax: 'CII',
      fileName: '2026-IB-0931.xml',
      sha256: '0'.repeat(64),
      trackingId: `in-${dropped.flowId}`,
      flowId: dropped.flowId,
      state: 'failed',
      lastError: 'Lecture impossible',
      attempts: 5,
      nextAttemptAt: null,
    })
    await ctx.app.eInvoicing.intake.pollDue()
    const [failed] = await failedFlows(buyer.client)
    expect(failed).toMatchObject({ flowId: dropped.flowId, nextAttemptAt: null })

    const retried = await buyer.client.post(`/e-invoicing/incoming-flows/${failed?.id}/retry`)
    expect(retried.statusCode, retried.body).toBe(200)
    const processed = json(retried).data as IncomingFlow
    expect(processed).toMatchObject({ state: 'processed', flowId: dropped.flowId })
    expect(processed.receiptId).toBeTypeOf('number')
    expect(json(await buyer.client.get('/receipts')).data).toHaveLength(1)
    expect(await failedFlows(buyer.client)).toEqual([])
    const all = json(await buyer.client.get('/e-invoicing/incoming-flows')).data as IncomingFlow[]
    expect(all.map((flow) => flow.state)).toEqual(['processed'])

    const twice = await buyer.client.post(`/e-invoicing/incoming-flows/${processed.id}/retry`)
    expect(twice.statusCode).toBe(409)
    expect(json(twice).code).toBe('INCOMING_FLOW_NOT_FAILED')

    const other = await connectedOrganization(ctx, fake, { name: 'Autre' })
    expect((await other.client.post(`/e-invoicing/incoming-flows/${processed.id}/retry`)).statusCode).toBe(404)
    const rows = await ctx.database.db
      .select()
      .from(eInvoiceFlows)
      .where(and(eq(eInvoiceFlows.organizationId, buyer.organizationId), eq(eInvoiceFlows.flowId, dropped.flowId)))
    expect(rows).toHaveLength(1)
  })
})
