import { CONDITION_FUNCTION_IDS as F, messages, CONDITION_TARGET_IDS as T } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { BANK_FEES, bankAccount, contains, importQif, PHONE, TRAVEL, transaction } from '../../../../test/money'
import { vatPayer } from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

describe('accounting categories of an organisation', () => {
  it('creates a category under a general one, with its account and tax type; refuses with the spec messages', async () => {
    const { client } = await vatPayer(ctx.app)
    const created = await client.post('/accounting-entries', {
      name: 'Forfait mobile',
      parentId: PHONE,
      taxRateId: 1,
      keywords: 'mobile, forfait,, Mobile',
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(json(created).data).toMatchObject({
      code: '626',
      parentId: PHONE,
      taxTypeId: 2,
      isEditable: true,
      isActive: true,
      keywords: 'mobile, forfait',
    })
    const errors = json(await client.post('/accounting-entries', { code: '1234567890' })).errors
    expect(errors).toMatchObject({
      name: ['Le champ Nom est obligatoire.'],
      code: ['Le champ Code ne doit pas dépasser 9 caractères.'],
      parentId: ['Le champ Catégorie parente est obligatoire.'],
      taxRateId: ['Le champ Taux de taxe est obligatoire.'],
    })
    const wrongType = await client.post('/accounting-entries', {
      name: 'X',
      parentId: PHONE,
      taxTypeId: 1,
      taxRateId: 1,
    })
    expect(json(wrongType).errors.taxTypeId).toEqual([messages.accountingEntries.taxTypeNotAllowed])
    const notSubject = json(
      await client.post('/accounting-entries', { name: 'Timbres', parentId: PHONE, taxTypeId: 4, taxRateId: 1 }),
    ).data
    expect(notSubject).toMatchObject({ taxTypeId: 4, taxRateId: 7 })
    const custom = json(await client.get('/accounting-entries?filter[category]=custom')).data
    expect(custom.map((entry: { name: string }) => entry.name).sort()).toEqual(['Forfait mobile', 'Timbres'])
  })

  it('never edits a general category; switches any off for this organisation only; keeps a used one', async () => {
    const { client } = await vatPayer(ctx.app)
    const other = await vatPayer(ctx.app)
    expect((await client.patch(`/accounting-entries/${PHONE}`, { name: 'Téléphone' })).statusCode).toBe(409)
    const off = json(await client.post(`/accounting-entries/${TRAVEL}/toggle`)).data
    expect(off.isActive).toBe(false)
    const active = json(await client.get('/accounting-entries?filter[isActive]=true')).data
    expect(active.some((entry: { id: number }) => entry.id === TRAVEL)).toBe(false)
    expect(json(await other.client.get(`/accounting-entries/${TRAVEL}`)).data.isActive).toBe(true)

    const journalId = await bankAccount(client)
    const id = await transaction(client, journalId, 'SNCF', '-50.00')
    const refused = await client.patch(`/transactions/${id}`, {
      allocations: [{ name: 'SNCF', amount: '-50.00', accountingEntryId: TRAVEL }],
    })
    expect(refused.statusCode).toBe(422)
    expect(json(refused).errors['allocations.0.accountingEntryId']).toEqual([messages.accountingEntries.inactive])

    const mine = json(await client.post('/accounting-entries', { name: 'Train', parentId: TRAVEL, taxRateId: 2 })).data
    await client.patch(`/transactions/${id}`, {
      allocations: [{ name: 'SNCF', amount: '-50.00', accountingEntryId: mine.id }],
    })
    const used = await client.delete(`/accounting-entries/${mine.id}`)
    expect(used.statusCode).toBe(409)
    expect(json(used).message).toBe(messages.accountingEntries.used)
    expect((await other.client.get(`/accounting-entries/${mine.id}`)).statusCode).toBe(404)
    expect((await other.client.delete(`/accounting-entries/${mine.id}`)).statusCode).toBe(404)
    const unused = json(await client.post('/accounting-entries', { name: 'Car', parentId: TRAVEL, taxRateId: 2 })).data
    expect((await client.delete(`/accounting-entries/${unused.id}`)).statusCode).toBe(204)
  })
})

describe('assignment rules', () => {
  it('places a new rule by specificity, moves it on demand, sorts back; another organisation gets 404', async () => {
    const { client } = await vatPayer(ctx.app)
    const create = async (name: string, conditions: unknown[]) => {
      const response = await client.post('/rules', { name, accountingEntryId: PHONE, conditions })
      expect(response.statusCode, response.body).toBe(201)
      return json(response).data as { id: number; position: number; isActive: boolean }
    }
    const broad = await create('Large', [{ conditionTargetId: T.AMOUNT, conditionFunctionId: F['<'], value: '0' }])
    const middle = await create('Contient', [contains('orange')])
    const exact = await create('Exact', [
      { conditionTargetId: T.NAME, conditionFunctionId: F['='], value: 'Orange SA' },
    ])
    expect(broad.isActive).toBe(false)
    const order = async () => json(await client.get('/rules')).data.map((rule: { name: string }) => rule.name)
    expect(await order()).toEqual(['Exact', 'Contient', 'Large'])
    await client.patch(`/rules/${broad.id}`, { position: 1 })
    expect(await order()).toEqual(['Large', 'Exact', 'Contient'])
    await client.post('/rules/sort')
    expect(await order()).toEqual(['Exact', 'Contient', 'Large'])
    expect(json(await client.get(`/rules/${middle.id}`)).data.position).toBe(2)

    const other = await vatPayer(ctx.app)
    for (const response of [
      await other.client.get(`/rules/${exact.id}`),
      await other.client.patch(`/rules/${exact.id}`, { name: 'x' }),
      await other.client.delete(`/rules/${exact.id}`),
    ])
      expect(response.statusCode).toBe(404)
  })

  it('says the spec messages and refuses unreadable values', async () => {
    const { client } = await vatPayer(ctx.app)
    const errors = json(await client.post('/rules', { name: 'x'.repeat(256), conditions: [] })).errors
    expect(errors).toMatchObject({
      name: ['Le libellé ne peut pas dépasser 255 caractères'],
      conditions: ['Il doit y avoir au moins une condition'],
    })
    const bad = await client.post('/rules', {
      name: 'Montant',
      accountingEntryId: PHONE,
      conditions: [{ conditionTargetId: T.AMOUNT, conditionFunctionId: F['>'], value: "1' or 1=1 --" }],
    })
    expect(json(bad).errors['conditions.0.value']).toEqual([messages.rules.amountInvalid])
    // 10,000 characters: refused with its message, by the rule form and by the preview alike, never a 500.
    for (const path of ['/rules', '/rules/preview']) {
      const long = await client.post(path, {
        name: 'Long',
        accountingEntryId: PHONE,
        conditions: [contains('x'.repeat(10_000))],
      })
      expect(long.statusCode, path).toBe(422)
      expect(json(long).errors['conditions.0.value']).toEqual([messages.rules.valueTooLong])
    }
    const folder = await client.post('/rules', { name: 'Dossier', accountingEntryId: 1, conditions: [contains('x')] })
    expect(json(folder).errors.accountingEntryId).toEqual([messages.transactions.folderNotCategory])
  })

  it('previews on folded labels, literally: accents, case, %, _ and quotes are text', async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    await transaction(client, journalId, 'Café de la Gare', '-4.20')
    await transaction(client, journalId, 'CAFE   DE LA GARE', '-3.80')
    await transaction(client, journalId, "Remise 100% d'O_K", '-10.00')
    await transaction(client, journalId, 'Remise 1000 dOK', '-10.00')
    const preview = async (conditions: unknown[], extra: Record<string, unknown> = {}) =>
      json(await client.post('/rules/preview', { conditions, ...extra })).data
    expect((await preview([contains('cafe de la')])).total).toBe(2)
    expect((await preview([contains('100%')])).transactions.map((t: { name: string }) => t.name)).toEqual([
      "Remise 100% d'O_K",
    ])
    expect((await preview([contains("d'o_k")])).total).toBe(1)
    expect((await preview([contains('%')])).total).toBe(1)
    for (const pattern of ['.*', '(a|b)+$', '^[^x]', '\\'])
      expect((await preview([contains(pattern)])).total, pattern).toBe(0)
    expect((await preview([contains('x'.repeat(255))])).total).toBe(0)
    const amounts = await preview([{ conditionTargetId: T.AMOUNT, conditionFunctionId: F.BETWEEN, value: '-5;-4' }])
    expect(amounts.transactions.map((t: { amount: string }) => t.amount)).toEqual(['-4.20'])
    expect((await preview([contains('gare')], { creditOnly: true })).total).toBe(0)
  })

  it('tests the label and the raw label each on its own: a needle never spans the two, anchors hold to each', async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    const qif = ['!Type:Bank', 'D11/20/2026', 'T-12.50', 'PCB 05/03 CARREFOUR CITY', '^', ''].join('\n')
    expect((await importQif(ctx.app, client, journalId, qif)).statusCode).toBe(200)
    const [line] = json(await client.get('/transactions')).data
    expect([line.name, line.rawName]).toEqual(['Carrefour City', 'CB 05/03 CARREFOUR CITY'])
    const total = async (conditionTargetId: number, conditionFunctionId: number, value: string) =>
      json(await client.post('/rules/preview', { conditions: [{ conditionTargetId, conditionFunctionId, value }] }))
        .data.total
    expect(await total(T.NAME, F.START_LIKE, 'carrefour')).toBe(1)
    expect(await total(T.RAW_NAME, F.START_LIKE, 'carrefour')).toBe(0)
    expect(await total(T.RAW_NAME, F.START_LIKE, 'cb 05')).toBe(1)
    expect(await total(T.NAME, F.START_LIKE, 'cb')).toBe(0)
    expect(await total(T.NAME, F.END_LIKE, 'city')).toBe(1)
    expect(await total(T.RAW_NAME, F.END_LIKE, 'city')).toBe(1)
    expect(await total(T.NAME, F.END_LIKE, '05/03 carrefour city')).toBe(0)
    expect(await total(T.NAME, F['='], 'carrefour city')).toBe(1)
    expect(await total(T.RAW_NAME, F['='], 'carrefour city')).toBe(0)
    expect(await total(T.RAW_NAME, F['='], 'cb 05/03 carrefour city')).toBe(1)
    expect(await total(T.NAME, F['='], 'carrefour')).toBe(0)
    // The end of the label and the start of the raw label side by side are not a text either holds.
    for (const target of [T.NAME, T.RAW_NAME]) expect(await total(target, F.LIKE, 'city cb')).toBe(0)
    expect(json(await client.get('/transactions?filter[search]=city%20cb')).data).toHaveLength(0)
    expect(json(await client.get('/transactions?filter[search]=05%2F03')).data).toHaveLength(1)
    expect(json(await client.get('/transactions?filter[search]=Carrefour')).data).toHaveLength(1)
  })

  it('categorises imported lines with the active rules, split templates and VAT included', async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    const rule = json(
      await client.post('/rules', {
        name: 'Forfait mobile',
        accountingEntryId: BANK_FEES,
        isActive: true,
        debitOnly: true,
        newName: 'Orange (mobile)',
        conditions: [contains('orange', T.RAW_NAME)],
        splits: [{ accountingEntryId: PHONE, percentage: '80' }],
      }),
    ).data
    expect(rule.isActive).toBe(true)
    await client.post('/rules', { name: 'Inactive', accountingEntryId: TRAVEL, conditions: [contains('sncf')] })
    const qif = [
      '!Type:Bank',
      'D11/20/2026',
      'T-59.99',
      'PORANGE SA FACTURE',
      '^',
      'D11/21/2026',
      'T-30.00',
      'PSNCF PARIS',
      '^',
      '',
    ].join('\n')
    const response = await importQif(ctx.app, client, journalId, qif)
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data).toMatchObject({ imported: 2, categorized: 1 })
    const list = json(await client.get('/transactions?pageSize=10')).data
    const orange = list.find((t: { rawName: string }) => t.rawName.includes('ORANGE'))
    expect(orange.name).toBe('Orange (mobile)')
    expect(
      orange.transactionAllocations.map((a: { amount: string; taxAmount: string; accountingEntryId: number }) => [
        a.accountingEntryId,
        a.amount,
        a.taxAmount,
      ]),
    ).toEqual([
      [PHONE, '-47.99', '-8.00'],
      [BANK_FEES, '-12.00', '0.00'],
    ])
    const sncf = list.find((t: { rawName: string }) => t.rawName.includes('SNCF'))
    expect(sncf.transactionAllocations).toEqual([])
  })

  it('offers the platform rules to adopt, once each', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const offered = json(await client.get('/rules/global')).data
    const urssaf = offered.find((rule: { name: string }) => rule.name === 'URSSAF')
    expect(urssaf).toMatchObject({ adopted: false, hasNoReceipt: true, debitOnly: true })
    const adopted = await client.post('/rules/global', { rules: [urssaf.id] })
    expect(adopted.statusCode).toBe(201)
    expect(json(adopted).data[0]).toMatchObject({ name: 'URSSAF', isActive: true, globalRuleId: urssaf.id })
    expect(json(await client.post('/rules/global', { rules: [urssaf.id] })).data).toEqual([])
    expect((await client.post('/rules/global', { rules: [99999] })).statusCode).toBe(422)
  })
})
