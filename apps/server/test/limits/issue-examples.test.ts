import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { json, signUpWithOrganization, useTestContext } from '../helpers'
import { bankAccount, PHONE, transaction } from '../money'
import { createCustomer, invoiceBody, line } from '../sales'

/** The examples of issue 31, one by one: refused with a French message on the field, and nothing saved. */

const ctx = useTestContext()

const total = async (client: { get: (url: string) => Promise<{ body: string }> }, list: string) =>
  JSON.parse((await client.get(list)).body).meta.total as number

describe('what cannot be stored is refused, never cut', () => {
  it('refuses a customer name of 10 000 characters with the maximum, and creates no customer', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const before = await total(client, '/contacts')
    const response = await client.post('/contacts?relation=customer', {
      contactTypeId: 1,
      name: 'x'.repeat(10_000),
      registrySiren: '552032534',
      intracommunityTaxNumber: 'FR27552032534',
    })
    expect(response.statusCode).toBe(422)
    expect(json(response).errors).toEqual({ name: ['Ce champ ne peut pas dépasser 249 caractères'] })
    expect(await total(client, '/contacts')).toBe(before)
  })

  it('refuses a line amount of 99 999 999 999 999 € with the bound, and creates no invoice', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const { contactId, addressId } = await createCustomer(client)
    const before = await total(client, '/invoices')
    const response = await client.post(
      '/invoices',
      invoiceBody({ contactId, billingAddressId: addressId, lines: [line({ amount: '99 999 999 999 999' })] }),
    )
    expect(response.statusCode).toBe(422)
    expect(json(response).errors['lines.0.amount']).toEqual([
      'Le montant doit être compris entre -99 999 999,999999 et 99 999 999,999999',
    ])
    expect(await total(client, '/invoices')).toBe(before)
  })

  it('refuses an invoice dated 31 February, and creates no invoice', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const { contactId, addressId } = await createCustomer(client)
    const response = await client.post(
      '/invoices',
      invoiceBody({ contactId, billingAddressId: addressId, datedAt: '2026-02-31' }),
    )
    expect(response.statusCode).toBe(422)
    expect(json(response).errors).toEqual({ datedAt: [messages.validation.dateInvalid] })
    expect(await total(client, '/invoices')).toBe(0)
  })

  it('refuses an unknown key by its name instead of dropping it, and changes nothing', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const { contactId } = await createCustomer(client)
    const response = await client.patch(`/contacts/${contactId}`, { name: 'Danone SA', nom: 'Danone SA' })
    expect(response.statusCode).toBe(422)
    expect(json(response).errors).toEqual({ nom: ['Champ inconnu : nom'] })
    expect(json(await client.get(`/contacts/${contactId}`)).data.name).toBe('Danone')
  })
})

describe('PATCH /transactions/{id} takes the split under the name GET gives it', () => {
  const split = [{ name: 'Forfait mobile', amount: '-59.99', accountingEntryId: PHONE }]

  it('saves `transactionAllocations` as the split', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const id = await transaction(client, await bankAccount(client), 'Forfait mobile', '-59.99')
    const response = await client.patch(`/transactions/${id}`, { transactionAllocations: split })
    expect(response.statusCode, response.body).toBe(200)
    const read = json(await client.get(`/transactions/${id}`)).data
    expect(read.transactionAllocations).toEqual([
      expect.objectContaining({ name: 'Forfait mobile', amount: '-59.99', accountingEntryId: PHONE }),
    ])
  })

  it('refuses the split sent under both names, and refuses a misspelt name, saving nothing', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const id = await transaction(client, await bankAccount(client), 'Forfait mobile', '-59.99')
    const both = await client.patch(`/transactions/${id}`, { allocations: split, transactionAllocations: split })
    expect(both.statusCode).toBe(422)
    expect(json(both).errors).toEqual({ transactionAllocations: [messages.transactions.allocationsTwice] })
    const misspelt = await client.patch(`/transactions/${id}`, { transactionAllocation: split })
    expect(misspelt.statusCode).toBe(422)
    expect(json(misspelt).errors).toEqual({ transactionAllocation: ['Champ inconnu : transactionAllocation'] })
    expect(json(await client.get(`/transactions/${id}`)).data.transactionAllocations).toEqual([])
  })
})
