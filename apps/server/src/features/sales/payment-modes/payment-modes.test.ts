import { describe, expect, it } from 'vitest'
import { type Client, joinAsCollaborator, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext()

const IBAN = 'FR7630006000011234567890189'

/** An owner and a collaborator who joined through an invitation. */
async function teamOfTwo() {
  const owner = await signUpWithOrganization(ctx.app)
  return { owner, collaborator: await joinAsCollaborator(ctx, owner) }
}
const modes = async (client: Client) =>
  json(await client.get('/settings/payment-modes')).data as Record<string, unknown>[]
const idOf = async (client: Client, code: string) =>
  (await modes(client)).find((mode) => mode.code === code)?.id as number

describe('payment modes', () => {
  it('lists every mode of the reference list with the defaults: transfer and cheque active', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.get('/settings/payment-modes')
    expect(response.statusCode).toBe(200)
    const list = json(response).data
    expect(list.map((mode: { code: string }) => mode.code)).toEqual([
      'TRANSFERT',
      'STRIPE',
      'CHEQUE',
      'CASH',
      'CARD',
      'DIRECT_DEBIT',
      'OTHER',
    ])
    expect(list[0]).toEqual({
      id: 1,
      code: 'TRANSFERT',
      name: 'Virement bancaire',
      isActive: true,
      iban: null,
      bic: null,
      accountName: null,
    })
    expect(
      list.filter((mode: { isActive: boolean }) => mode.isActive).map((mode: { code: string }) => mode.code),
    ).toEqual(['TRANSFERT', 'CHEQUE'])
  })

  it('saves the IBAN in its electronic format, the BIC in capitals and the holder', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const id = await idOf(client, 'TRANSFERT')
    const response = await client.patch(`/settings/payment-modes/${id}`, {
      isActive: true,
      iban: 'fr76 3000 6000 0112 3456 7890 189',
      bic: 'agri frpp xxx',
      accountName: 'Atelier Martin SARL',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data).toMatchObject({
      isActive: true,
      iban: IBAN,
      bic: 'AGRIFRPPXXX',
      accountName: 'Atelier Martin SARL',
    })
    expect((await modes(client))[0]).toMatchObject({ iban: IBAN, bic: 'AGRIFRPPXXX' })
  })

  it('refuses a wrong IBAN or BIC with a 422 under the field, and keeps what was saved', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const id = await idOf(client, 'TRANSFERT')
    await client.patch(`/settings/payment-modes/${id}`, { iban: IBAN })
    const iban = await client.patch(`/settings/payment-modes/${id}`, { iban: 'FR76 3000 6000 0112 3456 7890 188' })
    expect(iban.statusCode).toBe(422)
    expect(json(iban).errors.iban).toEqual(["Cet IBAN n'est pas valide."])
    const bic = await client.patch(`/settings/payment-modes/${id}`, { bic: 'PAS-UN-BIC' })
    expect(bic.statusCode).toBe(422)
    expect(json(bic).errors.bic).toEqual(["Ce BIC n'est pas valide."])
    expect((await modes(client))[0]).toMatchObject({ iban: IBAN, bic: null })
  })

  it('refuses to switch the bank transfer on without an IBAN, or to empty the IBAN while it is on', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const id = await idOf(client, 'TRANSFERT')
    expect((await client.patch(`/settings/payment-modes/${id}`, { isActive: false })).statusCode).toBe(200)
    const on = await client.patch(`/settings/payment-modes/${id}`, { isActive: true })
    expect(on.statusCode).toBe(422)
    expect(json(on).errors.iban).toEqual(['Renseigne un IBAN valide pour activer le virement bancaire.'])
    expect((await modes(client))[0]?.isActive).toBe(false)

    expect((await client.patch(`/settings/payment-modes/${id}`, { isActive: true, iban: IBAN })).statusCode).toBe(200)
    expect((await client.patch(`/settings/payment-modes/${id}`, { iban: '' })).statusCode).toBe(422)
    expect((await modes(client))[0]).toMatchObject({ isActive: true, iban: IBAN })
  })

  it('switches other modes on and off, made on first change', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const cash = await idOf(client, 'CASH')
    const cheque = await idOf(client, 'CHEQUE')
    expect(json(await client.patch(`/settings/payment-modes/${cash}`, { isActive: true })).data.isActive).toBe(true)
    expect(json(await client.patch(`/settings/payment-modes/${cheque}`, { isActive: false })).data.isActive).toBe(false)
    const list = await modes(client)
    expect(list.find((mode) => mode.code === 'CASH')?.isActive).toBe(true)
    expect(list.find((mode) => mode.code === 'CHEQUE')?.isActive).toBe(false)
  })

  it('refuses card payments online with a 409 until the Stripe secret key is set (features/sales/card-payment)', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.patch(`/settings/payment-modes/${await idOf(client, 'STRIPE')}`, { isActive: true })
    expect(response.statusCode).toBe(409)
    expect(json(response).message).toBe(
      'Renseigne ta clé secrète Stripe dans Paramètres › Paiement par carte pour activer le paiement par carte.',
    )
  })

  it('answers 404 for a mode outside the reference list', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    expect((await client.patch('/settings/payment-modes/999', { isActive: true })).statusCode).toBe(404)
  })

  it("keeps each organisation's choices apart", async () => {
    const mine = await signUpWithOrganization(ctx.app)
    const theirs = await signUpWithOrganization(ctx.app)
    await mine.client.patch('/settings/payment-modes/1', { iban: IBAN, accountName: 'Moi' })
    await mine.client.patch('/settings/payment-modes/4', { isActive: true })
    const list = await modes(theirs.client)
    expect(list[0]).toMatchObject({ iban: null, accountName: null })
    expect(list.find((mode) => mode.code === 'CASH')?.isActive).toBe(false)
  })

  it('lets a collaborator read the modes but only the owner change them, as the other sales settings', async () => {
    const { owner, collaborator } = await teamOfTwo()
    expect((await collaborator.client.get('/settings/payment-modes')).statusCode).toBe(200)
    const response = await collaborator.client.patch('/settings/payment-modes/4', { isActive: true })
    expect(response.statusCode).toBe(403)
    expect((await modes(owner.client)).find((mode) => mode.code === 'CASH')?.isActive).toBe(false)
  })
})

