import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { json, useTestContext } from '../../../../test/helpers'
import { createSubscription, occurrencesOf, premiumOrganization, recurringBody } from '../../../../test/recurring'
import { act, createValidatedInvoice, line } from '../../../../test/sales'

// "Today" is Sunday 10 January 2027 in Paris; the jobs move time forward with `until`.
const ctx = useTestContext({ now: () => new Date('2027-01-10T10:00:00Z') })

// The jobs serve every organisation of the database: each test stops its schedules so that the next one runs alone.
afterEach(async () => {
  await ctx.database.db.execute(sql`update recurring_params set is_active = false`)
})

describe('the monthly recurring revenue', () => {
  it('is what the invoices made by recurring invoices put in the books, HT, in the month of `to` and the one before', async () => {
    const { client, contactId, addressId } = await premiumOrganization(ctx)
    const sub = await createSubscription(
      client,
      recurringBody({ contactId, billingAddressId: addressId, lines: [line({ amount: '450' })] }, { day: 1 }),
    )
    await ctx.app.jobs.runDue({ until: '2027-03-15' })
    const [february, march] = await occurrencesOf(client, sub.id)
    expect([february.datedAt, march.datedAt]).toEqual(['2027-02-01', '2027-03-01'])
    // February's is validated; March's stays a draft, not in the books; a one-off invoice of March is no MRR.
    await act(client, `/invoices/${february.id}/validate`)
    await createValidatedInvoice(client, { datedAt: '2027-03-01', lines: [line({ amount: '900' })] })

    const response = await client.get('/dashboard/mrr?from=2027-01-01&to=2027-03-15')
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data).toEqual({
      lastPeriodAmount: '0.00',
      previousPeriodAmount: '450.00',
      lastPeriodStart: '2027-03-01',
      previousPeriodStart: '2027-02-01',
      trend: 'down',
    })
    await act(client, `/invoices/${march.id}/validate`)
    expect(json(await client.get('/dashboard/mrr?to=2027-03-15')).data).toMatchObject({
      lastPeriodAmount: '450.00',
      previousPeriodAmount: '450.00',
      trend: 'flat',
    })
  })
})
