import { messages } from '@app/domain'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { json, useTestContext } from '../../../../test/helpers'
import {
  act,
  createCustomer,
  createInvoice,
  createQuote,
  createValidatedInvoice,
  invoiceBody,
  quoteBody,
  vatPayer,
} from '../../../../test/sales'

/** The customer every e-mailed invoice here goes to. */
const CUSTOMER = { email: 'compta@danone.fr' }

import { activities, emails } from '../../../db/schema/index'

/** Mid-November 2026 in Paris; documents dated 2 November. */
const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })
const s = messages.sending

const sendBody = (overrides: Record<string, unknown> = {}) => ({
  emailRecipient: 'compta@danone.fr',
  subject: 'Facture {reference} de {mois}',
  contentMail: 'Bonjour {client},\nVoici la facture {reference} ({2DerniersMois}).\n{signature}',
  meInCopy: false,
  ...overrides,
})

const activityCodes = async (subjectType: string, subjectId: number) =>
  (
    await ctx.database.db
      .select({ code: activities.code, payload: activities.payload })
      .from(activities)
      .where(and(eq(activities.subjectType, subjectType), eq(activities.subjectId, subjectId)))
  ).filter((row) => row.code.endsWith('mail_sent'))

describe('sending an invoice by e-mail', () => {
  it('delivers the PDF over SMTP with the variables replaced, and marks the invoice sent with its activity', async () => {
    const { client, email } = await vatPayer(ctx.app)
    await client.patch('/settings', { emailSignature: 'Camille, Atelier Martin' })
    const invoice = await createValidatedInvoice(client, {}, CUSTOMER)
    const response = await client.post(
      `/invoices/${invoice.id}/send`,
      sendBody({ ccMails: 'associe@danone.fr', bccMails: 'archive@danone.fr', meInCopy: true }),
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data).toEqual({ status: 'sent' })

    const mail = await ctx.smtp.waitFor('compta@danone.fr')
    expect(mail.subject).toBe(`Facture ${invoice.reference} de novembre`)
    expect(mail.text).toContain(`Bonjour Danone,\nVoici la facture ${invoice.reference} (septembre et octobre).`)
    expect(mail.text).toContain('Camille, Atelier Martin')
    const cc = [mail.cc].flat().flatMap((a) => a?.value.map((v) => v.address) ?? [])
    expect(cc.sort()).toEqual(['associe@danone.fr', email].sort())
    expect(mail.replyTo?.value[0]?.address).toBe(email)
    expect(mail.from?.value[0]?.name).toBe('Atelier Martin')
    // Bcc never shows in the headers, but the SMTP server got the message for it too.
    expect(mail.headers.has('bcc')).toBe(false)
    const [attachment] = mail.attachments
    expect(attachment?.contentType).toBe('application/pdf')
    expect(attachment?.filename).toMatch(/\.pdf$/)
    expect(attachment?.content.subarray(0, 4).toString()).toBe('%PDF')

    const after = json(await client.get(`/invoices/${invoice.id}`)).data
    expect(after.state.code).toBe('PENDING')
    expect(await activityCodes('invoice', invoice.id)).toEqual([
      { code: 'invoice.mail_sent', payload: { to: ['compta@danone.fr'] } },
    ])
    const [row] = await ctx.database.db.select().from(emails).where(eq(emails.subjectId, invoice.id))
    expect(row).toMatchObject({ status: 'sent', attempts: 1, bcc: 'archive@danone.fr', subjectType: 'invoice' })
  })

  it('proposes the customer address, a subject naming the document and its sender, and a polite body', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(client, {}, CUSTOMER)
    const defaults = json(await client.get(`/invoices/${invoice.id}/email`)).data
    expect(defaults).toEqual({
      emailRecipient: 'compta@danone.fr',
      subject: `Facture ${invoice.reference} d'Atelier Martin`,
      contentMail: expect.stringContaining(`Veuillez trouver ci-joint la facture ${invoice.reference}.`),
      meInCopy: true,
      lastSending: null,
    })
    expect(defaults.contentMail).toMatch(/Atelier Martin$/)
  })

  it('names a credit note and the brand it comes from in its subject, and the subject typed wins', async () => {
    const { client } = await vatPayer(ctx.app)
    expect((await client.patch('/organization', { brandName: 'Camille Martin Studio' })).statusCode).toBe(200)
    const invoice = await createValidatedInvoice(client, {}, CUSTOMER)
    const subjectOf = async (id: number) => json(await client.get(`/invoices/${id}/email`)).data.subject
    expect(await subjectOf(invoice.id)).toBe(`Facture ${invoice.reference} de Camille Martin Studio`)
    const sent = await client.post(
      `/invoices/${invoice.id}/send`,
      sendBody({ emailRecipient: 'studio@danone.fr', subject: 'Ma facture {reference}' }),
    )
    expect(sent.statusCode, sent.body).toBe(200)
    expect((await ctx.smtp.waitFor('studio@danone.fr')).subject).toBe(`Ma facture ${invoice.reference}`)
    const created = await client.post(`/invoices/${invoice.id}/credit-note`, { partial: false })
    expect(created.statusCode, created.body).toBe(201)
    let note = json(created).data
    if (note.state.code === 'DRAFT') note = await act(client, `/invoices/${note.id}/validate`)
    expect(await subjectOf(note.id)).toBe(`Avoir ${note.reference} de Camille Martin Studio`)
  })

  it("uses the organisation's templates with their variables", async () => {
    const { client } = await vatPayer(ctx.app)
    await client.patch('/settings', {
      invoiceEmailSubject: 'Votre facture de {moisPrecedent} {annee}',
      invoiceEmail: 'Bonjour,\n{reference} pour {client}.\n{signature}',
    })
    const invoice = await createValidatedInvoice(client, {}, CUSTOMER)
    const defaults = json(await client.get(`/invoices/${invoice.id}/email`)).data
    expect(defaults.subject).toBe('Votre facture de octobre 2026')
    expect(defaults.contentMail).toBe(`Bonjour,\n${invoice.reference} pour Danone.\nAtelier Martin`)
  })

  it('refuses to send a draft with a French 409, and sends a paid invoice again without changing its state', async () => {
    const { client } = await vatPayer(ctx.app)
    const customer = await createCustomer(client)
    const draft = await createInvoice(client, invoiceBody({ contactId: customer.contactId }))
    const refused = await client.post(`/invoices/${draft.id}/send`, sendBody())
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({ message: s.draftNotSendable, code: 'DRAFT_NOT_SENDABLE' })

    const invoice = await createValidatedInvoice(client, {}, CUSTOMER)
    await act(client, `/invoices/${invoice.id}/mark-as-paid`)
    const again = await client.post(`/invoices/${invoice.id}/send`, sendBody({ emailRecipient: 'paye@danone.fr' }))
    expect(again.statusCode, again.body).toBe(200)
    await ctx.smtp.waitFor('paye@danone.fr')
    expect(json(await client.get(`/invoices/${invoice.id}`)).data.state.code).toBe('PAID')
    expect(await activityCodes('invoice', invoice.id)).toHaveLength(1)
  })

  it('names each bad address with a 422 and refuses a subject carrying a header', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(client, {}, CUSTOMER)
    const bad = await client.post(
      `/invoices/${invoice.id}/send`,
      sendBody({ emailRecipient: 'ok@danone.fr; pas-une-adresse', ccMails: 'x@y' }),
    )
    expect(bad.statusCode).toBe(422)
    expect(json(bad).errors).toEqual({
      emailRecipient: [s.invalidAddress('pas-une-adresse')],
      ccMails: [s.invalidAddress('x@y')],
    })
    const injected = await client.post(`/invoices/${invoice.id}/send`, sendBody({ subject: 'a\r\nBcc: x@y.z' }))
    expect(injected.statusCode).toBe(422)
    expect(json(injected).errors).toEqual({ subject: [s.subjectOneLine] })
    const empty = await client.post(`/invoices/${invoice.id}/send`, sendBody({ emailRecipient: '', contentMail: '' }))
    expect(json(empty).errors).toEqual({
      emailRecipient: [messages.validation.required],
      contentMail: [messages.validation.required],
    })
    expect(json(await client.get(`/invoices/${invoice.id}`)).data.state.code).toBe('VALIDATED')
  })

  it("answers 404 for another organisation's invoice", async () => {
    const owner = await vatPayer(ctx.app)
    const invoice = await createValidatedInvoice(owner.client, {}, CUSTOMER)
    const stranger = await vatPayer(ctx.app)
    expect((await stranger.client.post(`/invoices/${invoice.id}/send`, sendBody())).statusCode).toBe(404)
    expect((await stranger.client.get(`/invoices/${invoice.id}/email`)).statusCode).toBe(404)
  })
})

