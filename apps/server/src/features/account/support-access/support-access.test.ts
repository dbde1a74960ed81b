import { supportMessages as m } from '@app/domain'
import { describe, expect, it } from 'vitest'
import {
  type Client,
  joinAsCollaborator,
  json,
  PASSWORD,
  signUp,
  signUpWithOrganization,
  uniqueEmail,
  useTestContext,
} from '../../../../test/helpers'
import { createInvoice, invoiceBody } from '../../../../test/sales'

/** One operator per test: each test makes its own people. */
const OPERATORS = Array.from({ length: 6 }, () => uniqueEmail('support'))
let clock = new Date('2026-11-28T10:00:00Z')
const ctx = useTestContext({ config: { supportOperators: OPERATORS.map((e) => e.toLowerCase()) }, now: () => clock })
let nextOperator = 0

/** The operator's browser holds two cookies: its own session, and the one acting as the user. */
async function actAs(operator: Client, email: string) {
  const own = operator.cookie
  const response = await operator.post('/support/impersonation', { email })
  const acting = [response.headers['set-cookie']]
    .flat()
    .map((cookie) => String(cookie).split(';')[0] as string)
    .find((pair) => pair.startsWith('carnet_impersonation='))
  operator.cookie = acting ? `${own}; ${acting}` : own
  return response
}

async function setUp() {
  const user = await signUpWithOrganization(ctx.app)
  const operator = await signUp(ctx.app, { email: OPERATORS[nextOperator++] })
  return { user, operator }
}

