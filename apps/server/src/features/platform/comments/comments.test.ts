import { messages } from '@app/domain'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, joinAsCollaborator, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import {
  act,
  createCustomer,
  createInvoice,
  createQuote,
  invoiceBody,
  quoteBody,
  vatPayer,
} from '../../../../test/sales'

/** Mid-November 2026 in Paris. */
const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })
const v = messages.validation

const put = (client: Client, url: string, body: Record<string, unknown>) => client.request('PUT', url, body)

/** An owner and a colleague (Alex Dupont) who joined the owner's organisation through an invitation. */
async function teamOfTwo() {
  const owner = await vatPayer(ctx.app)
  const colleague = await joinAsCollaborator(ctx, owner, { firstname: 'Alex', lastname: 'Dupont' })
  return { owner, colleague }
}

describe('comments on invoices and quotes', () => {
  it('adds a comment, lists the comments oldest first and counts them on the invoice in lists and details', async () => {
    const { client, id: userId } = await vatPayer(ctx.app)
    const invoice = await createInvoice(client, invoiceBody())
    const created = await client.post(`/invoices/${invoice.id}/comments`, { comment: '  Relancer lundi  ' })
    expect(created.statusCode, created.body).toBe(201)
    expect(json(created).data).toMatchObject({
      comment: 'Relancer lundi',
      isPublic: false,
      commentator: { id: userId, firstname: 'Camille' },
      canDelete: true,
    })
    await client.post(`/invoices/${invoice.id}/comments`, { comment: 'Client prévenu', isPublic: true })
    const list = json(await client.get(`/invoices/${invoice.id}/comments`)).data
    expect(list.map((c: { comment: string }) => c.comment)).toEqual(['Relancer lundi', 'Client prévenu'])
    expect(list[1].isPublic).toBe(true)
    expect(json(await client.get(`/invoices/${invoice.id}`)).data.commentsCount).toBe(2)
    const listed = json(await client.get('/invoices')).data
    expect(listed.find((row: { id: number }) => row.id === invoice.id).commentsCount).toBe(2)
  })

  it('counts comments of quotes apart from those of invoices with the same id', async () => {
    const { client } = await vatPayer(ctx.app)
    const quote = await createQuote(client, quoteBody())
    const invoice = await createInvoice(client, invoiceBody())
    await client.post(`/quotes/${quote.id}/comments`, { comment: 'À rappeler' })
    expect(json(await client.get(`/quotes/${quote.id}`)).data.commentsCount).toBe(1)
    expect(json(await client.get('/quotes')).data[0].commentsCount).toBe(1)
    expect(json(await client.get(`/invoices/${invoice.id}`)).data.commentsCount).toBe(0)
  })

  it('writes "comment added" in the history with the comment', async () => {
    const { client } = await vatPayer(ctx.app)
    const quote = await createQuote(client, quoteBody())
    await client.post(`/quotes/${quote.id}/comments`, { comment: 'Vu avec le client' })
    const [latest] = json(await client.get(`/quotes/${quote.id}/activities`)).data
    expect(latest).toMatchObject({ code: 'quote.comment_added', sentence: 'Tu as ajouté un commentaire.' })
  })

  it('refuses an empty or too long comment with a French message, and writes nothing', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createInvoice(client, invoiceBody())
    const blank = await client.post(`/invoices/${invoice.id}/comments`, { comment: '   ' })
    expect(blank.statusCode).toBe(422)
    expect(json(blank).errors).toEqual({ comment: [v.required] })
    const missing = await client.post(`/invoices/${invoice.id}/comments`, {})
    expect(json(missing).errors).toEqual({ comment: [v.required] })
    const long = await client.post(`/invoices/${invoice.id}/comments`, { comment: 'a'.repeat(5001) })
    expect(long.statusCode).toBe(422)
    expect(json(long).errors).toEqual({ comment: [v.tooLong(5000)] })
    expect(json(await client.get(`/invoices/${invoice.id}/comments`)).data).toEqual([])
    const history = json(await client.get(`/invoices/${invoice.id}/activities`)).data
    expect(history.map((entry: { code: string }) => entry.code)).toEqual(['invoice.created'])
  })

  it('lets only its author delete a comment: another member gets a 403 with a French message', async () => {
    const { owner, colleague } = await teamOfTwo()
    const invoice = await createInvoice(owner.client, invoiceBody())
    const mine = json(await owner.client.post(`/invoices/${invoice.id}/comments`, { comment: 'Le mien' })).data
    const theirs = json(await colleague.client.post(`/invoices/${invoice.id}/comments`, { comment: 'Le sien' })).data
    const seenByColleague = json(await colleague.client.get(`/invoices/${invoice.id}/comments`)).data
    expect(seenByColleague).toMatchObject([
      { id: mine.id, canDelete: false, commentator: { firstname: 'Camille' } },
      { id: theirs.id, canDelete: true, commentator: { firstname: 'Alex' } },
    ])
    const refused = await colleague.client.delete(`/invoices/${invoice.id}/comments/${mine.id}`)
    expect(refused.statusCode).toBe(403)
    expect(json(refused)).toMatchObject({ message: messages.comments.deleteForbidden, code: 'NOT_COMMENT_AUTHOR' })
    expect((await owner.client.delete(`/invoices/${invoice.id}/comments/${mine.id}`)).statusCode).toBe(204)
    expect((await owner.client.delete(`/invoices/${invoice.id}/comments/${mine.id}`)).statusCode).toBe(404)
    const left = json(await owner.client.get(`/invoices/${invoice.id}/comments`)).data
    expect(left.map((c: { id: number }) => c.id)).toEqual([theirs.id])
    expect(json(await owner.client.get(`/invoices/${invoice.id}`)).data.commentsCount).toBe(1)
  })

  it("answers 404 for another organisation's document and comment, and for a comment of another document", async () => {
    const alice = await vatPayer(ctx.app)
    const bob = await signUpWithOrganization(ctx.app)
    const invoice = await createInvoice(alice.client, invoiceBody())
    const other = await createInvoice(alice.client, invoiceBody())
    const comment = json(await alice.client.post(`/invoices/${invoice.id}/comments`, { comment: 'Privé' })).data
    for (const response of [
      await bob.client.get(`/invoices/${invoice.id}/comments`),
      await bob.client.post(`/invoices/${invoice.id}/comments`, { comment: 'Intrus' }),
      await bob.client.delete(`/invoices/${invoice.id}/comments/${comment.id}`),
      await bob.client.get(`/invoices/${invoice.id}/note`),
      await put(bob.client, `/invoices/${invoice.id}/note`, { comment: 'Intrus' }),
      await bob.client.get(`/invoices/${invoice.id}/activities`),
      await alice.client.delete(`/invoices/${other.id}/comments/${comment.id}`),
      await alice.client.get(`/quotes/${invoice.id}/comments`),
      await alice.client.get(`/receipts-unknown/${invoice.id}/comments`),
    ])
      expect(response.statusCode, response.body).toBe(404)
    expect(json(await alice.client.get(`/invoices/${invoice.id}/comments`)).data).toHaveLength(1)
  })
})

