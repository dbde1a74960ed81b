import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useFakePa } from '../../../../../test/fake-pa'
import { type Client, json, useTestContext } from '../../../../../test/helpers'
import { act, createCustomer, createInvoice, invoiceBody } from '../../../../../test/sales'
import { eInvoiceFlows, eInvoiceStatuses } from '../../../../db/schema/index'
import { validateCdar } from '../cdar/validate-cdar.test-helper'
import { createPlatformClient } from '../platform/client'
import { createTokenCache } from '../platform/token'
import { connectedOrganization, eventually, historyOf, listeningOrigin, vatNumberOf } from './network.test-helper'

const ctx = useTestContext()
const fake = useFakePa()

/** A validated invoice of `seller` to `buyerSiren`, sent to the PA by the outbox; answers the invoice and its flow. */
async function sentInvoice(seller: { client: Client; pa: { clientId: string } }, buyerSiren: string) {
  const { contactId, addressId } = await createCustomer(seller.client, {
    name: 'Danone',
    registrySiren: buyerSiren,
    intracommunityTaxNumber: vatNumberOf(buyerSiren),
  })
  const draft = await createInvoice(seller.client, invoiceBody({ contactId, billingAddressId: addressId }))
  await act(seller.client, `/invoices/${draft.id}/validate`)
  await seller.client.post(`/invoices/${draft.id}/e-invoice`)
  await ctx.app.eInvoicing.outbox.sendDue()
  const invoice = json(await seller.client.get(`/invoices/${draft.id}`)).data
  const [flow] = await fake.waitForFlows(seller.pa.clientId, (flows) =>
    flows.some((f) => f.flowType === 'CustomerInvoice'),
  )
  const sent = (await fake.flows(seller.pa.clientId)).find((f) => f.flowType === 'CustomerInvoice')
  return { invoice, flowId: (sent ?? flow)?.flowId as string }
}

const statusesOf = (organizationId: number, invoiceId: number) =>
  ctx.database.db
    .select()
    .from(eInvoiceStatuses)
    .where(and(eq(eInvoiceStatuses.organizationId, organizationId), eq(eInvoiceStatuses.invoiceId, invoiceId)))

