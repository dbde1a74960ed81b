import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { json, useTestContext } from '../../../../test/helpers'
import { createSubscription, occurrencesOf, premiumOrganization, recurringBody } from '../../../../test/recurring'

// "Today" is Sunday 10 January 2027 in Paris; the jobs move time forward with `until`, as `npm run jobs` does.
const ctx = useTestContext({ now: () => new Date('2027-01-10T10:00:00Z') })

afterEach(async () => {
  await ctx.database.db.execute(sql`update recurring_params set is_active = false`)
})

describe('the jobs on the audit trail', () => {
  it('record each invoice a recurring invoice made, as Carnet, under its organisation only', async () => {
    const { client, contactId, addressId } = await premiumOrganization(ctx)
    const other = await premiumOrganization(ctx)
    const sub = await createSubscription(client, recurringBody({ contactId, billingAddressId: addressId }))
    await ctx.app.jobs.runDue({ until: '2027-03-31' })
    const made = await occurrencesOf(client, sub.id)
    expect(made).toHaveLength(2)

    await ctx.app.audit.settled()
    const events = json(await client.get('/audit-events?filter[category]=documents&pageSize=100')).data as {
      actorKind: string
      userId: number | null
      route: string
      targetId: string
    }[]
    const byJobs = events.filter((event) => event.actorKind === 'jobs')
    expect(byJobs.map((event) => [event.route, event.targetId, event.userId])).toEqual(
      made.map((invoice: { id: number }) => ['/jobs/recurring-occurrence', String(invoice.id), null]).reverse(),
    )
    const theirs = json(await other.client.get('/audit-events?pageSize=100')).data as { actorKind: string }[]
    expect(theirs.filter((event) => event.actorKind === 'jobs')).toEqual([])
  })
})
