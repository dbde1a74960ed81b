import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useFakePa } from '../../../../../test/fake-pa'
import { json, useTestContext } from '../../../../../test/helpers'
import { eInvoiceFlows, eInvoicingConnections } from '../../../../db/schema/index'
import { CII_INVOICE, encode, UBL_INVOICE } from '../../../money/receipts/e-invoices/samples.test-helper'
import { createPlatformClient } from '../platform/client'
import { createTokenCache } from '../platform/token'
import { sha256Of } from '../sending/queue'
import { connectedOrganization } from './network.test-helper'

const ctx = useTestContext()
const fake = useFakePa()

const pollingOf = async (organizationId: number) =>
  (
    await ctx.database.db
      .select({ cursor: eInvoicingConnections.pollCursor, until: eInvoicingConnections.polledUntil })
      .from(eInvoicingConnections)
      .where(eq(eInvoicingConnections.organizationId, organizationId))
  )[0]

describe('polling the PA', () => {
  it('waits out a PA that is down, then takes what arrived meanwhile, and asks only for what is newer next time', async () => {
    const buyer = await connectedOrganization(ctx, fake, { name: 'Atelier Martin' })
    await fake.dropInInbox({
      clientId: buyer.pa.clientId,
      syntax: 'UBL',
      file: Buffer.from(encode(UBL_INVOICE)),
      name: 'FA-2026-0457.xml',
    })
    await fake.outage(true)
    try {
      expect(await ctx.app.eInvoicing.intake.pollDue()).toBe(0)
    } finally {
      await fake.outage(false)
    }
    expect(json(await buyer.client.get('/receipts')).data).toHaveLength(0)

    await ctx.app.eInvoicing.intake.pollDue()
    expect(json(await buyer.client.get('/receipts')).data).toHaveLength(1)
    const first = await pollingOf(buyer.organizationId)
    expect(first).toMatchObject({ cursor: null })
    expect(first?.until).not.toBeNull()

    await fake.dropInInbox({
      clientId: buyer.pa.clientId,
      syntax: 'CII',
      file: Buffer.from(encode(CII_INVOICE)),
      name: '2026-IB-0931.xml',
    })
    await ctx.app.eInvoicing.intake.pollDue()
    const receipts = json(await buyer.client.get('/receipts')).data as { eInvoiceFormat: string }[]
    expect(receipts.map((receipt) => receipt.eInvoiceFormat).sort()).toEqual(['cii', 'ubl'])
    const second = await pollingOf(buyer.organizationId)
    expect(Date.parse(second?.until ?? '')).toBeGreaterThan(Date.parse(first?.until ?? ''))
  })

  it('keeps a status about an invoice Carnet does not know as a failed flow, with why, not taken again before its next try', async () => {
    const seller = await connectedOrganization(ctx, fake, { name: 'Atelier Martin' })
    // Sent by another tool with the same credentials: Carnet has no invoice of that number.
    const submitted = await createPlatformClient(
      {
        flowUrl: fake.flowUrl,
        directoryUrl: fake.directoryUrl,
        tokenUrl: fake.tokenUrl,
        clientId: seller.pa.clientId,
        clientSecret: seller.pa.clientSecret,
        platformOrganizationId: null,
      },
      createTokenCache({ timeoutMs: 5000 }),
    ).submitFlow(
      {
        trackingId: 'autre-outil-1',
        name: 'facture.xml',
        flowSyntax: 'CII',
        sha256: sha256Of(Buffer.from(CII_INVOICE)),
      },
      { name: 'facture.xml', content: Buffer.from(CII_INVOICE), contentType: 'application/xml' },
    )
    await fake.waitForFlows(seller.pa.clientId, (flows) => flows.some((f) => f.flowType === 'CustomerInvoiceLC'))
    await ctx.app.eInvoicing.intake.pollDue()
    const incoming = await ctx.database.db
      .select()
      .from(eInvoiceFlows)
      .where(and(eq(eInvoiceFlows.organizationId, seller.organizationId), eq(eInvoiceFlows.direction, 'in')))
    expect(incoming.length).toBeGreaterThan(0)
    for (const flow of incoming)
      expect(flow).toMatchObject({ state: 'failed', lastError: 'Statut reçu pour une facture inconnue : 2026/IB/0931' })
    expect(submitted.flowId).toBeTruthy()
    await ctx.app.eInvoicing.intake.pollDue()
    expect(
      await ctx.database.db.select().from(eInvoiceFlows).where(eq(eInvoiceFlows.organizationId, seller.organizationId)),
    ).toHaveLength(incoming.length)
  })
})