describe('support access (the spec impersonation)', () => {
  it('lets an operator act as a user only once that user granted it, and only until it ends', async () => {
    const { user, operator } = await setUp()
    expect(json(await operator.client.get('/support/status')).data).toEqual({ isOperator: true, impersonating: null })

    const refused = await actAs(operator.client, user.email)
    expect(refused.statusCode).toBe(404)
    expect(json(refused).message).toBe(m.noGrant)

    const granted = await user.client.post('/me/support-access', { hours: 1 })
    expect(granted.statusCode, granted.body).toBe(200)
    expect(json(granted).data.grantedUntil).toBe('2026-11-28T11:00:00.000Z')

    const acting = await actAs(operator.client, user.email)
    expect(acting.statusCode, acting.body).toBe(200)
    expect(json(acting).data).toMatchObject({ email: user.email, impersonate: true })
    const me = json(await operator.client.get('/me')).data
    expect(me).toMatchObject({ id: user.id, impersonate: true })
    expect(json(await operator.client.get('/organization')).data.id).toBe(user.organization.id)
    expect(json(await operator.client.get('/support/status')).data.impersonating).toMatchObject({
      userId: user.id,
      email: user.email,
    })

    // Past the hour the operator is back to themselves.
    clock = new Date('2026-11-28T11:00:01Z')
    expect(json(await operator.client.get('/me')).data).toMatchObject({ id: operator.id, impersonate: false })
    clock = new Date('2026-11-28T10:00:00Z')
  })

  it('never lets the support change the password, the e-mail, the second factor, tokens or close the account', async () => {
    const { user, operator } = await setUp()
    await user.client.post('/me/support-access', { hours: 24 })
    const operatorClient = operator.client
    expect((await actAs(operatorClient, user.email)).statusCode).toBe(200)
    for (const [method, url, body] of [
      [
        'PATCH',
        '/me/password',
        { currentPassword: PASSWORD, password: 'tout-nouveau-mdp', password_confirmation: 'tout-nouveau-mdp' },
      ],
      ['POST', '/me/tokens', { name: 'script' }],
      ['POST', '/me/two-factor/enrolment', {}],
      ['POST', '/me/sessions/end-others', {}],
      [
        'POST',
        '/me/close/code',
        { sentence: 'je confirme la clôture de mon compte', organizationName: 'Atelier Martin' },
      ],
      ['POST', '/me/support-access', { hours: 168 }],
    ] as const) {
      const response = await operatorClient.request(method, url, body)
      expect(response.statusCode, `${method} ${url}`).toBe(403)
      expect(json(response).code).toBe('IMPERSONATOR_NOT_ALLOWED')
    }
  })

  it('ends the operator sessions when the user takes the access back, and stopping keeps the operator signed in', async () => {
    const { user, operator } = await setUp()
    const operatorClient = operator.client
    await user.client.post('/me/support-access', { hours: 24 })
    expect((await actAs(operatorClient, user.email)).statusCode).toBe(200)
    expect(json(await user.client.get('/me/support-access')).data.grantedUntil).not.toBeNull()
    const own = (operatorClient.cookie ?? '').split('; ')[0] as string
    expect((await user.client.delete('/me/support-access')).statusCode).toBe(204)
    expect(json(await user.client.get('/me/support-access')).data).toEqual({ grantedUntil: null, grantedAt: null })
    const back = await operatorClient.get('/me')
    expect(json(back).data).toMatchObject({ id: operator.id, impersonate: false })
    expect(String(back.headers['set-cookie'])).toMatch(/^carnet_impersonation=;/)
    operatorClient.cookie = own

    await user.client.post('/me/support-access', { hours: 1 })
    expect((await actAs(operatorClient, user.email)).statusCode).toBe(200)
    const stopped = await operatorClient.delete('/support/impersonation')
    expect(stopped.statusCode).toBe(204)
    operatorClient.cookie = own
    expect(json(await operatorClient.get('/me')).data).toMatchObject({ impersonate: false })
  })

  it('refuses anyone who is not an operator, a bad duration and unknown keys, in French', async () => {
    const user = await signUpWithOrganization(ctx.app)
    const stranger = await signUpWithOrganization(ctx.app)
    await user.client.post('/me/support-access', { hours: 24 })
    const refused = await stranger.client.post('/support/impersonation', { email: user.email })
    expect(refused.statusCode).toBe(403)
    expect(json(refused).message).toBe(m.operatorOnly)
    expect(json(await stranger.client.get('/support/status')).data).toEqual({ isOperator: false, impersonating: null })
    const bad = await user.client.post('/me/support-access', { hours: 5 })
    expect(bad.statusCode).toBe(422)
    expect(json(bad).errors.hours).toEqual([m.invalidDuration])
    const unknown = await user.client.post('/me/support-access', { hours: 1, forever: true })
    expect(unknown.statusCode).toBe(422)
  })

  it('lets the support delete a comment it did not write, posted as the user', async () => {
    const { user, operator } = await setUp()
    const colleague = await joinAsCollaborator(ctx, user)
    const colleagueComment = await addInvoiceComment(user.client, colleague.client)
    await user.client.post('/me/support-access', { hours: 1 })
    const operatorClient = operator.client
    expect((await actAs(operatorClient, user.email)).statusCode).toBe(200)
    const listed = json(await operatorClient.get(`/invoices/${colleagueComment.invoiceId}/comments`)).data
    expect(listed[0]).toMatchObject({ canDelete: true, commentator: { id: colleague.id } })
    expect(json(await user.client.get(`/invoices/${colleagueComment.invoiceId}/comments`)).data[0].canDelete).toBe(
      false,
    )
    const removed = await operatorClient.delete(
      `/invoices/${colleagueComment.invoiceId}/comments/${colleagueComment.commentId}`,
    )
    expect(removed.statusCode).toBe(204)
    // The owner's audit trail names the operator, on the user's behalf.
    const trail = json(await user.client.get('/audit-events')).data as Record<string, unknown>[]
    expect(trail.find((event) => event.method === 'DELETE' && String(event.route).includes('comments'))).toMatchObject({
      actorKind: 'support',
      userId: user.id,
      impersonatorId: operator.id,
    })
  })
})

async function addInvoiceComment(owner: Client, author: Client) {
  const invoice = await createInvoice(owner, invoiceBody())
  const comment = json(await author.post(`/invoices/${invoice.id}/comments`, { comment: 'À vérifier' })).data
  return { invoiceId: invoice.id as number, commentId: comment.id as number }
}
