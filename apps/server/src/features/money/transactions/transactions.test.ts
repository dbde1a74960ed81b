import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, joinAsCollaborator, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { expectBooksProven, ledgerRows } from '../../../../test/ledger'
import { vatPayer } from '../../../../test/sales'

/** 24 November 2026 in Paris. */
const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })
const m = messages.transactions

/** Bank lines of the journal, each a label, a date and an amount. */
async function postLines(client: Client, journalId: number, lines: readonly (readonly [string, string, string])[]) {
  for (const [name, datedAt, amount] of lines) await client.post('/transactions', { journalId, name, datedAt, amount })
}

async function fixtures(client: Client) {
  const entries = json(await client.get('/accounting-entries?pageSize=1000')).data as { id: number; code: string }[]
  const taxes = json(await client.get('/taxes')).data as { id: number; code: string }[]
  const entry = (code: string) => entries.find((candidate) => candidate.code === code)?.id as number
  const tax = (code: string) => taxes.find((candidate) => candidate.code === code)?.id as number
  const journal = json(await client.post('/journals', { name: 'Compte pro', journalTypeId: 1 })).data
  return {
    journalId: journal.id as number,
    phone: entry('626'),
    travel: entry('6251'),
    folder: entries.find((candidate) => candidate.code === '0')?.id as number,
    deductible20: tax('BS_FR_20'),
    noVat: tax('VT_NUL'),
  }
}

