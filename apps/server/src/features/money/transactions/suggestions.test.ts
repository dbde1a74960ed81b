import { CONDITION_FUNCTION_IDS as F, searchKey, CONDITION_TARGET_IDS as T } from '@app/domain'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { bankAccount, contains, transaction } from '../../../../test/money'
import { vatPayer } from '../../../../test/sales'
import { transactions } from '../../../db/schema/index'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

type Suggestion = { accountingEntry: { id: number; code: string; name: string }; taxId: number; source: string }

async function chart(client: Client) {
  const entries = json(await client.get('/accounting-entries?pageSize=1000')).data as { id: number; code: string }[]
  return (code: string) => entries.find((entry) => entry.code === code)?.id as number
}

async function suggestionsOf(client: Client, id: number) {
  const response = await client.get(`/transactions/${id}/suggestions`)
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data as Suggestion[]
}

const codesOf = (suggestions: Suggestion[]) => suggestions.map((s) => [s.accountingEntry.code, s.source])

async function categorise(client: Client, id: number, amount: string, accountingEntryId: number) {
  const response = await client.patch(`/transactions/${id}`, {
    allocations: [{ name: 'Part', amount, accountingEntryId }],
  })
  expect(response.statusCode, response.body).toBe(200)
}

describe('suggested categories of an uncategorised line', () => {
  it('come from the line itself: bank fees, a supermarket and a personal transfer each get their own, or none', async () => {
    const { client } = await vatPayer(ctx.app)
    const bank = await bankAccount(client)
    const fees = await transaction(client, bank, 'FRAIS TENUE DE COMPTE', '-8.50')
    const market = await transaction(client, bank, 'CB CARREFOUR MARKET 18/11', '-45.20')
    const personal = await transaction(client, bank, 'VIR M. JEAN DUPONT', '-500')
    const customer = await transaction(client, bank, 'VIR INST SARL BOULANGERIE LEROY', '1200')

    expect(codesOf(await suggestionsOf(client, fees))).toEqual([['627', 'keywords']])
    expect(codesOf(await suggestionsOf(client, market))).toEqual([
      ['6064', 'keywords'],
      ['6068', 'keywords'],
    ])
    // Nothing says who Jean Dupont is, nor what the customer paid for: no suggestion rather than a guess.
    expect(await suggestionsOf(client, personal)).toEqual([])
    expect(await suggestionsOf(client, customer)).toEqual([])
    const [fee] = await suggestionsOf(client, fees)
    expect(fee?.taxId).toEqual(expect.any(Number))
  })

  it('put first the category the organisation gave a line like this one, then what the words say', async () => {
    const { client } = await vatPayer(ctx.app)
    const code = await chart(client)
    const bank = await bankAccount(client)
    // Here the supermarket is where the cleaning products come from, twice; a personal transfer went to the owner.
    await categorise(
      client,
      await transaction(client, bank, 'CB CARREFOUR CITY 03/10', '-20', '2026-10-03'),
      '-20',
      code('6063'),
    )
    await categorise(
      client,
      await transaction(client, bank, 'CB CARREFOUR MARKET 02/11', '-31', '2026-11-02'),
      '-31',
      code('6063'),
    )
    await categorise(
      client,
      await transaction(client, bank, 'VIR M. JEAN DUPONT', '-500', '2026-10-28'),
      '-500',
      code('108'),
    )

    const market = await transaction(client, bank, 'CB CARREFOUR MARKET 18/11', '-45.20')
    expect(codesOf(await suggestionsOf(client, market))).toEqual([
      ['6063', 'history'],
      ['6064', 'keywords'],
      ['6068', 'keywords'],
    ])
    const personal = await transaction(client, bank, 'VIR M. JEAN DUPONT', '-450')
    expect(codesOf(await suggestionsOf(client, personal))).toEqual([['108', 'history']])
    // Money in learns from money in only: the owner's transfer out says nothing of a transfer in.
    const back = await transaction(client, bank, 'VIR M. JEAN DUPONT', '300')
    expect(await suggestionsOf(client, back)).toEqual([])
  })

  it('know the counterparty, prefer the most used and recent, and never offer a category switched off', async () => {
    const { client, organization } = await vatPayer(ctx.app)
    const code = await chart(client)
    const bank = await bankAccount(client)
    // The counterparty comes from the bank (a connection or a statement), never typed: set here as a sync would.
    const line = async (name: string, amount: string, datedAt: string, counterparty: string) => {
      const id = await transaction(client, bank, name, amount, datedAt)
      await ctx.database.db
        .update(transactions)
        .set({ counterparty, counterpartyKey: searchKey(counterparty) })
        .where(and(eq(transactions.organizationId, organization.id), eq(transactions.id, id)))
      return id
    }
    await categorise(client, await line('FACTURE 2025-118', '-300', '2025-03-01', 'Garage Petit'), '-300', code('615'))
    await categorise(client, await line('FACTURE 2026-042', '-90', '2026-09-01', 'Garage Petit'), '-90', code('6068'))
    await categorise(client, await line('FACTURE 2026-077', '-75', '2026-10-01', 'Garage Petit'), '-75', code('6068'))
    const fresh = await line('PRLV 8812', '-120', '2026-11-20', 'GARAGE PETIT')
    expect(codesOf(await suggestionsOf(client, fresh))).toEqual([
      ['6068', 'counterparty'],
      ['615', 'counterparty'],
    ])

    const fees = await transaction(client, bank, 'COTIS CARTE BUSINESS', '-4')
    const switchedOff = await client.post(`/accounting-entries/${code('627')}/toggle`)
    expect(switchedOff.statusCode, switchedOff.body).toBe(200)
    expect(await suggestionsOf(client, fees)).toEqual([])
  })

  it('offer the category of a rule the line almost matches: its words are there, its amount is not', async () => {
    const { client } = await vatPayer(ctx.app)
    const code = await chart(client)
    const bank = await bankAccount(client)
    const created = await client.post('/rules', {
      name: 'URSSAF trimestrielle',
      accountingEntryId: code('6451'),
      conditions: [contains('urssaf'), { conditionTargetId: T.AMOUNT, conditionFunctionId: F['>'], value: '-500' }],
    })
    expect(created.statusCode, created.body).toBe(201)
    const rule = json(created).data
    const activated = await client.patch(`/rules/${rule.id}`, { isActive: true })
    expect(activated.statusCode, activated.body).toBe(200)
    expect(json(activated).data.conditions).toHaveLength(2)

    const urssaf = await transaction(client, bank, 'PRLV SEPA URSSAF RHONE ALPES', '-620')
    expect(codesOf(await suggestionsOf(client, urssaf))).toEqual([
      ['6451', 'rule'],
      ['646', 'keywords'],
      ['431', 'keywords'],
    ])
  })
})
