import { describe, expect, it } from 'vitest'
import { json, signUp, signUpWithOrganization, uniqueEmail, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext()

describe('roles', () => {
  it('any member, not only the owner, reads and writes contacts, addresses and items', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const email = uniqueEmail('collab')
    const roles = json(await owner.client.get('/roles')).data as { id: number; code: string }[]
    const roleId = roles.find((role) => role.code === 'collaborator')?.id
    expect((await owner.client.post('/organization/invitations', { email, roleId })).statusCode).toBe(201)
    const token = /token=([A-Za-z0-9_-]+)/.exec((await ctx.smtp.waitFor(email)).text ?? '')?.[1]
    const collaborator = await signUp(ctx.app, { email })
    expect((await collaborator.client.post('/invitations/accept', { token })).statusCode).toBe(200)

    const created = await collaborator.client.post('/contacts?relation=customer', { contactTypeId: 2, name: 'Client' })
    expect(created.statusCode, created.body).toBe(201)
    const contact = json(created).data
    const address = await collaborator.client.post('/addresses', {
      addressableType: 'contact',
      addressableId: contact.id,
      addressTypeId: 1,
      postcode: '13001',
      city: 'Marseille',
    })
    expect(address.statusCode).toBe(201)
    const item = await collaborator.client.post('/items', {
      name: 'Conseil',
      reference: 'C1',
      amount: '100',
      itemTypeId: 2,
      accountingEntryId: 406,
    })
    expect(item.statusCode, item.body).toBe(201)
    expect(json(await owner.client.get('/contacts')).meta.total).toBe(1)
    expect((await collaborator.client.delete(`/contacts/${contact.id}`)).statusCode).toBe(204)
    const organizationAddress = await collaborator.client.post('/addresses', {
      addressableType: 'organization',
      addressableId: owner.organization.id,
      addressTypeId: 2,
      postcode: '13001',
      city: 'Marseille',
    })
    expect(organizationAddress.statusCode).toBe(403)
  })
})
