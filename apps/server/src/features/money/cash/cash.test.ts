import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { vatPayer } from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })
const m = messages.cash

async function categories(client: Client) {
  const entries = json(await client.get('/accounting-entries?pageSize=1000')).data as { id: number; code: string }[]
  const entry = (code: string) => entries.find((candidate) => candidate.code === code)?.id as number
  return { cash: entry('530'), phone: entry('626'), sales: entry('706'), owner: entry('108') }
}

/** One line of a cash operation. */
const line = (name: string, amount: string, accountingEntryId: number, extra: Record<string, unknown> = {}) => ({
  name,
  amount,
  accountingEntryId,
  ...extra,
})

async function operation(client: Client, body: Record<string, unknown>) {
  const response = await client.post('/cash-operations', { name: 'Mouvement', datedAt: '2026-11-10', ...body })
  expect(response.statusCode, response.body).toBe(201)
  return json(response)
}

describe('cash operations', () => {
  it('signs an exit negative and an entry positive whatever the typed sign, in a cash box made on first use', async () => {
    const { client } = await vatPayer(ctx.app)
    const c = await categories(client)
    const saved = await operation(client, {
      name: 'Fond de caisse et timbres',
      allocations: [
        line('Entrée', '-150', c.owner),
        line('Sortie', '12', c.phone),
        line('Sortie timbres', '-3.5', c.phone),
      ],
    })
    expect(saved.data).toMatchObject({
      name: 'Fond de caisse et timbres',
      amount: '134.50',
      journal: { name: 'Caisse', code: 'CAI1', journalTypeCode: 'CAI' },
    })
    expect(saved.data.transactionAllocations).toMatchObject([
      { name: 'Entrée', amount: '150.00', taxAmount: '0.00' },
      { name: 'Sortie', amount: '-12.00', taxAmount: '-2.00' },
      { name: 'Sortie timbres', amount: '-3.50', taxAmount: '-0.58' },
    ])
    expect(saved).toMatchObject({ balance: '134.50', warning: null })

    // The second operation goes to the same cash box: one journal, account 5301.
    const second = await operation(client, { allocations: [line('Sortie', '4.50', c.phone)] })
    expect(second.data.journalId).toBe(saved.data.journalId)
    const journals = json(await client.get('/journals?filter[journalTypeCode]=CAI')).data
    expect(journals).toMatchObject([{ name: 'Caisse', code: 'CAI1', accountCode: '5301', balance: '130.00' }])
  })

  it('gives a VAT typed by hand the sign of its line', async () => {
    const { client } = await vatPayer(ctx.app)
    const c = await categories(client)
    const saved = await operation(client, {
      allocations: [line('Sortie', '12', c.phone, { taxManual: true, taxAmount: '1.50' })],
    })
    expect(saved.data.transactionAllocations[0]).toMatchObject({
      amount: '-12.00',
      taxAmount: '-1.50',
      taxManual: true,
    })
  })

  it('lists the cash movements newest first with the balance of every movement and the starting value', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const c = await categories(client)
    const first = await operation(client, {
      name: 'Apport',
      datedAt: '2026-10-01',
      allocations: [line('Entrée', '100', c.owner)],
    })
    await operation(client, { name: 'Timbres', datedAt: '2026-11-05', allocations: [line('Sortie', '8', c.phone)] })
    await operation(client, { name: 'Café', datedAt: '2026-11-06', allocations: [line('Sortie', '2.40', c.phone)] })
    // A bank transaction is not a cash movement.
    const bank = json(await client.post('/journals', { name: 'Compte pro', journalTypeId: 1 })).data.id
    await client.post('/transactions', { journalId: bank, name: 'Virement', datedAt: '2026-11-07', amount: '500' })
    await client.patch(`/journals/${first.data.journalId}`, { startingValue: '20' })

    const page = json(await client.get('/cash-operations?pageSize=2'))
    expect(page.data.map((row: { name: string }) => row.name)).toEqual(['Café', 'Timbres'])
    expect(page.meta).toEqual({ total: 3, page: 1, pageSize: 2, balance: '109.60', warning: null })
    const filtered = json(await client.get('/cash-operations?filter[search]=timbre&filter[datedAfter]=2026-11-01'))
    expect(filtered.data.map((row: { name: string }) => row.name)).toEqual(['Timbres'])
    // The balance is the cash box's, whatever the filters show.
    expect(filtered.meta).toMatchObject({ total: 1, balance: '109.60' })
    expect(json(await client.get('/transactions?filter[journalTypeCode]=CAI')).meta.total).toBe(3)
  })

  it('warns when the balance goes below zero, and saves the movement anyway', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const c = await categories(client)
    await operation(client, { datedAt: '2026-11-02', allocations: [line('Entrée', '20', c.owner)] })
    const exit = await operation(client, { datedAt: '2026-11-03', allocations: [line('Sortie', '32.50', c.phone)] })
    expect(exit.balance).toBe('-12.50')
    expect(exit.warning).toBe(m.negativeBalance('-12,50\u00a0€'))
    expect(exit.warning).toBe('Attention : le solde de ta caisse devient négatif (-12,50\u00a0€).')
    const list = json(await client.get('/cash-operations'))
    expect(list.meta).toMatchObject({ total: 2, balance: '-12.50', warning: exit.warning })

    // Put right by the entry that was forgotten: no warning any more.
    const fixed = await operation(client, { datedAt: '2026-11-01', allocations: [line('Entrée', '50', c.owner)] })
    expect(fixed).toMatchObject({ balance: '37.50', warning: null })
  })

  it('warns of a day below zero even when a later entry brings the balance back', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const c = await categories(client)
    await operation(client, { datedAt: '2026-11-20', allocations: [line('Entrée', '100', c.owner)] })
    const backdated = await operation(client, { datedAt: '2026-11-05', allocations: [line('Sortie', '30', c.phone)] })
    expect(backdated).toMatchObject({ balance: '70.00', warning: m.negativeBalance('-30,00\u00a0€') })

    // An entry moved later leaves the days in between without it.
    const { client: other } = await signUpWithOrganization(ctx.app)
    const o = await categories(other)
    const entry = await operation(other, { datedAt: '2026-11-01', allocations: [line('Entrée', '50', o.owner)] })
    await operation(other, { datedAt: '2026-11-10', allocations: [line('Sortie', '40', o.phone)] })
    const moved = await other.patch(`/cash-operations/${entry.data.id}`, { datedAt: '2026-11-15' })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(json(moved)).toMatchObject({ balance: '10.00', warning: m.negativeBalance('-40,00\u00a0€') })
  })

  it('edits an operation through its lines, signed again, and deletes it through /transactions', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const c = await categories(client)
    const created = await operation(client, { allocations: [line('Entrée', '40', c.owner)] })
    const id = created.data.id
    const patched = await client.patch(`/cash-operations/${id}`, {
      name: 'Retrait pour la caisse',
      allocations: [line('Entrée', '60', c.owner), line('Sortie', '-15', c.phone)],
    })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(json(patched).data).toMatchObject({ name: 'Retrait pour la caisse', amount: '45.00' })
    expect(json(patched).data.transactionAllocations.map((part: { amount: string }) => part.amount)).toEqual([
      '60.00',
      '-15.00',
    ])
    expect(json(await client.get(`/cash-operations/${id}`)).data.amount).toBe('45.00')
    // The same through /transactions/{id} (API.md: cash operations are transactions of their journal).
    const throughTransactions = await client.patch(`/transactions/${id}`, {
      allocations: [line('Entrée', '60', c.owner), line('Sortie', '20', c.phone)],
    })
    expect(throughTransactions.statusCode, throughTransactions.body).toBe(200)
    expect(json(throughTransactions).data).toMatchObject({ amount: '40.00' })
    const empty = await client.patch(`/transactions/${id}`, { allocations: [] })
    expect(json(empty).errors).toEqual({ allocations: [m.linesRequired] })

    // A checked operation is locked, as any transaction.
    await client.post(`/transactions/${id}/toggle-check`)
    const locked = await client.patch(`/cash-operations/${id}`, { name: 'Autre' })
    expect(locked.statusCode).toBe(409)
    expect(json(locked).message).toBe(messages.transactions.locked)
    await client.post(`/transactions/${id}/toggle-check`)
    expect((await client.delete(`/transactions/${id}`)).statusCode).toBe(204)
    expect(json(await client.get('/cash-operations')).meta).toMatchObject({ total: 0, balance: '0.00' })
  })

  it('refuses what is not a cash movement, with French messages keyed by field', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const c = await categories(client)
    const none = await client.post('/cash-operations', { name: 'Vide', datedAt: '2026-11-10', allocations: [] })
    expect(none.statusCode).toBe(422)
    expect(json(none).errors).toEqual({ allocations: [m.linesRequired] })

    const wrong = await client.post('/cash-operations', {
      name: '',
      datedAt: '10/11/2026',
      allocations: [line('Vente', '0', 0)],
    })
    expect(json(wrong).errors).toEqual({
      name: [messages.validation.required],
      datedAt: [messages.validation.dateInvalid],
      'allocations.0.name': ['Le libellé d’une ligne de caisse commence par « Entrée » ou « Sortie ».'],
      'allocations.0.amount': ['Le montant ne doit pas être égal à 0'],
      'allocations.0.accountingEntryId': ['Tu dois choisir une catégorie.'],
    })

    const nothing = await client.post('/cash-operations', {
      name: 'Aller-retour',
      datedAt: '2026-11-10',
      allocations: [line('Entrée', '10', c.owner), line('Sortie', '10', c.owner)],
    })
    expect(json(nothing).errors).toEqual({ allocations: ['Le montant ne doit pas être égal à 0'] })

    const bank = json(await client.post('/journals', { name: 'Compte pro', journalTypeId: 1 })).data.id
    const notCash = await client.post('/cash-operations', {
      journalId: bank,
      name: 'Retrait',
      datedAt: '2026-11-10',
      allocations: [line('Entrée', '10', c.owner)],
    })
    expect(json(notCash).errors).toEqual({ journalId: [m.journalInvalid] })
    expect(json(await client.get('/transactions')).meta.total).toBe(0)
  })

  it('takes a cash box named by its id, and answers 404 for another organisation’s operations', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const c = await categories(client)
    const box = json(await client.post('/journals', { name: 'Caisse boutique', journalTypeId: 4 })).data
    const created = await operation(client, { journalId: box.id, allocations: [line('Entrée', '10', c.owner)] })
    expect(created.data.journal).toMatchObject({ name: 'Caisse boutique', code: 'CAI1' })
    const bank = json(await client.post('/journals', { name: 'Compte pro', journalTypeId: 1 })).data.id
    const transfer = json(
      await client.post('/transactions', { journalId: bank, name: 'Virement', datedAt: '2026-11-07', amount: '5' }),
    ).data.id
    expect((await client.get(`/cash-operations/${transfer}`)).statusCode).toBe(404)
    expect((await client.patch(`/cash-operations/${transfer}`, { name: 'x' })).statusCode).toBe(404)

    const { client: intruder } = await signUpWithOrganization(ctx.app)
    const id = created.data.id
    expect((await intruder.get(`/cash-operations/${id}`)).statusCode).toBe(404)
    expect((await intruder.patch(`/cash-operations/${id}`, { name: 'Piratage' })).statusCode).toBe(404)
    expect((await intruder.delete(`/transactions/${id}`)).statusCode).toBe(404)
    const elsewhere = await intruder.post('/cash-operations', {
      journalId: box.id,
      name: 'Intrusion',
      datedAt: '2026-11-10',
      allocations: [line('Entrée', '10', c.owner)],
    })
    expect(json(elsewhere).errors).toEqual({ journalId: [m.journalInvalid] })
    expect(json(await intruder.get('/cash-operations')).meta).toMatchObject({ total: 0, balance: '0.00' })
    expect(json(await client.get(`/cash-operations/${id}`)).data.name).toBe('Mouvement')
  })
})
