import { CONDITION_FUNCTION_IDS as F, messages, CONDITION_TARGET_IDS as T } from '@app/domain'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import {
  BANK_FEES,
  bankAccount,
  contains,
  HOLDING,
  importQif,
  PHONE,
  TRAVEL,
  transaction,
} from '../../../../test/money'
import { vatPayer } from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

type Allocation = { accountingEntryId: number; amount: string; taxAmount: string }

async function categorize(client: Client, id: number, accountingEntryId: number, amount: string) {
  const response = await client.patch(`/transactions/${id}`, {
    allocations: [{ name: 'Catégorie', amount, accountingEntryId }],
  })
  expect(response.statusCode, response.body).toBe(200)
}

async function splitOf(client: Client, id: number) {
  const data = json(await client.get(`/transactions/${id}`)).data
  return {
    name: data.name as string,
    parts: (data.transactionAllocations as Allocation[]).map((part) => [part.accountingEntryId, part.amount]),
  }
}

async function activeRule(client: Client, body: Record<string, unknown>) {
  const response = await client.post('/rules', { isActive: true, ...body })
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data as { id: number }
}

describe('applying a rule to the transactions already there', () => {
  it('shows the count and a sample first, changes only waiting and unlocked ones, and undoes as one step', async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    const waiting = await transaction(client, journalId, 'Orange facture novembre', '-60.00', '2026-11-10')
    const parked = await transaction(client, journalId, 'ORANGE facture octobre', '-60.00', '2026-10-10')
    await categorize(client, parked, HOLDING, '-60.00')
    const categorized = await transaction(client, journalId, 'Orange facture septembre', '-60.00', '2026-09-10')
    await categorize(client, categorized, TRAVEL, '-60.00')
    const locked = await transaction(client, journalId, 'Orange facture août', '-60.00', '2026-08-10')
    await categorize(client, locked, HOLDING, '-60.00')
    expect((await client.post(`/transactions/${locked}/toggle-validate`)).statusCode).toBe(200)
    await transaction(client, journalId, 'SNCF', '-30.00')

    const rule = await activeRule(client, {
      name: 'Orange',
      accountingEntryId: PHONE,
      newName: 'Orange (mobile)',
      hasNoReceipt: true,
      conditions: [contains('orange')],
    })
    const plan = json(await client.get(`/rules/${rule.id}/application`)).data
    expect(plan.count).toBe(2)
    expect(plan.sample.map((row: { id: number }) => row.id)).toEqual([waiting, parked])
    expect(plan.sample[1].categories).toEqual([{ id: HOLDING, code: '471000', name: expect.any(String) }])
    // The plan changes nothing.
    expect((await splitOf(client, waiting)).parts).toEqual([])

    const applied = await client.post(`/rules/${rule.id}/apply`)
    expect(applied.statusCode, applied.body).toBe(201)
    const application = json(applied).data
    expect(application).toMatchObject({ ruleId: rule.id, count: 2, undoneAt: null })
    expect(await splitOf(client, waiting)).toEqual({ name: 'Orange (mobile)', parts: [[PHONE, '-60.00']] })
    expect(await splitOf(client, parked)).toEqual({ name: 'Orange (mobile)', parts: [[PHONE, '-60.00']] })
    expect((await splitOf(client, categorized)).parts).toEqual([[TRAVEL, '-60.00']])
    expect((await splitOf(client, locked)).parts).toEqual([[HOLDING, '-60.00']])
    expect(json(await client.get(`/transactions/${waiting}`)).data.hasNoReceipt).toBe(true)
    expect(json(await client.get(`/rules/${rule.id}/application`)).data.count).toBe(0)

    const undone = await client.post(`/rule-applications/${application.id}/undo`)
    expect(undone.statusCode, undone.body).toBe(200)
    expect(json(undone).data).toEqual({ restored: 2, skipped: 0 })
    expect(await splitOf(client, waiting)).toEqual({ name: 'Orange facture novembre', parts: [] })
    expect(await splitOf(client, parked)).toEqual({ name: 'ORANGE facture octobre', parts: [[HOLDING, '-60.00']] })
    expect(json(await client.get(`/transactions/${waiting}`)).data.hasNoReceipt).toBe(false)
    expect(json(await client.get('/transactions/to-categorize/count')).data).toMatchObject({ count: 2 })

    const again = await client.post(`/rule-applications/${application.id}/undo`)
    expect(again.statusCode).toBe(409)
    expect(json(again).message).toBe(messages.rules.alreadyUndone)
  })

  it('leaves alone, on undo, what someone changed since the run', async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    const first = await transaction(client, journalId, 'Frais carte', '-2.00')
    const second = await transaction(client, journalId, 'Frais virement', '-1.00')
    const third = await transaction(client, journalId, 'Frais tenue de compte', '-8.00')
    const rule = await activeRule(client, {
      name: 'Frais',
      accountingEntryId: BANK_FEES,
      conditions: [contains('frais')],
    })
    const application = json(await client.post(`/rules/${rule.id}/apply`)).data
    expect(application.count).toBe(3)
    await categorize(client, first, TRAVEL, '-2.00')
    expect((await client.post(`/transactions/${second}/toggle-check`)).statusCode).toBe(200)
    expect(json(await client.post(`/rule-applications/${application.id}/undo`)).data).toEqual({
      restored: 1,
      skipped: 2,
    })
    expect((await splitOf(client, first)).parts).toEqual([[TRAVEL, '-2.00']])
    expect((await splitOf(client, second)).parts).toEqual([[BANK_FEES, '-1.00']])
    expect(await splitOf(client, third)).toEqual({ name: 'Frais tenue de compte', parts: [] })
    // The line the run did not rename is waiting for its category again.
    expect(json(await client.get('/transactions/to-categorize/count')).data).toMatchObject({ count: 1 })
  })

  it('needs the rule active; another organisation’s rule or application answers 404', async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    await transaction(client, journalId, 'Frais carte', '-2.00')
    const inactive = json(
      await client.post('/rules', { name: 'Frais', accountingEntryId: BANK_FEES, conditions: [contains('frais')] }),
    ).data
    expect(json(await client.get(`/rules/${inactive.id}/application`)).data.count).toBe(1)
    const refused = await client.post(`/rules/${inactive.id}/apply`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused).message).toBe(messages.rules.inactiveNoApply)
    await client.patch(`/rules/${inactive.id}`, { isActive: true })
    const application = json(await client.post(`/rules/${inactive.id}/apply`)).data

    const { client: other } = await vatPayer(ctx.app)
    expect((await other.get(`/rules/${inactive.id}/application`)).statusCode).toBe(404)
    expect((await other.post(`/rules/${inactive.id}/apply`)).statusCode).toBe(404)
    expect((await other.post(`/rule-applications/${application.id}/undo`)).statusCode).toBe(404)
    expect(json(await client.get('/transactions/to-categorize/count')).data).toMatchObject({ count: 0 })
  })
})