describe('notes', () => {
  it('saves, reads back, rewrites and clears the note of an invoice and of a quote', async () => {
    const { client, id: userId } = await vatPayer(ctx.app)
    const invoice = await createInvoice(client, invoiceBody())
    expect(json(await client.get(`/invoices/${invoice.id}/note`)).data).toEqual({
      comment: '',
      updatedAt: null,
      commentator: null,
    })
    const saved = await put(client, `/invoices/${invoice.id}/note`, { comment: 'Payer par virement\nSans faute' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(json(saved).data).toMatchObject({
      comment: 'Payer par virement\nSans faute',
      commentator: { id: userId, firstname: 'Camille' },
    })
    expect(json(saved).data.updatedAt).toBeTruthy()
    await put(client, `/invoices/${invoice.id}/note`, { comment: 'Réécrite' })
    expect(json(await client.get(`/invoices/${invoice.id}/note`)).data.comment).toBe('Réécrite')
    const cleared = json(await put(client, `/invoices/${invoice.id}/note`, { comment: '' })).data
    expect(cleared).toEqual({ comment: '', updatedAt: null, commentator: null })

    const quote = await createQuote(client, quoteBody())
    await put(client, `/quotes/${quote.id}/note`, { comment: 'Note du devis' })
    expect(json(await client.get(`/quotes/${quote.id}/note`)).data.comment).toBe('Note du devis')
    expect(json(await client.get(`/invoices/${invoice.id}/note`)).data.comment).toBe('')
  })

  it('refuses a note over 2000 characters with a French message and keeps the previous one', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createInvoice(client, invoiceBody())
    await put(client, `/invoices/${invoice.id}/note`, { comment: 'Avant' })
    expect((await put(client, `/invoices/${invoice.id}/note`, { comment: 'é'.repeat(2000) })).statusCode).toBe(200)
    const refused = await put(client, `/invoices/${invoice.id}/note`, { comment: 'é'.repeat(2001) })
    expect(refused.statusCode).toBe(422)
    expect(json(refused).errors).toEqual({ comment: [v.tooLong(2000)] })
    expect(json(await client.get(`/invoices/${invoice.id}/note`)).data.comment).toBe('é'.repeat(2000))
  })
})

describe('history', () => {
  it('tells the life of an invoice newest first, in French, naming the invoice by its number', async () => {
    const { client, id: userId } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const invoice = await createInvoice(client, invoiceBody({ contactId }))
    await act(client, `/invoices/${invoice.id}/validate`)
    await act(client, `/invoices/${invoice.id}/mark-as-sent`)
    const history = json(await client.get(`/invoices/${invoice.id}/activities`)).data
    expect(history.map((entry: { sentence: string }) => entry.sentence)).toEqual([
      'Tu as marqué la facture F-2026-0001 comme envoyée.',
      'Tu as validé la facture F-2026-0001.',
      'Tu as créé la facture F-2026-0001.',
    ])
    expect(history[1]).toMatchObject({
      code: 'invoice.state_updated',
      isOperator: false,
      user: { id: userId, name: 'Camille Martin' },
      payload: { from: 'DRAFT', to: 'VALIDATED' },
      known: true,
    })
    expect(history[1].createdAt).toBeTruthy()
  })

  it('names other members, and the platform for the entries it writes by itself (an invoice late)', async () => {
    const { owner, colleague } = await teamOfTwo()
    const { contactId } = await createCustomer(owner.client)
    // Dated 2 November with 30 days: due 2 December, late once the clock passes it.
    const invoice = await createInvoice(owner.client, invoiceBody({ contactId }))
    await act(colleague.client, `/invoices/${invoice.id}/validate`)
    await act(colleague.client, `/invoices/${invoice.id}/mark-as-sent`)
    try {
      // In steps: a session ends after SESSION_IDLE_DAYS (14) without use.
      ctx.setNow(() => new Date('2026-11-27T08:00:00Z'))
      await owner.client.get('/me')
      ctx.setNow(() => new Date('2026-12-10T08:00:00Z'))
      await owner.client.get('/invoices')
    } finally {
      ctx.setNow(() => new Date('2026-11-15T10:00:00Z'))
    }
    const history = json(await owner.client.get(`/invoices/${invoice.id}/activities`)).data
    expect(history.map((entry: { sentence: string }) => entry.sentence)).toEqual([
      'Carnet a passé la facture F-2026-0001 en retard.',
      'Alex Dupont a marqué la facture F-2026-0001 comme envoyée.',
      'Alex Dupont a validé la facture F-2026-0001.',
      'Tu as créé la facture F-2026-0001.',
    ])
    expect(history[0]).toMatchObject({ isOperator: true, user: null })
    const seenByColleague = json(await colleague.client.get(`/invoices/${invoice.id}/activities`)).data
    expect(seenByColleague[1].sentence).toBe('Tu as marqué la facture F-2026-0001 comme envoyée.')
  })

  it("tells a quote's states and the invoice made from it, with the invoice's id to link to", async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const quote = await createQuote(client, quoteBody({ contactId }))
    const validated = await client.patch(`/quotes/${quote.id}/state`, { stateId: 3 })
    expect(validated.statusCode, validated.body).toBe(200)
    const invoice = await act(client, `/quotes/${quote.id}/invoice`, 201)
    const history = json(await client.get(`/quotes/${quote.id}/activities`)).data
    expect(history.map((entry: { sentence: string }) => entry.sentence)).toEqual([
      'Tu as transformé le devis D-2026-0001 en facture.',
      'Tu as validé le devis D-2026-0001.',
      'Tu as créé le devis D-2026-0001.',
    ])
    expect(history[0].payload).toMatchObject({ invoiceId: invoice.id })
  })

  it('names a draft by its name', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createInvoice(client, invoiceBody({ name: 'Site vitrine' }))
    const [created] = json(await client.get(`/invoices/${invoice.id}/activities`)).data
    expect(created.sentence).toBe('Tu as créé la facture « Site vitrine ».')
  })
})

