import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { json, signUpWithOrganization, useTestContext } from '../helpers'
import { createCustomer, createQuote, quoteBody } from '../sales'

const ctx = useTestContext()
const nul = messages.validation.nulCharacter

// PostgreSQL cannot store U+0000 in text: before the guard, any such string reached the database and answered 500.
describe('a NUL character (U+0000), which the database cannot store', () => {
  it('is refused in a body with 422 on each field that holds one, nested ones too, and nothing is saved', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const contact = await client.post('/contacts?relation=customer', { contactTypeId: 2, name: 'Jeanne\u0000 Dupont' })
    expect(contact.statusCode, contact.body).toBe(422)
    expect(json(contact)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { name: [nul] } })
    expect(json(await client.get('/contacts')).meta.total).toBe(0)

    const { contactId } = await createCustomer(client)
    const quote = await createQuote(client, quoteBody({ contactId }))
    const lines = [{ ...quoteBody({ contactId }).lines[0], name: 'Ligne\u0000' }]
    const patched = await client.patch(`/quotes/${quote.id}`, { name: 'Devis\u0000', lines })
    expect(patched.statusCode, patched.body).toBe(422)
    expect(json(patched).errors).toEqual({ name: [nul], 'lines.0.name': [nul] })
    expect(json(await client.get(`/quotes/${quote.id}`)).data.name).toBe(quote.name)

    for (const [method, url] of [
      ['PUT', `/quotes/${quote.id}/note`],
      ['POST', `/quotes/${quote.id}/comments`],
    ]) {
      const answer = await client.request(method as string, url as string, { comment: 'a\u0000b' })
      expect(answer.statusCode, `${method} ${url}`).toBe(422)
      expect(json(answer).errors).toEqual({ comment: [nul] })
    }
  })

  it('is refused in a query with 400, and in a path with 404', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const search = await client.get('/contacts?search=a%00b')
    expect(search.statusCode, search.body).toBe(400)
    expect(json(search).errors).toEqual({ search: [nul] })
    const invitation = await client.get('/invitations/abc%00def')
    expect(invitation.statusCode, invitation.body).toBe(404)
  })

  it('leaves text without a NUL alone, other control characters included', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const contact = await client.post('/contacts?relation=customer', { contactTypeId: 2, name: 'Jeanne\tDupont' })
    expect(contact.statusCode, contact.body).toBe(201)
  })
})