describe('sending a quote by e-mail', () => {
  it('moves a validated quote to SENT with the PDF attached, and resends a won quote', async () => {
    const { client } = await vatPayer(ctx.app)
    const customer = await createCustomer(client, { email: 'achats@danone.fr' })
    const quote = await createQuote(client, quoteBody({ contactId: customer.contactId }))
    const validated = await client.patch(`/quotes/${quote.id}/state`, { stateId: 3 })
    expect(validated.statusCode, validated.body).toBe(200)
    // What the drawer sends: the defaults without what only describes the last sending.
    const { lastSending: _last, ...defaults } = json(await client.get(`/quotes/${quote.id}/email`)).data
    expect(defaults.contentMail).toContain(`le devis ${json(validated).data.reference}`)
    expect(defaults.subject).toBe(`Devis ${json(validated).data.reference} d'Atelier Martin`)
    const sent = await client.post(`/quotes/${quote.id}/send`, { ...defaults, meInCopy: false })
    expect(sent.statusCode, sent.body).toBe(200)
    const mail = await ctx.smtp.waitFor('achats@danone.fr')
    expect(mail.attachments[0]?.content.subarray(0, 4).toString()).toBe('%PDF')
    expect(json(await client.get(`/quotes/${quote.id}`)).data.state.code).toBe('SENT')
    expect(await activityCodes('quote', quote.id)).toEqual([
      { code: 'quote.mail_sent', payload: { to: ['achats@danone.fr'] } },
    ])

    await client.patch(`/quotes/${quote.id}/state`, { stateId: 5 })
    const again = await client.post(`/quotes/${quote.id}/send`, { ...defaults, emailRecipient: 'dg@danone.fr' })
    expect(again.statusCode, again.body).toBe(200)
    await ctx.smtp.waitFor('dg@danone.fr')
    expect(json(await client.get(`/quotes/${quote.id}`)).data.state.code).toBe('WON')
  })

  it('refuses to send a draft quote', async () => {
    const { client } = await vatPayer(ctx.app)
    const quote = await createQuote(client, quoteBody())
    const refused = await client.post(`/quotes/${quote.id}/send`, sendBody())
    expect(refused.statusCode).toBe(409)
    expect(json(refused).message).toBe(s.draftNotSendable)
  })
})

