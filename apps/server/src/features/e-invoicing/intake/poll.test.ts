import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useFakePa } from '../../../../test/fake-pa'
import { json, useTestContext } from '../../../../test/helpers'
import { eInvoicingConnections } from '../../../db/schema/index'
import { CII_INVOICE, encode, UBL_INVOICE } from '../../receipts/e-invoices/samples.test-helper'
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
})