describe('rule proposals', () => {
  it('proposes a rule after three identical categorisations, never creates it, and forgets a declined one', async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    const ids = []
    for (const [name, day] of [
      ['Free Mobile', '01'],
      ['FREE  mobile', '02'],
    ] as const) {
      const id = await transaction(client, journalId, name, '-19.99', `2026-11-${day}`)
      await categorize(client, id, PHONE, '-19.99')
      ids.push(id)
    }
    expect(json(await client.get('/rules/proposals')).data).toEqual([])
    const third = await transaction(client, journalId, 'Free mobile', '-19.99', '2026-11-03')
    await categorize(client, third, PHONE, '-19.99')
    // Same label, another category: not the same habit.
    for (const day of ['04', '05']) {
      const id = await transaction(client, journalId, 'Free mobile', '-19.99', `2026-11-${day}`)
      await categorize(client, id, TRAVEL, '-19.99')
    }
    const proposals = json(await client.get('/rules/proposals'))
    expect(proposals.meta).toMatchObject({ total: 1 })
    expect(proposals.data[0]).toMatchObject({
      key: 'free mobile',
      name: 'Free mobile',
      count: 3,
      accountingEntryId: PHONE,
      rule: {
        name: 'Free mobile',
        accountingEntryId: PHONE,
        conditions: [{ conditionTargetId: T.NAME, conditionFunctionId: F['='], value: 'Free mobile' }],
        creditOnly: false,
        debitOnly: true,
      },
    })
    expect(json(await client.get('/rules')).meta.total).toBe(0)

    // Saved as proposed, the rule answers the habit.
    const saved = await client.post('/rules', proposals.data[0].rule)
    expect(saved.statusCode, saved.body).toBe(201)
    expect(json(await client.get('/rules/proposals')).data).toEqual([])
    await client.delete(`/rules/${json(saved).data.id}`)
    expect(json(await client.get('/rules/proposals')).data).toHaveLength(1)

    const declined = await client.post('/rules/proposals/decline', { key: 'free mobile', accountingEntryId: PHONE })
    expect(declined.statusCode, declined.body).toBe(204)
    expect(json(await client.get('/rules/proposals')).data).toEqual([])
    const unknown = await client.post('/rules/proposals/decline', { key: 'x', accountingEntryId: 999_999 })
    expect(unknown.statusCode).toBe(422)
  })
})

describe('a retroactive rule over many lines', () => {
  /** The books' entries as the planner counts them: ANALYZE sets it, and PGlite has no autovacuum to run it. */
  const plannedEntries = async () => {
    const result = (await ctx.database.db.execute(
      sql`select reltuples::int as n from pg_class where relname = 'ledger_entries'`,
    )) as unknown as { rows: { n: number }[] }
    return result.rows[0]?.n ?? 0
  }

  it("refreshes the books' statistics after the run and after its undo, on PGlite", async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    const lines = Array.from({ length: 1000 }, (_, index) =>
      [
        `D11/${String(1 + (index % 20)).padStart(2, '0')}/2026`,
        `T-${(index % 90) + 10}.00`,
        `PORANGE ${index}`,
        '^',
      ].join('\n'),
    )
    const imported = await importQif(ctx.app, client, journalId, ['!Type:Bank', ...lines, ''].join('\n'))
    expect(imported.statusCode, imported.body).toBe(200)
    const rule = await activeRule(client, {
      name: 'Orange',
      accountingEntryId: PHONE,
      conditions: [contains('orange')],
    })

    const beforeRun = await plannedEntries()
    const applied = await client.post(`/rules/${rule.id}/apply`)
    expect(applied.statusCode, applied.body).toBe(201)
    expect(json(applied).data.count).toBe(1000)
    const afterRun = await plannedEntries()
    const undone = await client.post(`/rule-applications/${json(applied).data.id}/undo`)
    expect(json(undone).data).toEqual({ restored: 1000, skipped: 0 })
    // Each run writes 2,000 entries: the reversals of the lines' entries and their new ones.
    if (ctx.database.kind === 'pglite') {
      expect(afterRun).toBeGreaterThanOrEqual(beforeRun + 2000)
      expect(await plannedEntries()).toBeGreaterThanOrEqual(afterRun + 2000)
    }
  })
})
