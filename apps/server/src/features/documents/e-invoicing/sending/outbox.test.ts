import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { randomSiren, useFakePa } from '../../../../../test/fake-pa'
import { json, useTestContext } from '../../../../../test/helpers'
import { act } from '../../../../../test/sales'
import { mustValidate, validate } from '../../factur-x/validate.test-helper'
import {
  companyCustomer,
  connect,
  connectedSeller,
  disconnect,
  flowsOf,
  invoiceOf,
  minutesLater,
  sendDue,
  useAnswerLosingProxy,
  validatedInvoice,
} from './sending.test-helper'

const ctx = useTestContext()
const pa = useFakePa()
const proxy = useAnswerLosingProxy(pa)

/** What the seller sent to the PA (the PA's own status flows back to it left out). */
const sentTo = async (clientId: string) => (await pa.flows(clientId)).filter((flow) => flow.flowDirection === 'Out')

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

describe('sending invoices through the PA (the outbox)', () => {
  it('queues a validated invoice to a customer in the directory once, and the PA receives its Factur-X once', {
    timeout: 120_000,
  }, async () => {
    const seller = await connectedSeller(ctx, pa)
    const buyer = await pa.registerClient({ name: 'Client Réseau SA' })
    const invoice = await validatedInvoice(seller.client, await companyCustomer(seller.client, buyer.siren))
    // "Envoyer" after the validation: still one flow (its tracking id).
    await act(seller.client, `/invoices/${invoice.id}/mark-as-sent`)
    const queued = await flowsOf(ctx, seller.organizationId)
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({
      state: 'queued',
      direction: 'out',
      flowType: 'CustomerInvoice',
      syntax: 'Factur-X',
      profile: 'CIUS',
      processingRule: 'B2B',
      trackingId: `carnet-inv-${seller.organizationId}-${invoice.id}`,
    })

    expect(await sendDue(ctx.app)).toBe(1)
    const atPa = await sentTo(seller.account.clientId)
    expect(atPa).toHaveLength(1)
    const [sent] = await flowsOf(ctx, seller.organizationId)
    expect(sent).toMatchObject({ state: 'sent', flowId: atPa[0]?.flowId, attempts: 1, lastError: null })
    const file = await pa.file(atPa[0]?.flowId ?? '')
    expect(sha256(file)).toBe(sent?.sha256)
    expect(atPa[0]?.sha256).toBe(sent?.sha256)
    expect(file.subarray(0, 5).toString()).toBe('%PDF-')
    // What the PA received passes EN 16931 and the French rules (BR-FR: both parties' SIREN and electronic addresses).
    if (mustValidate) {
      const validation = await validate(file, { extension: 'pdf', flags: ['--fr'] })
      expect(validation.ok, validation.output).toBe(true)
    }

    const detail = await invoiceOf(seller.client, invoice.id)
    expect(detail.eInvoicing).toMatchObject({
      channel: 'network',
      delivery: 'sent',
      flowId: atPa[0]?.flowId,
      attempts: 1,
      lastError: null,
    })
    // The list says where it stands too, as the detail does.
    const list = await seller.client.get('/invoices?page=1&pageSize=25')
    const listed = (JSON.parse(list.body).data as { id: number; eInvoiceStatus: unknown }[]).find(
      (item) => item.id === invoice.id,
    )
    expect(listed?.eInvoiceStatus).toEqual({ code: null, label: 'Transmise', delivery: 'sent' })
    expect(detail.eInvoiceStatus).toEqual(listed?.eInvoiceStatus)
    // Nothing is due any more: a second run sends nothing.
    expect(await sendDue(ctx.app, minutesLater(120))).toBe(0)
    expect(await sentTo(seller.account.clientId)).toHaveLength(1)
  })

  it('keeps the flow while the PA is down, tries again later, and sends it once when the PA is back', async () => {
    const seller = await connectedSeller(ctx, pa)
    const buyer = await pa.registerElsewhere()
    const invoice = await validatedInvoice(seller.client, await companyCustomer(seller.client, buyer.siren))
    await pa.outage(true)
    try {
      expect(await sendDue(ctx.app)).toBe(0)
    } finally {
      await pa.outage(false)
    }
    const [waiting] = await flowsOf(ctx, seller.organizationId)
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 })
    expect(waiting?.lastError).toMatch(/plateforme agréée/)
    expect(new Date(waiting?.nextAttemptAt ?? 0).getTime()).toBeGreaterThan(Date.now())
    // Not due yet: the PA back does not make it go before its time.
    expect(await sendDue(ctx.app)).toBe(0)
    expect(await sentTo(seller.account.clientId)).toHaveLength(0)
    expect((await invoiceOf(seller.client, invoice.id)).eInvoicing).toMatchObject({ delivery: 'queued', attempts: 1 })

    expect(await sendDue(ctx.app, minutesLater(2))).toBe(1)
    expect(await sentTo(seller.account.clientId)).toHaveLength(1)
    expect(await sendDue(ctx.app, minutesLater(200))).toBe(0)
    expect(await sentTo(seller.account.clientId)).toHaveLength(1)
  })

  it('adopts the flow the PA took when its answer was lost, instead of sending it again', async () => {
    const owner = await connectedSeller(ctx, pa)
    // The same seller reconnected through the door that loses the first answer.
    await disconnect(ctx, owner.organizationId)
    await connect(ctx, owner.organizationId, pa, owner.account, { flowUrl: await proxy.flowUrl() })
    const buyer = await pa.registerElsewhere()
    await validatedInvoice(owner.client, await companyCustomer(owner.client, buyer.siren))

    expect(await sendDue(ctx.app)).toBe(0)
    expect(proxy.dropped).toBe(1)
    const atPa = await sentTo(owner.account.clientId)
    expect(atPa).toHaveLength(1)
    expect((await flowsOf(ctx, owner.organizationId))[0]).toMatchObject({ state: 'queued', flowId: null })

    expect(await sendDue(ctx.app, minutesLater(2))).toBe(1)
    expect(await sentTo(owner.account.clientId)).toHaveLength(1)
    expect((await flowsOf(ctx, owner.organizationId))[0]).toMatchObject({
      state: 'sent',
      flowId: atPa[0]?.flowId,
      attempts: 2,
    })
  })

  it('skips a customer outside the directory (sent by e-mail) and a consumer, without calling the Flow service', async () => {
    const seller = await connectedSeller(ctx, pa)
    const unknown = await validatedInvoice(seller.client, await companyCustomer(seller.client, randomSiren()))
    const consumer = await validatedInvoice(seller.client, await companyCustomer(seller.client, null))
    await sendDue(ctx.app)
    expect((await flowsOf(ctx, seller.organizationId)).map((flow) => flow.state)).toEqual(['skipped', 'skipped'])
    expect(await sentTo(seller.account.clientId)).toHaveLength(0)
    for (const id of [unknown.id, consumer.id])
      expect((await invoiceOf(seller.client, id)).eInvoicing).toMatchObject({ channel: 'email', delivery: 'skipped' })
    const list = JSON.parse((await seller.client.get('/invoices?page=1&pageSize=25')).body).data as {
      eInvoiceStatus: { label: string } | null
    }[]
    expect(list.map((item) => item.eInvoiceStatus?.label)).toEqual(['Par e-mail', 'Par e-mail'])
  })

  it('sends a flow once when two workers run at the same time', async () => {
    const seller = await connectedSeller(ctx, pa)
    const buyer = await pa.registerElsewhere()
    await validatedInvoice(seller.client, await companyCustomer(seller.client, buyer.siren))
    const counts = await Promise.all([sendDue(ctx.app), sendDue(ctx.app), sendDue(ctx.app)])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await sentTo(seller.account.clientId)).toHaveLength(1)
  })

  it('refuses before sending, naming the French rule, when the seller has no receiving address', async () => {
    const seller = await connectedSeller(ctx, pa, { receivingAddress: false })
    const buyer = await pa.registerElsewhere()
    const invoice = await validatedInvoice(seller.client, await companyCustomer(seller.client, buyer.siren))
    await sendDue(ctx.app)
    expect(await sentTo(seller.account.clientId)).toHaveLength(0)
    const detail = await invoiceOf(seller.client, invoice.id)
    expect(detail.eInvoicing).toMatchObject({ delivery: 'failed' })
    expect(detail.eInvoicing.lastError).toMatch(/^BR-FR-13 /)
  })
})