describe('lifecycle statuses and received invoices through the PA', () => {
  it('by polling: the buyer receives the invoice once, refuses it with a reason, and the seller reads why', async () => {
    const seller = await connectedOrganization(ctx, fake, { name: 'Atelier Martin' })
    const buyer = await connectedOrganization(ctx, fake, { name: 'Danone' })
    const { invoice, flowId } = await sentInvoice(seller, buyer.siren)
    expect(flowId).toBeTruthy()

    await ctx.app.eInvoicing.intake.pollDue()
    await ctx.app.eInvoicing.intake.pollDue()
    const received = json(await buyer.client.get('/receipts')).data
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({
      reference: invoice.reference,
      eInvoiceFormat: 'factur-x',
      eInvoicing: { status: null, events: [] },
    })
    expect(received[0].eInvoicing.flowId).toBeTruthy()
    const platform = await historyOf(seller.client, invoice.id)
    expect(platform).toContain('Statut Déposée reçu de la plateforme.')
    expect(platform).toContain('Statut Mise à disposition reçu de la plateforme.')

    const refused = await buyer.client.post(`/receipts/${received[0].id}/e-invoice-status`, {
      code: 210,
      reason: 'TX_TVA_ERR',
      message: 'Le taux de 20 % ne s’applique pas.',
    })
    expect(refused.statusCode, refused.body).toBe(200)
    expect(json(refused).data.eInvoicing).toMatchObject({
      status: 210,
      statusLabel: 'Refusée',
      events: [{ code: 210, source: 'buyer', reason: 'TX_TVA_ERR', reasonLabel: 'Taux de TVA erroné' }],
    })
    const again = await buyer.client.post(`/receipts/${received[0].id}/e-invoice-status`, { code: 205 })
    expect(again.statusCode).toBe(409)
    expect(json(again).message).toBe('La facture est Refusée : le statut Approuvée ne peut plus être envoyé.')

    await ctx.app.eInvoicing.outbox.sendDue()
    const cdars = await fake.waitForFlows(buyer.pa.clientId, (flows) =>
      flows.some((f) => f.flowType === 'SupplierInvoiceLC' && f.flowDirection === 'Out'),
    )
    const cdar = cdars.find((f) => f.flowType === 'SupplierInvoiceLC' && f.flowDirection === 'Out')
    expect(cdar?.acknowledgement.status).toBe('Ok')
    const validation = await validateCdar((await fake.file(cdar?.flowId as string)).toString('utf8'))
    expect(validation.ok, validation.output).toBe(true)

    await ctx.app.eInvoicing.intake.pollDue()
    const history = await historyOf(seller.client, invoice.id)
    expect(history).toContain('Refusée par Danone : Taux de TVA erroné.')
    const applied = (await statusesOf(seller.organizationId, invoice.id)).filter((row) => row.applied)
    expect(applied.at(-1)?.code).toBe(210)
    // The invoice list shows it as well.
    const listed = json(await seller.client.get('/invoices?page=1&pageSize=25')).data.find(
      (item: { id: number }) => item.id === invoice.id,
    )
    expect(listed.eInvoiceStatus).toEqual({ code: 210, label: 'Refusée', delivery: 'sent' })
    const notifications = json(await seller.client.get('/notifications?page=1&pageSize=15')).data
    expect(notifications.map((n: { description: string }) => n.description)).toContain(
      `La facture ${invoice.reference} a reçu le statut Refusée de Danone : Taux de TVA erroné.`,
    )
  })

  it("the PA's acknowledgement in error reaches the flow we sent, in French", async () => {
    const seller = await connectedOrganization(ctx, fake, { name: 'Atelier Martin' })
    const platform = createPlatformClient(
      {
        flowUrl: fake.flowUrl,
        directoryUrl: fake.directoryUrl,
        tokenUrl: fake.tokenUrl,
        clientId: seller.pa.clientId,
        clientSecret: seller.pa.clientSecret,
        platformOrganizationId: null,
      },
      createTokenCache({ timeoutMs: 5000 }),
    )
    const wrong = '0'.repeat(64)
    const submitted = await platform.submitFlow(
      { trackingId: 'carnet-ack-test', name: 'cdar.xml', flowSyntax: 'CDAR', sha256: wrong },
      { name: 'cdar.xml', content: Buffer.from('<a/>'), contentType: 'application/xml' },
    )
    await fake.waitForFlows(seller.pa.clientId, (flows) =>
      flows.some((f) => f.flowId === submitted.flowId && f.acknowledgement.status !== 'Pending'),
    )
    await ctx.database.db.insert(eInvoiceFlows).values({
      organizationId: seller.organizationId,
      direction: 'out',
      flowType: 'SupplierInvoiceLC',
      syntax: 'CDAR',
      fileName: 'cdar.xml',
      sha256: wrong,
      trackingId: 'carnet-ack-test',
      flowId: submitted.flowId,
      state: 'sent',
    })
    await ctx.app.eInvoicing.intake.pollDue()
    const [row] = await ctx.database.db
      .select()
      .from(eInvoiceFlows)
      .where(and(eq(eInvoiceFlows.organizationId, seller.organizationId), eq(eInvoiceFlows.flowId, submitted.flowId)))
    expect(row).toMatchObject({ state: 'failed', ackStatus: 'Error' })
    expect(row?.lastError).toBe(
      "Ta plateforme agréée a refusé le fichier : l'empreinte du fichier ne correspond pas à son contenu (sha256).",
    )
  })

  it('by webhook: a status the PA tells of reaches the invoice; a late one is kept without moving it back', async () => {
    const origin = await listeningOrigin(ctx)
    const seller = await connectedOrganization(ctx, fake, { name: 'Atelier Martin', webhookOrigin: origin })
    const buyer = await fake.registerElsewhere({ name: 'Danone' })
    const { invoice, flowId } = await sentInvoice(seller, buyer.siren)

    await eventually(
      () => historyOf(seller.client, invoice.id),
      (sentences) => sentences.includes('Statut Émise par la plateforme reçu de la plateforme.'),
    )
    await fake.sendStatus(flowId, { status: 205 })
    await eventually(
      () => historyOf(seller.client, invoice.id),
      (sentences) => sentences.some((s) => s.startsWith('Approuvée par')),
    )
    await fake.sendStatus(flowId, { status: 202 })
    const late = await eventually(
      () => statusesOf(seller.organizationId, invoice.id),
      (rows) => rows.some((row) => row.code === 202),
    )
    expect(late.find((row) => row.code === 202)?.applied).toBe(false)
    expect(late.filter((row) => row.applied).at(-1)?.code).toBe(205)
    // Seen again by the polling: nothing is written twice.
    await ctx.app.eInvoicing.intake.pollDue()
    expect(await statusesOf(seller.organizationId, invoice.id)).toHaveLength(late.length)
  })
})
