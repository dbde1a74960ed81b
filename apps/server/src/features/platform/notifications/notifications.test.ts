import { describe, expect, it } from 'vitest'
import { openStream } from '../../../../test/event-stream'
import { type Client, joinAsCollaborator, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { givePlan } from '../../../../test/recurring'
import { createCustomer, createInvoice, invoiceBody } from '../../../../test/sales'

const ctx = useTestContext()

/** An organisation on trial (every premium feature) with its owner and one collaborator, and a draft invoice. */
async function team() {
  const owner = await signUpWithOrganization(ctx.app)
  const collaborator = await joinAsCollaborator(ctx, owner, { firstname: 'Léa', lastname: 'Durand' })
  const { contactId } = await createCustomer(owner.client)
  const invoice = await createInvoice(owner.client, invoiceBody({ contactId }))
  return { owner, collaborator, invoice }
}

async function notificationsOf(client: Client, query = '') {
  const response = await client.get(`/notifications${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return json(response)
}

const comment = async (client: Client, invoiceId: number, text = 'Relance le client demain') => {
  const response = await client.post(`/invoices/${invoiceId}/comments`, { comment: text, isPublic: false })
  expect(response.statusCode, response.body).toBe(201)
}

describe('notifications', () => {
  it('tell the other members of a comment on a document, never its author', async () => {
    const { owner, collaborator, invoice } = await team()
    await comment(collaborator.client, invoice.id)

    const forOwner = await notificationsOf(owner.client, '?filter[important]=true')
    expect(forOwner.meta).toEqual({ total: 1, page: 1, pageSize: 25 })
    expect(forOwner.data[0]).toMatchObject({
      type: 'commentAdded',
      modelType: 'invoice',
      modelId: invoice.id,
      userName: 'Léa Durand',
      description: 'Léa Durand a commenté une facture en brouillon.',
      isImportant: true,
      isRead: false,
      readBy: [],
    })
    expect((await notificationsOf(collaborator.client)).data).toEqual([])
  })

  it('follow each member’s preferences: commentAdded off, no notification', async () => {
    const { owner, collaborator, invoice } = await team()
    const off = await owner.client.patch('/me/preferences', { notifications: { commentAdded: false } })
    expect(off.statusCode, off.body).toBe(200)
    await comment(collaborator.client, invoice.id)
    expect((await notificationsOf(owner.client)).meta.total).toBe(0)
  })

  it('tell the others that an invoice was paid, as stripeInvoicePaid allows', async () => {
    const { owner, collaborator, invoice } = await team()
    expect((await owner.client.post(`/invoices/${invoice.id}/validate`)).statusCode).toBe(200)
    const paid = await owner.client.post(`/invoices/${invoice.id}/mark-as-paid`, { paymentDateAt: '2026-11-20' })
    expect(paid.statusCode, paid.body).toBe(200)
    const [notification] = (await notificationsOf(collaborator.client)).data
    expect(notification.type).toBe('invoicePaid')
    expect(notification.description).toMatch(/^La facture F-2026-\d+ a été payée \(100,00\s€\)\.$/)
  })

  it('are marked read once per user, newest first, and filtered by unread', async () => {
    const { owner, collaborator, invoice } = await team()
    await comment(collaborator.client, invoice.id, 'Premier')
    await comment(collaborator.client, invoice.id, 'Second')
    const [newest, oldest] = (await notificationsOf(owner.client)).data
    expect(newest.id).toBeGreaterThan(oldest.id)

    for (let i = 0; i < 2; i++) {
      const read = await owner.client.post(`/notifications/${oldest.id}/read`)
      expect(read.statusCode, read.body).toBe(200)
      expect(json(read).data).toMatchObject({ isRead: true, readBy: [owner.id] })
    }
    const unread = await notificationsOf(owner.client, '?filter[unread]=true')
    expect(unread.data.map((row: { id: number }) => row.id)).toEqual([newest.id])
  })

  it('answer 404 for another organisation’s notification, and for one addressed to someone else', async () => {
    const { owner, collaborator, invoice } = await team()
    await comment(collaborator.client, invoice.id)
    const [notification] = (await notificationsOf(owner.client)).data
    const stranger = await signUpWithOrganization(ctx.app)
    expect((await stranger.client.post(`/notifications/${notification.id}/read`)).statusCode).toBe(404)
    expect((await collaborator.client.post(`/notifications/${notification.id}/read`)).statusCode).toBe(404)
  })

  it('are hidden on the free formula: 403 PREMIUM_REQUIRED, and nothing is stored for it', async () => {
    const { owner, collaborator, invoice } = await team()
    await givePlan(ctx, owner.organization.id, 'free')
    await comment(collaborator.client, invoice.id)
    for (const response of [
      await owner.client.get('/notifications'),
      await owner.client.post('/notifications/1/read'),
    ]) {
      expect(response.statusCode).toBe(403)
      expect(json(response)).toMatchObject({ code: 'PREMIUM_REQUIRED' })
    }
    const stream = await openStream(ctx.app, owner.client.cookie)
    expect(stream.status).toBe(403)
    stream.close()
    await givePlan(ctx, owner.organization.id, 'plus-monthly')
    expect((await notificationsOf(owner.client)).meta.total).toBe(0)
  })

  it('are pushed to an open stream as they are made, and only to the members they are for', async () => {
    const { owner, collaborator, invoice } = await team()
    const ownerStream = await openStream(ctx.app, owner.client.cookie)
    const authorStream = await openStream(ctx.app, collaborator.client.cookie)
    expect(ownerStream.status).toBe(200)
    expect(ownerStream.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    await comment(collaborator.client, invoice.id)
    const pushed = await ownerStream.next()
    expect(pushed).toMatchObject({ type: 'commentAdded', modelId: invoice.id, isRead: false })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(authorStream.events).toEqual([])
    ownerStream.close()
    authorStream.close()
  })

  it('need a session for the stream', async () => {
    const stream = await openStream(ctx.app, null)
    expect(stream.status).toBe(401)
    stream.close()
  })
})

describe('notification preferences', () => {
  it('merge field by field: enabling a threshold keeps 500, the spec’s default', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.patch('/me/preferences', { notifications: { income: { enabled: true } } })
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data.notifications).toMatchObject({
      income: { enabled: true, threshold: 500 },
      outcome: { enabled: false, threshold: 500 },
      synchroLost: true,
      commentAdded: true,
      negativeBalance: false,
      stripeInvoicePaid: true,
    })
  })

  it('refuse a threshold that is not a whole amount with a French message', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.patch('/me/preferences', { notifications: { outcome: { threshold: -3 } } })
    expect(response.statusCode).toBe(422)
    expect(json(response).errors['notifications.outcome.threshold']).toEqual([
      'Indique un montant entier entre 0 et 99 999 999 €.',
    ])
  })
})