describe('POST /invoices/{id}/e-invoice', () => {
  it('sends again a skipped invoice once its customer is in the directory', async () => {
    const seller = await connectedSeller(ctx, pa)
    const siren = randomSiren()
    const invoice = await validatedInvoice(seller.client, await companyCustomer(seller.client, siren))
    await sendDue(ctx.app)
    expect((await invoiceOf(seller.client, invoice.id)).eInvoicing.delivery).toBe('skipped')

    await pa.registerElsewhere({ siren })
    const response = await seller.client.post(`/invoices/${invoice.id}/e-invoice`, {})
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data).toMatchObject({ channel: 'network', delivery: 'sent' })
    expect(await sentTo(seller.account.clientId)).toHaveLength(1)

    const again = await seller.client.post(`/invoices/${invoice.id}/e-invoice`, {})
    expect(again.statusCode).toBe(409)
    expect(json(again).message).toMatch(/déjà transmise/)
  })

  it('answers 409 in French when the organisation is not connected, or the invoice is a draft', async () => {
    const seller = await connectedSeller(ctx, pa)
    const customer = await companyCustomer(seller.client, randomSiren())
    const draft = json(
      await seller.client.post('/invoices', {
        name: 'Brouillon',
        datedAt: '2026-11-02',
        paymentLimit: 30,
        contactId: customer.contactId,
        billingAddressId: customer.addressId,
        lines: [{ name: 'Conseil', type: 'SERVICE', quantity: '1', amount: '100', unitId: 1, taxId: 1 }],
      }),
    ).data
    const notValidated = await seller.client.post(`/invoices/${draft.id}/e-invoice`, {})
    expect(notValidated.statusCode).toBe(409)
    expect(json(notValidated).message).toMatch(/Valide d’abord la facture/)

    await disconnect(ctx, seller.organizationId)
    const invoice = await validatedInvoice(seller.client, customer)
    expect(await flowsOf(ctx, seller.organizationId)).toHaveLength(0)
    expect((await invoiceOf(seller.client, invoice.id)).eInvoicing).toBeNull()
    const notConnected = await seller.client.post(`/invoices/${invoice.id}/e-invoice`, {})
    expect(notConnected.statusCode).toBe(409)
    expect(json(notConnected).message).toMatch(/n'est pas reliée à une plateforme agréée/)
  })
})
