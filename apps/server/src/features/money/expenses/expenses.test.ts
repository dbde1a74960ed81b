import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { associateAccount, company, expenseNote, LEGAL_FORM_EI } from '../../../../test/expenses'
import { json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { PHONE, TRAVEL } from '../../../../test/money'

const ctx = useTestContext()
const m = messages.expenses

describe('expense notes typed from scratch', () => {
  it('goes to the associate account, named after its date, lines positive with their VAT, amount their sum', async () => {
    const { client } = await company(ctx.app)
    const associate = await associateAccount(client)
    const note = await expenseNote(client, {
      datedAt: '2026-11-20',
      allocations: [
        { name: 'Billet de train', amount: '-110', accountingEntryId: TRAVEL },
        { name: 'Forfait mobile', amount: '60', accountingEntryId: PHONE },
      ],
    })
    expect(note).toMatchObject({
      journalId: associate.id,
      journal: { journalTypeCode: 'CC', name: 'CCA Jeanne Dupont' },
      name: 'Note de frais du 20/11/2026',
      amount: '170.00',
      taxAmount: '20.00',
      sourceTransactionId: null,
    })
    // Travel at 10 %, the phone at 20 %: the VAT inside each positive line, deductible.
    expect(note.transactionAllocations).toMatchObject([
      { name: 'Billet de train', amount: '110.00', taxAmount: '10.00', tax: { code: 'BS_FR_10' }, mileage: null },
      { name: 'Forfait mobile', amount: '60.00', taxAmount: '10.00', tax: { code: 'BS_FR_20' }, mileage: null },
    ])

    const listed = json(await client.get('/expenses'))
    expect(listed.meta).toEqual({ total: 1, page: 1, pageSize: 25 })
    expect(listed.data[0].id).toBe(note.id)
    // A note is a transaction of its journal: listed with it, not with the bank's.
    expect(json(await client.get('/transactions?filter[journalTypeCode]=CC,EX')).data).toHaveLength(1)
    expect(json(await client.get('/transactions?filter[journalTypeCode]=BQ')).data).toHaveLength(0)
  })

  it('prices a mileage line with the barème at the note’s date, without VAT, on 6251 unless told', async () => {
    const { client } = await company(ctx.app)
    await associateAccount(client)
    const note = await expenseNote(client, {
      name: 'Visite client à Lyon',
      datedAt: '2026-03-10',
      allocations: [
        {
          name: 'Frais kilométriques',
          amount: '1',
          mileage: { vehicleType: 'voiture', fiscalPower: 5, distanceKm: '120', yearlyDistanceKm: '4000' },
        },
        { name: 'Péage', amount: '12.40', accountingEntryId: TRAVEL },
      ],
    })
    // 4,000 km a year at 5 CV: 4,000 × 0.636 = 2,544 €; 120 km are 120/4,000 of it: 76.32 €, whatever was sent.
    expect(note.amount).toBe('88.72')
    expect(note.transactionAllocations[0]).toMatchObject({
      amount: '76.32',
      taxAmount: '0.00',
      tax: { taxRateCode: 'NUL' },
      accountingEntry: { code: '6251' },
      mileage: { vehicleType: 'voiture', fiscalPower: 5, distanceKm: '120', yearlyDistanceKm: '4000', scaleYear: 2024 },
    })
  })

  it('refuses a mileage line the barème gives nothing for, and says which inputs are missing', async () => {
    const { client } = await company(ctx.app)
    await associateAccount(client)
    const tiny = await client.post('/expenses', {
      datedAt: '2026-03-10',
      allocations: [
        {
          name: 'Trajet',
          mileage: { vehicleType: 'voiture', fiscalPower: 5, distanceKm: '0.01', yearlyDistanceKm: '100000' },
        },
      ],
    })
    expect(tiny.statusCode).toBe(422)
    expect(json(tiny).errors).toEqual({ 'allocations.0.mileage': [m.mileageNoAllowance] })
    const incomplete = await client.post('/expenses', {
      datedAt: '2026-03-10',
      allocations: [{ name: 'Trajet', mileage: { vehicleType: 'moto', distanceKm: '300', yearlyDistanceKm: '200' } }],
    })
    expect(incomplete.statusCode).toBe(422)
    expect(json(incomplete).errors).toEqual({
      'allocations.0.mileage.fiscalPower': [m.fiscalPowerRequired],
      'allocations.0.mileage.yearlyDistanceKm': [m.yearlyBelowTrip],
    })
  })

  it('checks the note with French messages keyed by field: at least one line, each with its amount and category', async () => {
    const { client } = await company(ctx.app)
    await associateAccount(client)
    const empty = await client.post('/expenses', { datedAt: '2026-11-20', allocations: [] })
    expect(empty.statusCode).toBe(422)
    expect(json(empty).errors).toEqual({ allocations: [m.linesRequired] })
    const lines = await client.post('/expenses', {
      datedAt: '20/11/2026',
      allocations: [{ name: '', amount: '0' }, { name: 'Taxi' }],
    })
    expect(lines.statusCode).toBe(422)
    expect(json(lines).errors).toEqual({
      datedAt: [messages.validation.dateInvalid],
      'allocations.0.name': [messages.validation.required],
      'allocations.0.amount': ['Le montant ne doit pas être égal à 0'],
      'allocations.1.amount': [messages.validation.required],
      'allocations.1.accountingEntryId': ['Tu dois choisir une catégorie.'],
    })
    expect(json(await client.get('/expenses')).meta.total).toBe(0)
  })

  it('is refused without an associate account (a company) or an operator account (EI), with the way out', async () => {
    const { client } = await company(ctx.app)
    const body = { datedAt: '2026-11-20', allocations: [{ name: 'Taxi', amount: '30', accountingEntryId: TRAVEL }] }
    const refused = await client.post('/expenses', body)
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({ code: 'NO_EXPENSE_ACCOUNT', message: m.noAssociate })

    const individual = await signUpWithOrganization(ctx.app, { legalFormId: LEGAL_FORM_EI })
    expect(json(await individual.client.post('/expenses', body))).toMatchObject({ message: m.noOperator })
    const operator = json(
      await individual.client.post('/journals', { name: 'Compte de l’exploitant', journalTypeId: 3 }),
    )
    expect(operator.data).toMatchObject({ code: 'EX1', accountCode: '1081' })
    const note = await expenseNote(individual.client, body)
    expect(note).toMatchObject({ journalId: operator.data.id, journal: { journalTypeCode: 'EX' }, amount: '30.00' })
  })

  it('takes the default account among several, else asks which one', async () => {
    const { client } = await company(ctx.app)
    await associateAccount(client, 'Jeanne Dupont')
    const second = await associateAccount(client, 'Alex Martin')
    const body = { datedAt: '2026-11-20', allocations: [{ name: 'Taxi', amount: '30', accountingEntryId: TRAVEL }] }
    const ambiguous = await client.post('/expenses', body)
    expect(ambiguous.statusCode).toBe(422)
    expect(json(ambiguous).errors).toEqual({ journalId: [m.chooseJournal] })
    expect((await expenseNote(client, { ...body, journalId: second.id })).journalId).toBe(second.id)
    await client.patch(`/journals/${second.id}`, { isDefault: true })
    expect((await expenseNote(client, body)).journalId).toBe(second.id)
    const bank = json(await client.post('/journals', { name: 'Compte pro', journalTypeId: 1 })).data
    const notAnAssociate = await client.post('/expenses', { ...body, journalId: bank.id })
    expect(json(notAnAssociate).errors).toEqual({ journalId: [m.journalNotExpense] })
  })

  it('is read, edited and deleted through /transactions: lines kept positive, amount recomputed', async () => {
    const { client } = await company(ctx.app)
    await associateAccount(client)
    const note = await expenseNote(client, {
      datedAt: '2026-11-20',
      allocations: [{ name: 'Taxi', amount: '30', accountingEntryId: TRAVEL }],
    })
    const patched = await client.patch(`/transactions/${note.id}`, {
      allocations: [
        { name: 'Taxi', amount: '-45.50', accountingEntryId: TRAVEL },
        {
          name: 'Trajet',
          amount: '1',
          accountingEntryId: TRAVEL,
          mileage: { vehicleType: 'cyclomoteur', distanceKm: '100', yearlyDistanceKm: '1000' },
        },
      ],
    })
    expect(patched.statusCode, patched.body).toBe(200)
    // A moped, 1,000 km a year: 315 €; 100 km of it: 31.50 €.
    expect(json(patched).data).toMatchObject({
      amount: '77.00',
      transactionAllocations: [{ amount: '45.50' }, { amount: '31.50' }],
    })
    const emptied = await client.patch(`/transactions/${note.id}`, { allocations: [] })
    expect(json(emptied).errors).toEqual({ allocations: [m.linesRequired] })
    expect(json(await client.get(`/transactions/${note.id}`)).data.amount).toBe('77.00')
    expect((await client.delete(`/transactions/${note.id}`)).statusCode).toBe(204)
    expect(json(await client.get('/expenses')).meta.total).toBe(0)
  })

  it("answers 404 for another organisation's note and refuses its account", async () => {
    const owner = await company(ctx.app)
    const associate = await associateAccount(owner.client)
    const note = await expenseNote(owner.client, {
      datedAt: '2026-11-20',
      allocations: [{ name: 'Taxi', amount: '30', accountingEntryId: TRAVEL }],
    })
    const stranger = await company(ctx.app)
    await associateAccount(stranger.client)
    for (const response of [
      await stranger.client.get(`/transactions/${note.id}`),
      await stranger.client.patch(`/transactions/${note.id}`, { name: 'Volée' }),
      await stranger.client.delete(`/transactions/${note.id}`),
      await stranger.client.post(`/transactions/${note.id}/expense`),
    ])
      expect(response.statusCode).toBe(404)
    const foreign = await stranger.client.post('/expenses', {
      journalId: associate.id,
      datedAt: '2026-11-20',
      allocations: [{ name: 'Taxi', amount: '30', accountingEntryId: TRAVEL }],
    })
    expect(json(foreign).errors).toEqual({ journalId: [m.journalNotExpense] })
    expect(json(await stranger.client.get('/expenses')).meta.total).toBe(0)
    expect(json(await owner.client.get(`/transactions/${note.id}`)).data.name).toBe('Note de frais du 20/11/2026')
  })
})