describe('payment modes, PATCH is partial', () => {
  it('changes only the field sent: the others stay as they were', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const id = await idOf(client, 'TRANSFERT')
    await client.patch(`/settings/payment-modes/${id}`, { iban: IBAN, bic: 'AGRIFRPP', accountName: 'Atelier' })
    const response = await client.patch(`/settings/payment-modes/${id}`, { accountName: 'Atelier Martin' })
    expect(response.statusCode, response.body).toBe(200)
    expect((await modes(client))[0]).toEqual({
      id,
      code: 'TRANSFERT',
      name: 'Virement bancaire',
      isActive: true,
      iban: IBAN,
      bic: 'AGRIFRPP',
      accountName: 'Atelier Martin',
    })
  })

  it('clears an optional field sent as null', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const id = await idOf(client, 'TRANSFERT')
    await client.patch(`/settings/payment-modes/${id}`, { iban: IBAN, bic: 'AGRIFRPP', accountName: 'Atelier' })
    const response = await client.patch(`/settings/payment-modes/${id}`, { bic: null, accountName: null })
    expect(response.statusCode, response.body).toBe(200)
    expect((await modes(client))[0]).toMatchObject({ iban: IBAN, bic: null, accountName: null })
  })

  it('refuses a merged result that is not valid with a 422 keyed by field: the active transfer without IBAN', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const id = await idOf(client, 'TRANSFERT')
    await client.patch(`/settings/payment-modes/${id}`, { iban: IBAN })
    const response = await client.patch(`/settings/payment-modes/${id}`, { iban: null })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(json(response).errors)).toEqual(['iban'])
    const wrong = await client.patch(`/settings/payment-modes/${id}`, { isActive: 'oui' })
    expect(wrong.statusCode).toBe(422)
    expect(Object.keys(json(wrong).errors)).toEqual(['isActive'])
    expect((await modes(client))[0]).toMatchObject({ isActive: true, iban: IBAN })
  })

  it('pages the list like every list', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const all = json(await client.get('/settings/payment-modes'))
    expect(all.meta).toEqual({ total: 7, page: 1, pageSize: 25 })
    const second = json(await client.get('/settings/payment-modes?page=2&pageSize=3'))
    expect(second.data.map((mode: { code: string }) => mode.code)).toEqual(['CASH', 'CARD', 'DIRECT_DEBIT'])
    expect(second.meta).toEqual({ total: 7, page: 2, pageSize: 3 })
    expect((await client.get('/settings/payment-modes?pageSize=1001')).statusCode).toBe(400)
    expect((await client.get('/settings/payment-modes?filter[x]=1')).statusCode).toBe(400)
  })

  it('answers 404, never a 500, for ids of 2^40 and 2^53', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    for (const huge of [2 ** 40, 2 ** 53])
      expect((await client.patch(`/settings/payment-modes/${huge}`, { isActive: true })).statusCode).toBe(404)
  })
})
