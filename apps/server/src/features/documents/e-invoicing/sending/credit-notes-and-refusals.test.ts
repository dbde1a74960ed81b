import { describe, expect, it } from 'vitest'
import { useFakePa } from '../../../../../test/fake-pa'
import { json, useTestContext } from '../../../../../test/helpers'
import { act } from '../../../../../test/sales'
import { mustValidate, validate } from '../../factur-x/validate.test-helper'
import { companyCustomer, connectedSeller, flowsOf, invoiceOf, sendDue, validatedInvoice } from './sending.test-helper'

const ctx = useTestContext()
const pa = useFakePa()

const sentTo = async (clientId: string) => (await pa.flows(clientId)).filter((flow) => flow.flowDirection === 'Out')

describe('credit notes and refusals on the network', () => {
  it('sends a credit note like an invoice, once, and its Factur-X passes the French rules', {
    timeout: 120_000,
  }, async () => {
    const seller = await connectedSeller(ctx, pa)
    const buyer = await pa.registerElsewhere()
    const invoice = await validatedInvoice(seller.client, await companyCustomer(seller.client, buyer.siren))
    expect(await sendDue(ctx.app)).toBe(1)
    const note = await act(seller.client, `/invoices/${invoice.id}/credit-note`, 201)
    // A credit note is numbered when made: it is queued then, like a validation.
    expect(note.reference).not.toBeNull()
    expect(await sendDue(ctx.app)).toBe(1)
    const flows = await flowsOf(ctx, seller.organizationId, 'CustomerInvoice')
    expect(flows.map((flow) => [flow.invoiceId, flow.state])).toEqual([
      [invoice.id, 'sent'],
      [note.id, 'sent'],
    ])
    const atPa = await sentTo(seller.account.clientId)
    expect(atPa).toHaveLength(2)
    if (mustValidate) {
      const file = await pa.file(atPa.find((flow) => flow.trackingId === flows[1]?.trackingId)?.flowId ?? '')
      const validation = await validate(file, { extension: 'pdf', flags: ['--fr'] })
      expect(validation.ok, validation.output).toBe(true)
    }
  })

  it('gives up a flow the PA refuses for good, says why in French, and tells the members', async () => {
    const seller = await connectedSeller(ctx, pa)
    const buyer = await pa.registerElsewhere()
    const invoice = await validatedInvoice(seller.client, await companyCustomer(seller.client, buyer.siren))
    await pa.limits({ maxFileBytes: 1000 })
    try {
      expect(await sendDue(ctx.app)).toBe(0)
    } finally {
      await pa.limits({ maxFileBytes: 100 * 1024 * 1024 })
    }
    const detail = await invoiceOf(seller.client, invoice.id)
    expect(detail.eInvoicing).toMatchObject({ delivery: 'failed', attempts: 1 })
    expect(detail.eInvoicing.lastError).toMatch(/dépasse la taille/)
    expect(await sentTo(seller.account.clientId)).toHaveLength(0)
    // Given up: the worker does not try it again.
    expect(await sendDue(ctx.app, new Date(Date.now() + 3 * 3600_000))).toBe(0)

    const notifications = json(await seller.client.get('/notifications')).data as { description: string }[]
    expect(notifications.some((n) => n.description.includes('Non transmise'))).toBe(true)

    // The user sends it again once the PA takes it.
    const again = await seller.client.post(`/invoices/${invoice.id}/e-invoice`, {})
    expect(again.statusCode, again.body).toBe(200)
    expect(json(again).data).toMatchObject({ delivery: 'sent', attempts: 1, lastError: null })
    expect(await sentTo(seller.account.clientId)).toHaveLength(1)
  })
})
