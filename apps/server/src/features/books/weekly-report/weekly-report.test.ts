import { describe, expect, it } from 'vitest'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { givePlan } from '../../../../test/recurring'

/** Tuesday 24 November 2026, 11:00 in Paris. */
const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

const mailsTo = (address: string) =>
  ctx.smtp.received.filter((mail) =>
    [mail.to].flat().some((to) => to?.value.some((one) => one.address?.toLowerCase() === address.toLowerCase())),
  )

async function withLines(client: Client) {
  const journal = json(await client.post('/journals', { name: 'Compte pro', journalTypeId: 1 })).data
  for (const [name, amount] of [
    ['Loyer', '-800'],
    ['Virement client', '1200'],
  ]) {
    const response = await client.post('/transactions', { journalId: journal.id, name, datedAt: '2026-11-20', amount })
    expect(response.statusCode, response.body).toBe(201)
  }
}

const ask = async (client: Client, report: Record<string, unknown>) => {
  const response = await client.patch('/me/preferences', { notifications: { report } })
  expect(response.statusCode, response.body).toBe(200)
}

describe('the weekly report', () => {
  it('is e-mailed once on the member’s day, from their hour on, with what they asked for', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    await withLines(owner.client)
    // Tuesday at noon: not yet at 11:00.
    await ask(owner.client, { day: 2, hour: 12, transactionsUncategorized: true, transactionsWithoutReceipt: true })
    await ctx.app.jobs.runDue()
    expect(mailsTo(owner.email)).toHaveLength(0)

    await ask(owner.client, { hour: 9 })
    const run = await ctx.app.jobs.runDue()
    expect(run.reports).toBe(1)
    const mail = await ctx.smtp.waitFor(owner.email)
    expect(mail.subject).toBe(`Ton rapport hebdomadaire — ${owner.organization.name}`)
    expect(mail.text).toContain('- 2 transactions à catégoriser\n- 2 transactions sans justificatif')
    expect(mail.text).toContain('http://localhost:3000/app/financial/bank')

    // Every minute of the day after that: nothing more this week.
    expect((await ctx.app.jobs.runDue()).reports).toBe(0)
    expect(mailsTo(owner.email)).toHaveLength(1)
  })

  it('says only what the member asked for, and nothing on another day or on the free formula', async () => {
    const member = await signUpWithOrganization(ctx.app)
    await withLines(member.client)
    await ask(member.client, { day: 3, hour: 0, transactionsUncategorized: true })
    await ctx.app.jobs.runDue()
    expect(mailsTo(member.email)).toHaveLength(0)

    await ask(member.client, { day: 2 })
    await givePlan(ctx, member.organization.id, 'free')
    await ctx.app.jobs.runDue()
    expect(mailsTo(member.email)).toHaveLength(0)

    await givePlan(ctx, member.organization.id, 'plus-monthly')
    await ctx.app.jobs.runDue()
    const mail = await ctx.smtp.waitFor(member.email)
    expect(mail.text).toContain('- 2 transactions à catégoriser\n\n')
    expect(mail.text).not.toContain('justificatif')
  })
})
