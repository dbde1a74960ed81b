import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, joinAsCollaborator, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext()
const m = messages.journals

const SG_IBAN = 'FR76 3000 3000 1100 0500 0157 821'
const BANK = 1

async function createJournal(client: Client, body: Record<string, unknown>) {
  const response = await client.post('/journals', body)
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data
}

/** Movements of a journal, typed by hand. */
async function addMovements(client: Client, journalId: number, amounts: string[]) {
  for (const [index, amount] of amounts.entries()) {
    const response = await client.post('/transactions', {
      journalId,
      name: `Mouvement ${index + 1}`,
      datedAt: '2026-11-02',
      amount,
    })
    expect(response.statusCode, response.body).toBe(201)
  }
}

describe('bank accounts (journals)', () => {
  it('creates a bank account with its code and account, IBAN and BIC normalised, the bank recognised', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const created = await createJournal(client, {
      name: 'Compte pro',
      journalTypeId: BANK,
      iban: SG_IBAN,
      bic: 'sogefrpp',
      startingValue: '1 200,50',
    })
    expect(created).toMatchObject({
      name: 'Compte pro',
      code: 'BQ1',
      accountCode: '5121',
      journalType: { code: 'BQ', name: 'Banque' },
      iban: 'FR7630003000110005000157821',
      bic: 'SOGEFRPP',
      isActive: true,
      isDefault: false,
      startingValue: '1200.50',
      balance: '1200.50',
      transactionsCount: 0,
      bank: { name: 'Société Générale', parentName: null, logoUrl: null },
    })
    const second = await createJournal(client, { name: 'Épargne', journalTypeId: BANK, isDefault: true })
    // One bank account only may be active: the second one starts switched off. No BIC, no IBAN: bank unknown.
    expect(second).toMatchObject({ code: 'BQ2', accountCode: '5122', isActive: false, isDefault: true, bank: null })
    const list = json(await client.get('/journals?filter[journalTypeCode]=BQ'))
    expect(list.meta).toEqual({ total: 2, page: 1, pageSize: 25 })
    expect(list.data.map((journal: { code: string }) => journal.code)).toEqual(['BQ1', 'BQ2'])
    expect(json(await client.get('/journals?filter[isActive]=true')).data).toHaveLength(1)
  })

  it('checks the name, the IBAN key, the BIC and the type, with French messages keyed by field', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.post('/journals', {
      name: '',
      journalTypeId: 9,
      iban: 'FR7630003000110005000157846',
      bic: 'SOGE',
      startingValue: 'beaucoup',
    })
    expect(response.statusCode).toBe(422)
    expect(json(response).errors).toEqual({
      name: [messages.validation.required],
      journalTypeId: [m.typeInvalid],
      iban: [messages.settingsAppearance.ibanInvalid],
      bic: [messages.settingsAppearance.bicInvalid],
      startingValue: ["Le montant n'est pas valide"],
    })
    expect(json(await client.get('/journals')).meta.total).toBe(0)
  })

  it('prefixes an associate account with "CCA " and numbers each type on its own', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const associate = await createJournal(client, { name: 'Camille Martin', journalTypeId: 2 })
    expect(associate).toMatchObject({ name: 'CCA Camille Martin', code: 'CC1', accountCode: '4551', isActive: true })
    const renamed = json(await client.patch(`/journals/${associate.id}`, { name: 'Alex Dupont' })).data
    expect(renamed.name).toBe('CCA Alex Dupont')
    const cash = await createJournal(client, { name: 'Caisse', journalTypeId: 4 })
    expect(cash).toMatchObject({ code: 'CAI1', accountCode: '5301' })
  })

  it('edits only the fields sent; null clears the IBAN; the type cannot be changed; one default per type', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const first = await createJournal(client, {
      name: 'Principal',
      journalTypeId: BANK,
      iban: SG_IBAN,
      isDefault: true,
    })
    const second = await createJournal(client, { name: 'Second', journalTypeId: BANK })
    const patched = await client.patch(`/journals/${second.id}`, { isDefault: true, bic: 'BNPAFRPP' })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(json(patched).data).toMatchObject({ name: 'Second', isDefault: true, bank: { name: 'BNP Paribas' } })
    const reread = json(await client.get(`/journals/${first.id}`)).data
    expect(reread).toMatchObject({ name: 'Principal', isDefault: false, iban: 'FR7630003000110005000157821' })
    expect(json(await client.patch(`/journals/${first.id}`, { iban: null })).data).toMatchObject({
      iban: null,
      bank: null,
    })
    const typeChange = await client.patch(`/journals/${first.id}`, { journalTypeId: 2 })
    expect(typeChange.statusCode).toBe(422)
    expect(json(typeChange).errors).toEqual({ journalTypeId: [m.typeUnchangeable] })
  })

  it('keeps one active bank account: activating a second one is refused until the first is switched off', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const first = await createJournal(client, { name: 'Principal', journalTypeId: BANK })
    const second = await createJournal(client, { name: 'Second', journalTypeId: BANK })
    const refused = await client.post(`/journals/${second.id}/toggle`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({ code: 'ACTIVE_BANK_EXISTS', message: m.alreadyActive })
    expect(json(await client.post(`/journals/${first.id}/toggle`)).data.isActive).toBe(false)
    expect(json(await client.post(`/journals/${second.id}/toggle`)).data.isActive).toBe(true)
    // At the same moment, two activations: exactly one wins.
    await client.post(`/journals/${second.id}/toggle`)
    const both = await Promise.all([
      client.post(`/journals/${first.id}/toggle`),
      client.post(`/journals/${second.id}/toggle`),
    ])
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409])
  })

  it('computes the balance from the starting value and the transactions, to the cent; refuses to delete an account that has some', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const journal = await createJournal(client, { name: 'Compte', journalTypeId: BANK, startingValue: '100.10' })
    await addMovements(client, journal.id, ['0.10', '0.20', '-1000.01', '2500'])
    const read = json(await client.get(`/journals/${journal.id}`)).data
    expect(read).toMatchObject({ balance: '1600.39', transactionsCount: 4 })
    const refused = await client.delete(`/journals/${journal.id}`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({ code: 'JOURNAL_HAS_TRANSACTIONS', message: m.hasTransactions })

    const empty = await createJournal(client, { name: 'Vide', journalTypeId: 4 })
    expect((await client.delete(`/journals/${empty.id}`)).statusCode).toBe(204)
    expect((await client.get(`/journals/${empty.id}`)).statusCode).toBe(404)
  })

  it("lets a collaborator manage the accounts, and answers 404 for another organisation's account", async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const collaborator = await joinAsCollaborator(ctx, owner)
    const journal = await createJournal(collaborator.client, { name: 'Compte', journalTypeId: BANK })
    expect(json(await owner.client.get('/journals')).data).toHaveLength(1)

    const stranger = await signUpWithOrganization(ctx.app)
    for (const response of [
      await stranger.client.get(`/journals/${journal.id}`),
      await stranger.client.patch(`/journals/${journal.id}`, { name: 'Volé' }),
      await stranger.client.post(`/journals/${journal.id}/toggle`),
      await stranger.client.delete(`/journals/${journal.id}`),
    ])
      expect(response.statusCode).toBe(404)
    expect(json(await owner.client.get(`/journals/${journal.id}`)).data.name).toBe('Compte')
  })
})