describe('dynamic variables at validation', () => {
  it('resolves {mois} and {annee} in the name, description and lines of a validated invoice; drafts keep them', async () => {
    const { client } = await vatPayer(ctx.app)
    const customer = await createCustomer(client)
    const draft = await createInvoice(
      client,
      invoiceBody({
        contactId: customer.contactId,
        name: 'Maintenance {mois} {annee}',
        description: 'Suite de {moisPrecedent}',
        lines: [
          {
            name: 'Forfait {mois}',
            description: 'Jusqu’en {moisSuivant}',
            type: 'SERVICE',
            quantity: '1',
            amount: '100',
            unitId: 1,
            taxId: 1,
          },
        ],
      }),
    )
    expect(draft.name).toBe('Maintenance {mois} {annee}')
    const validated = await act(client, `/invoices/${draft.id}/validate`)
    expect(validated.name).toBe('Maintenance novembre 2026')
    expect(validated.description).toBe('Suite de octobre')
    expect(validated.lines[0]).toMatchObject({ name: 'Forfait novembre', description: 'Jusqu’en décembre' })
  })

  it('resolves them when a quote is validated', async () => {
    const { client } = await vatPayer(ctx.app)
    const customer = await createCustomer(client)
    const quote = await createQuote(client, quoteBody({ contactId: customer.contactId, name: 'Devis {mois}' }))
    const validated = json(await client.patch(`/quotes/${quote.id}/state`, { stateId: 3 })).data
    expect(validated.name).toBe('Devis novembre')
  })
})

describe('e-mail requests', () => {
  it('answers 404, never a 500, for ids of 2^40 and 2^53', async () => {
    const { client } = await vatPayer(ctx.app)
    for (const huge of [2 ** 40, 2 ** 53]) {
      for (const model of ['invoices', 'quotes']) {
        expect((await client.get(`/${model}/${huge}/email`)).statusCode).toBe(404)
        expect((await client.post(`/${model}/${huge}/send`, sendBody())).statusCode).toBe(404)
      }
    }
  })
})