describe('a deleted draft leaves nothing behind', () => {
  it('takes its comments, note and history with it', async () => {
    const { client, organization } = await vatPayer(ctx.app)
    const invoice = await createInvoice(client, invoiceBody())
    await client.post(`/invoices/${invoice.id}/comments`, { comment: 'À supprimer avec le brouillon' })
    await put(client, `/invoices/${invoice.id}/note`, { comment: 'Note du brouillon' })
    expect((await client.delete(`/invoices/${invoice.id}`)).statusCode).toBe(204)
    const left = (table: string) =>
      ctx.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where organization_id = ${organization.id}`,
      )
    for (const table of ['comments', 'notes', 'activities']) {
      const result = (await left(table)) as unknown as { rows: { n: number }[] }
      expect(result.rows[0]?.n, table).toBe(0)
    }
  })
})

describe('ids the database cannot hold', () => {
  it('answers 404, never a 500, for document and comment ids of 2^40 and 2^53', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createInvoice(client, invoiceBody())
    const comment = json(await client.post(`/invoices/${invoice.id}/comments`, { comment: 'Vu' })).data
    for (const huge of [2 ** 40, 2 ** 53]) {
      for (const model of ['invoices', 'quotes']) {
        expect((await client.get(`/${model}/${huge}/comments`)).statusCode).toBe(404)
        expect((await client.post(`/${model}/${huge}/comments`, { comment: 'Vu' })).statusCode).toBe(404)
        expect((await client.delete(`/${model}/${huge}/comments/${comment.id}`)).statusCode).toBe(404)
        expect((await client.get(`/${model}/${huge}/note`)).statusCode).toBe(404)
        expect((await put(client, `/${model}/${huge}/note`, { comment: 'Note' })).statusCode).toBe(404)
        expect((await client.get(`/${model}/${huge}/activities`)).statusCode).toBe(404)
      }
      expect((await client.delete(`/invoices/${invoice.id}/comments/${huge}`)).statusCode).toBe(404)
    }
    expect(json(await client.get(`/invoices/${invoice.id}/comments`)).data).toHaveLength(1)
  })

  it('saves an empty note when the PUT has no body at all', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createInvoice(client, invoiceBody())
    await put(client, `/invoices/${invoice.id}/note`, { comment: 'À effacer' })
    const response = await client.request('PUT', `/invoices/${invoice.id}/note`)
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data).toEqual({ comment: '', updatedAt: null, commentator: null })
  })

  it('pages the comments and the history like every list: page, pageSize, meta; unknown keys a 400', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createInvoice(client, invoiceBody())
    for (const comment of ['Un', 'Deux', 'Trois']) await client.post(`/invoices/${invoice.id}/comments`, { comment })
    const first = json(await client.get(`/invoices/${invoice.id}/comments?pageSize=2`))
    expect(first.data.map((c: { comment: string }) => c.comment)).toEqual(['Un', 'Deux'])
    expect(first.meta).toEqual({ total: 3, page: 1, pageSize: 2 })
    const second = json(await client.get(`/invoices/${invoice.id}/comments?pageSize=2&page=2`))
    expect(second.data.map((c: { comment: string }) => c.comment)).toEqual(['Trois'])

    // Created, then three comments: four entries, newest first.
    const history = json(await client.get(`/invoices/${invoice.id}/activities?pageSize=3`))
    expect(history.meta).toEqual({ total: 4, page: 1, pageSize: 3 })
    expect(history.data).toHaveLength(3)
    const last = json(await client.get(`/invoices/${invoice.id}/activities?pageSize=3&page=2`)).data
    expect(last).toHaveLength(1)
    expect(last[0].id).toBeLessThan(history.data[2].id)

    for (const query of ['pageSize=1001', 'page=0', 'filter[x]=1'])
      for (const list of ['comments', 'activities'])
        expect((await client.get(`/invoices/${invoice.id}/${list}?${query}`)).statusCode, `${list}?${query}`).toBe(400)
  })
})