describe('transactions and their split', () => {
  it('creates a transaction split in two with VAT computed from each rate, the parts adding up to the cent', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await fixtures(client)
    const response = await client.post('/transactions', {
      journalId: f.journalId,
      name: 'Forfait mobile',
      datedAt: '2026-11-05',
      amount: '-59,99',
      allocations: [
        { name: 'Téléphone', amount: '-47.99', accountingEntryId: f.phone, taxId: f.deductible20 },
        { name: 'Part privée', amount: '-12', accountingEntryId: f.travel, taxId: f.noVat },
      ],
    })
    expect(response.statusCode, response.body).toBe(201)
    const created = json(response).data
    expect(created).toMatchObject({
      name: 'Forfait mobile',
      rawName: 'Forfait mobile',
      amount: '-59.99',
      taxAmount: '-8.00',
      isFuture: false,
      origin: 'manual',
      journal: { code: 'BQ1', journalTypeCode: 'BQ' },
    })
    expect(created.transactionAllocations).toMatchObject([
      { position: 0, amount: '-47.99', taxAmount: '-8.00', taxManual: false, accountingEntry: { code: '626' } },
      { position: 1, amount: '-12.00', taxAmount: '0.00', tax: { taxRateCode: 'NUL' } },
    ])
    expect(json(await client.get(`/journals/${f.journalId}`)).data.balance).toBe('-59.99')
  })

  it('puts no VAT on the split of a tax-free organisation (franchise en base), even typed by hand', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const f = await fixtures(client)
    const created = json(
      await client.post('/transactions', {
        journalId: f.journalId,
        name: 'Forfait mobile',
        datedAt: '2026-11-05',
        amount: '-60',
        allocations: [
          {
            name: 'Téléphone',
            amount: '-60',
            accountingEntryId: f.phone,
            taxId: f.deductible20,
            taxManual: true,
            taxAmount: '-10',
          },
        ],
      }),
    ).data
    expect(created.taxAmount).toBe('0.00')
    expect(created.transactionAllocations[0]).toMatchObject({ taxAmount: '0.00', taxManual: false })
  })

  it('refuses a split that does not add up, with the exact message and the signed gap, and saves nothing', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const f = await fixtures(client)
    const response = await client.post('/transactions', {
      journalId: f.journalId,
      name: 'Train',
      datedAt: '2026-11-05',
      amount: '-120',
      allocations: [{ name: 'Train', amount: '-100', accountingEntryId: f.travel, taxId: f.deductible20 }],
    })
    expect(response.statusCode).toBe(422)
    expect(json(response).errors.allocations).toEqual([
      "Vérifie les montants — Le total de la ventilation n'est pas égal au montant de la transaction : écart -20,00\u00a0€",
    ])
    const zero = await client.post('/transactions', {
      journalId: f.journalId,
      name: 'Train',
      datedAt: '2026-11-05',
      amount: '-120',
      allocations: [{ name: '', amount: '0', accountingEntryId: 0, taxId: f.deductible20 }],
    })
    expect(json(zero).errors).toMatchObject({
      'allocations.0.name': [messages.validation.required],
      'allocations.0.amount': ['Le montant ne doit pas être égal à 0'],
      'allocations.0.accountingEntryId': ['Tu dois choisir une catégorie.'],
    })
    const folder = await client.post('/transactions', {
      journalId: f.journalId,
      name: 'Train',
      datedAt: '2026-11-05',
      amount: '-120',
      allocations: [{ name: 'Train', amount: '-120', accountingEntryId: f.folder, taxId: f.deductible20 }],
    })
    expect(json(folder).errors).toEqual({ 'allocations.0.accountingEntryId': [m.folderNotCategory] })
    expect(json(await client.get('/transactions')).meta.total).toBe(0)
  })

  it('refuses a date out of the business years (a typo such as 9999), with its message, and posts nothing', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    const f = await fixtures(client)
    const train = (datedAt: string) =>
      client.post('/transactions', { journalId: f.journalId, name: 'Train', datedAt, amount: '-12' })
    for (const datedAt of ['9999-01-15', '0202-06-01']) {
      const response = await train(datedAt)
      expect(response.statusCode).toBe(422)
      expect(json(response).errors).toEqual({ datedAt: [messages.validation.dateOutOfRange] })
    }
    const created = json(await train('2026-11-05')).data
    const moved = await client.patch(`/transactions/${created.id}`, { datedAt: '9999-01-15' })
    expect(json(moved).errors).toEqual({ datedAt: [messages.validation.dateOutOfRange] })
    expect(json(await client.get('/transactions')).meta.total).toBe(1)
    expect(await ledgerRows(ctx.database.db, organization.id)).toHaveLength(2)
  })

  it('keeps a VAT typed by hand, re-splits with PATCH, and lists the uncategorised ones', async () => {
    const { client } = await vatPayer(ctx.app)
    const f = await fixtures(client)
    const created = json(
      await client.post('/transactions', {
        journalId: f.journalId,
        name: 'SNCF',
        datedAt: '2026-11-10',
        amount: '-120',
      }),
    ).data
    expect(created.transactionAllocations).toEqual([])
    expect(json(await client.get('/transactions/to-categorize/count')).data).toEqual({ count: 1 })
    expect(json(await client.get('/transactions?filter[uncategorized]=true')).meta.total).toBe(1)

    const patched = await client.patch(`/transactions/${created.id}`, {
      allocations: [
        {
          name: 'Train',
          amount: '-120',
          accountingEntryId: f.travel,
          taxId: f.deductible20,
          taxManual: true,
          taxAmount: '-10.91',
        },
      ],
    })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(json(patched).data).toMatchObject({ name: 'SNCF', taxAmount: '-10.91' })
    expect(json(patched).data.transactionAllocations[0]).toMatchObject({ taxManual: true, taxAmount: '-10.91' })
    expect(json(await client.get('/transactions/to-categorize/count')).data).toEqual({ count: 0 })
    // A change of amount alone breaks the sum rule: refused, nothing changed.
    const broken = await client.patch(`/transactions/${created.id}`, { amount: '-130' })
    expect(broken.statusCode).toBe(422)
    expect(json(await client.get(`/transactions/${created.id}`)).data.amount).toBe('-120.00')
  })

  it('keeps the VAT of the whole on a split typed by hand at one rate, the remainder on the last part, in the books too', async () => {
    const { client, organization } = await vatPayer(ctx.app)
    const f = await fixtures(client)
    const created = json(
      await client.post('/transactions', {
        journalId: f.journalId,
        name: 'Orange',
        datedAt: '2026-11-10',
        amount: '-50',
      }),
    ).data
    const third = (amount: string) => ({ name: 'Orange', amount, accountingEntryId: f.phone, taxId: f.deductible20 })
    const patched = await client.patch(`/transactions/${created.id}`, {
      allocations: [third('-16.67'), third('-16.67'), third('-16.66')],
    })
    expect(patched.statusCode, patched.body).toBe(200)

    // Each third alone holds -2.78 (-8.34 in all); -50.00 at 20 % holds -8.33: the last third gives the cent back.
    const read = json(await client.get(`/transactions/${created.id}`)).data
    expect(read.taxAmount).toBe('-8.33')
    expect(read.transactionAllocations.map((part: { taxAmount: string }) => part.taxAmount)).toEqual([
      '-2.78',
      '-2.78',
      '-2.77',
    ])
    // The entry balances: 41.67 on the phone account and 8.33 of VAT make the 50.00 out of the bank.
    const books = await ledgerRows(ctx.database.db, organization.id, { journal: 'BQ1' })
    expect(books.filter((row) => row.startsWith('BQ1 3 '))).toEqual([
      'BQ1 3 C 5121 50.00',
      'BQ1 3 D 626 41.67',
      'BQ1 3 D 44566 8.33',
    ])
    await expectBooksProven(ctx.database.db, organization.id)
  })

  it('locks a checked or validated transaction against changes, even crafted ones; only the owner unlocks a validated one', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const f = await fixtures(owner.client)
    const bare = json(
      await owner.client.post('/transactions', {
        journalId: f.journalId,
        name: 'Café',
        datedAt: '2026-11-10',
        amount: '-2.5',
      }),
    ).data
    const refused = await owner.client.post(`/transactions/${bare.id}/toggle-check`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused).message).toBe(m.needsAllocations)
    await owner.client.patch(`/transactions/${bare.id}`, {
      allocations: [{ name: 'Café', amount: '-2.5', accountingEntryId: f.travel, taxId: f.deductible20 }],
    })
    expect(json(await owner.client.post(`/transactions/${bare.id}/toggle-check`)).data.isChecked).toBe(true)
    const locked = await owner.client.patch(`/transactions/${bare.id}`, { name: 'Autre' })
    expect(locked.statusCode).toBe(409)
    expect(json(locked)).toMatchObject({ code: 'TRANSACTION_LOCKED', message: m.locked })
    expect((await owner.client.delete(`/transactions/${bare.id}`)).statusCode).toBe(409)

    const validated = json(await owner.client.post(`/transactions/${bare.id}/toggle-validate`)).data
    expect(validated).toMatchObject({ isValidated: true, isChecked: false })
    const collaborator = await joinAsCollaborator(ctx, owner)
    expect(json(await owner.client.get('/me')).data.canDeleteTransaction).toBe(true)
    expect(json(await collaborator.client.get('/me')).data.canDeleteTransaction).toBe(false)
    const notAllowed = await collaborator.client.post(`/transactions/${bare.id}/toggle-validate`)
    expect(notAllowed.statusCode).toBe(403)
    expect(json(notAllowed).message).toBe(m.unlockForbidden)
    expect(json(await owner.client.post(`/transactions/${bare.id}/toggle-validate`)).data.isValidated).toBe(false)
    expect((await owner.client.delete(`/transactions/${bare.id}`)).statusCode).toBe(204)
  })

  it('lists future transactions first, then the newest, with filters; another organisation gets 404', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const f = await fixtures(client)
    await postLines(client, f.journalId, [
      ['Loyer', '2026-11-01', '-800'],
      ['Client', '2026-11-20', '1500'],
      ['Prélèvement à venir', '2026-12-05', '-30'],
    ])
    const list = json(await client.get('/transactions')).data
    expect(list.map((t: { name: string; isFuture: boolean }) => [t.name, t.isFuture])).toEqual([
      ['Prélèvement à venir', true],
      ['Client', false],
      ['Loyer', false],
    ])
    const credits = json(await client.get('/transactions?filter[whereType]=credit')).data
    expect(credits.map((t: { name: string }) => t.name)).toEqual(['Client'])
    const search = json(await client.get('/transactions?filter[search]=loy&filter[amountMax]=-100')).data
    expect(search.map((t: { name: string }) => t.name)).toEqual(['Loyer'])

    const stranger = await signUpWithOrganization(ctx.app)
    const id = list[0].id
    for (const response of [
      await stranger.client.get(`/transactions/${id}`),
      await stranger.client.patch(`/transactions/${id}`, { name: 'Volé' }),
      await stranger.client.delete(`/transactions/${id}`),
      await stranger.client.post(`/transactions/${id}/toggle-check`),
    ])
      expect(response.statusCode).toBe(404)
    const intoOther = await stranger.client.post('/transactions', {
      journalId: f.journalId,
      name: 'Intrus',
      datedAt: '2026-11-05',
      amount: '-1',
    })
    expect(intoOther.statusCode).toBe(422)
    expect(json(intoOther).errors).toEqual({ journalId: [messages.validation.choiceInvalid] })
  })

  it('pages what a search finds, newest first, and counts all of it, with the other filters and the journal type', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const f = await fixtures(client)
    await postLines(client, f.journalId, [
      ['Loyer janvier', '2026-01-05', '-800'],
      ['Loyer février', '2026-02-05', '-800'],
      ['Électricité', '2026-02-10', '-90'],
      ['Loyer mars', '2026-03-05', '-800'],
      ['Remboursement loyer', '2026-03-05', '800'],
      ['Loyer avril', '2026-04-05', '-800'],
    ])
    const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name)

    const second = json(await client.get('/transactions?filter[search]=LOYER&pageSize=2&page=2'))
    expect(names(second)).toEqual(['Loyer mars', 'Loyer février'])
    expect(second.meta).toMatchObject({ total: 5, page: 2, pageSize: 2 })
    const last = json(await client.get('/transactions?filter[search]=loyer&pageSize=2&page=3'))
    expect(names(last)).toEqual(['Loyer janvier'])
    const beyond = json(await client.get('/transactions?filter[search]=loyer&pageSize=2&page=4'))
    expect(beyond.data).toEqual([])
    expect(beyond.meta.total).toBe(5)

    const debits = json(await client.get('/transactions?filter[search]=loyer&filter[whereType]=debit'))
    expect(names(debits)).toEqual(['Loyer avril', 'Loyer mars', 'Loyer février', 'Loyer janvier'])
    expect(debits.meta.total).toBe(4)
    const bank = json(await client.get('/transactions?filter[search]=loyer&filter[journalTypeCode]=BQ'))
    expect(bank.meta.total).toBe(5)
    const cash = json(await client.get('/transactions?filter[search]=loyer&filter[journalTypeCode]=CAI'))
    expect(cash).toMatchObject({ data: [], meta: { total: 0 } })
    const none = json(await client.get('/transactions?filter[search]=zzz'))
    expect(none).toMatchObject({ data: [], meta: { total: 0 } })
  })
})
