import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import {
  calendarRule,
  createSubscription,
  givePlan,
  premiumOrganization,
  recurringBody,
  recurringParams,
} from '../../../../test/recurring'
import { createValidatedInvoice, invoiceBody } from '../../../../test/sales'

const r = messages.recurring
// "Today" is Sunday 10 January 2027 in Paris for this file.
const ctx = useTestContext({ now: () => new Date('2027-01-10T10:00:00Z') })

describe('creating and reading a recurring invoice', () => {
  it('is an invoice with isRecurring and its schedule, listed apart from the invoices', async () => {
    const { client, contactId, addressId } = await premiumOrganization(ctx)
    const created = await createSubscription(
      client,
      recurringBody({ contactId, billingAddressId: addressId }, { day: 31, startingAt: '2027-01-11' }),
    )
    expect(created.isRecurring).toBe(true)
    expect(created.reference).toBeNull()
    expect(created.recurringParams).toMatchObject({
      startingAt: '2027-01-11',
      unit: 'month',
      day: 31,
      nextOccurrence: '2027-01-31',
      isActive: true,
      status: 'ACTIVE',
      generatedCount: 0,
      remainingOccurrences: null,
      description: 'tous les mois, le dernier jour',
    })
    // Drafts keep their variables as typed; the model too.
    expect(created.name).toBe('Maintenance {mois} {annee}')

    const recurring = json(await client.get('/invoices?filter[recurring]=true')).data
    expect(recurring.map((row: { id: number }) => row.id)).toEqual([created.id])
    expect(recurring[0].recurringParams.status).toBe('ACTIVE')
    expect(json(await client.get('/invoices')).data).toEqual([])
    expect(json(await client.get('/invoices/summary')).data.pending.count).toBe(0)
  })

  it('is Brouillon without a customer, and can be saved that way', async () => {
    const { client } = await premiumOrganization(ctx)
    const created = await createSubscription(client, recurringBody())
    expect(created.recurringParams.status).toBe('DRAFT')
  })

  it('refuses what spec §5 refuses, with the field in the path', async () => {
    const { client } = await premiumOrganization(ctx)
    const post = (params: Record<string, unknown>) => client.post('/invoices', recurringBody({}, params))
    const today = await post({ startingAt: '2027-01-10' })
    expect(today.statusCode).toBe(422)
    expect(json(today).errors).toEqual({ 'recurringParams.startingAt': [r.startTomorrow] })
    const endBefore = await post({ startingAt: '2027-02-01', endingAt: '2027-01-20' })
    expect(json(endBefore).errors).toEqual({ 'recurringParams.endingAt': [r.endBeforeStart] })
    const asStrings = await post({ recurrence: '2', day: '5' })
    expect(asStrings.statusCode).toBe(422)
    expect(Object.keys(json(asStrings).errors)).toEqual(
      expect.arrayContaining(['recurringParams.recurrence', 'recurringParams.day']),
    )
    const tooMany = await post({ endingType: 'occurrences', occurrences: 301 })
    expect(json(tooMany).errors).toEqual({ 'recurringParams.occurrences': [r.occurrencesRange] })
    const badDay = await post({ day: 12 })
    expect(json(badDay).errors).toEqual({ 'recurringParams.day': [r.monthDay] })
    const noParams = await client.post('/invoices', invoiceBody({ isRecurring: true }))
    expect(json(noParams).errors).toEqual({ recurringParams: [r.paramsRequired] })
    const sendWithoutRecipient = await post({ creationOption: 'send', emails: { subject: 'x', body: 'y' } })
    expect(json(sendWithoutRecipient).errors).toEqual({
      'recurringParams.emails.emailRecipient': [messages.validation.required],
    })
    // Nothing was saved by the refused requests.
    expect(json(await client.get('/invoices?filter[recurring]=true')).meta.total).toBe(0)
  })

  it('is refused with 403 on the free formula and on a plan without "plus", allowed on a trial', async () => {
    const trial = await signUpWithOrganization(ctx.app)
    expect((await trial.client.post('/invoices', recurringBody())).statusCode).toBe(201)

    const classic = await signUpWithOrganization(ctx.app)
    await givePlan(ctx, classic.organization.id, 'monthly')
    const refused = await classic.client.post('/invoices', recurringBody())
    expect(refused.statusCode).toBe(403)
    expect(json(refused)).toMatchObject({ code: 'PREMIUM_REQUIRED', message: r.premiumRequired })

    const free = await signUpWithOrganization(ctx.app)
    await givePlan(ctx, free.organization.id, 'free')
    expect((await free.client.post('/invoices', recurringBody())).statusCode).toBe(403)
    const invoice = await createValidatedInvoice(free.client)
    expect((await free.client.post(`/invoices/${invoice.id}/duplicate?recurring=true`)).statusCode).toBe(403)
  })
})

describe('editing, suspending, reactivating and deleting', () => {
  it('edits the schedule and the content; a model is never numbered, validated nor sent', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const created = await createSubscription(client, recurringBody({ contactId }))
    const edited = await client.patch(
      `/invoices/${created.id}`,
      recurringBody(
        { contactId, name: 'Hébergement' },
        { unit: 'week', day: 7, endingType: 'occurrences', occurrences: 3 },
      ),
    )
    expect(edited.statusCode, edited.body).toBe(200)
    expect(json(edited).data.name).toBe('Hébergement')
    expect(json(edited).data.recurringParams).toMatchObject({
      unit: 'week',
      day: 7,
      nextOccurrence: '2027-01-17',
      remainingOccurrences: 3,
      endingAt: null,
      description: 'toutes les semaines, le dimanche',
    })
    expect((await client.post(`/invoices/${created.id}/validate`)).statusCode).toBe(409)
    expect(
      (
        await client.post(`/invoices/${created.id}/send`, {
          emailRecipient: 'a@b.fr',
          subject: 's',
          contentMail: 'c',
          meInCopy: false,
        })
      ).statusCode,
    ).toBe(409)
    // A PATCH that says it is not a recurring invoice is refused, the model unchanged.
    const mismatch = await client.patch(`/invoices/${created.id}`, invoiceBody({ contactId, isRecurring: false }))
    expect(mismatch.statusCode).toBe(409)
    expect(json(await client.get(`/invoices/${created.id}`)).data.name).toBe('Hébergement')
  })

  it('suspends, then reactivates from today (needs a customer); both say so in the history', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const noContact = await createSubscription(client, recurringBody())
    await client.post(`/invoices/${noContact.id}/suspend`)
    const refused = await client.post(`/invoices/${noContact.id}/reactivate`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused).message).toBe(r.reactivateNeedsContact)

    const created = await createSubscription(client, recurringBody({ contactId }))
    const suspended = await client.post(`/invoices/${created.id}/suspend`)
    expect(json(suspended).data.recurringParams).toMatchObject({ isActive: false, status: 'SUSPENDED' })
    expect((await client.post(`/invoices/${created.id}/suspend`)).statusCode).toBe(409)
    const reactivated = await client.post(`/invoices/${created.id}/reactivate`)
    expect(json(reactivated).data.recurringParams).toMatchObject({ isActive: true, status: 'ACTIVE' })
    const history = json(await client.get(`/invoices/${created.id}/activities`)).data.map(
      (entry: { sentence: string }) => entry.sentence,
    )
    expect(history).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Tu as suspendu la facture/),
        expect.stringMatching(/^Tu as réactivé la facture/),
      ]),
    )
  })

  it('deletes a recurring invoice in any state; the invoices it made stay', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const created = await createSubscription(
      client,
      recurringBody({ contactId }, { endingType: 'occurrences', occurrences: 1, startingAt: '2027-01-11' }),
    )
    await ctx.app.jobs.runDue({ until: '2027-02-01' })
    const made = json(await client.get('/invoices')).data.filter(
      (i: { subscriptionId: number }) => i.subscriptionId === created.id,
    )
    expect(made).toHaveLength(1)
    expect(json(await client.get(`/invoices/${created.id}`)).data.state.code).toBe('ARCHIVED')
    expect((await client.delete(`/invoices/${created.id}`)).statusCode).toBe(204)
    expect((await client.get(`/invoices/${created.id}`)).statusCode).toBe(404)
    const kept = json(await client.get(`/invoices/${made[0].id}`)).data
    expect(kept.subscriptionId).toBeNull()
  })

  it("answers 404 for another organisation's recurring invoice", async () => {
    const a = await premiumOrganization(ctx)
    const b = await premiumOrganization(ctx)
    const created = await createSubscription(a.client, recurringBody({ contactId: a.contactId }))
    for (const path of ['suspend', 'reactivate'])
      expect((await b.client.post(`/invoices/${created.id}/${path}`)).statusCode).toBe(404)
    expect((await b.client.patch(`/invoices/${created.id}`, recurringBody())).statusCode).toBe(404)
    expect((await b.client.post('/recurring-calendar', { ...calendarRule(), id: created.id })).statusCode).toBe(404)
    expect((await b.client.delete(`/invoices/${created.id}`)).statusCode).toBe(404)
  })
})

describe('the calendar preview and "Créer une facture récurrente"', () => {
  it('lists the next dates the server computes, none when the end comes first', async () => {
    const { client } = await premiumOrganization(ctx)
    const dates = await client.post('/recurring-calendar', { ...calendarRule({ day: 31 }), limit: 4 })
    expect(json(dates).data).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30'])
    const none = await client.post(
      '/recurring-calendar',
      calendarRule({ day: 5, startingAt: '2027-01-11', endingAt: '2027-01-20' }),
    )
    expect(json(none).data).toEqual([])
    const count = await client.post('/recurring-calendar', calendarRule({ endingType: 'occurrences', occurrences: 2 }))
    expect(json(count).data).toEqual(['2027-02-01', '2027-03-01'])
    expect((await client.post('/recurring-calendar', calendarRule({ unit: 'fortnight' }))).statusCode).toBe(422)
  })

  it('makes a recurring invoice from an invoice: same customer and lines, monthly from tomorrow', async () => {
    const { client } = await premiumOrganization(ctx)
    const invoice = await createValidatedInvoice(client, {}, { email: 'factures@client.fr' })
    const response = await client.post(`/invoices/${invoice.id}/duplicate?recurring=true`)
    expect(response.statusCode, response.body).toBe(201)
    const created = json(response).data
    expect(created).toMatchObject({ isRecurring: true, contactId: invoice.contactId, reference: null })
    expect(created.lines).toHaveLength(invoice.lines.length)
    expect(created.recurringParams).toMatchObject({
      startingAt: '2027-01-11',
      unit: 'month',
      day: 1,
      creationOption: 'draft',
      nextOccurrence: '2027-02-01',
      emails: { emailRecipient: 'factures@client.fr' },
    })
    const credit = json(await client.post(`/invoices/${invoice.id}/credit-note`, { partial: false })).data
    expect((await client.post(`/invoices/${credit.id}/duplicate?recurring=true`)).statusCode).toBe(409)
  })
})

describe('the recurring settings (spec/sales.md §3, §5)', () => {
  it('give the defaults of a recurring invoice made from an invoice; only a plan with them changes them', async () => {
    const { client } = await premiumOrganization(ctx)
    const settings = json(await client.get('/settings')).data
    expect(settings).toMatchObject({
      recurringUnit: 'month',
      recurringCreationOption: 'draft',
      recurringEndingType: 'date',
    })
    const saved = await client.patch('/settings', {
      recurringUnit: 'week',
      recurringCreationOption: 'send',
      recurringEndingType: 'occurrences',
      recurringEmail: 'Bonjour {client}, voici {reference}.',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const invoice = await createValidatedInvoice(client, {}, { email: 'factures@client.fr' })
    const created = json(await client.post(`/invoices/${invoice.id}/duplicate?recurring=true`)).data
    expect(created.recurringParams).toMatchObject({
      unit: 'week',
      day: 1,
      creationOption: 'send',
      endingType: 'occurrences',
      occurrences: 1,
      emails: { emailRecipient: 'factures@client.fr', body: 'Bonjour {client}, voici {reference}.' },
    })
    expect((await client.patch('/settings', { recurringUnit: 'fortnight' })).statusCode).toBe(422)

    const classic = await signUpWithOrganization(ctx.app)
    await givePlan(ctx, classic.organization.id, 'monthly')
    // The whole form comes back unchanged: saved; a recurring setting changed: refused.
    const unchanged = await classic.client.patch('/settings', { hasDiscounts: true, recurringUnit: 'month' })
    expect(unchanged.statusCode, unchanged.body).toBe(200)
    const refused = await classic.client.patch('/settings', { hasDiscounts: false, recurringUnit: 'year' })
    expect(refused.statusCode).toBe(403)
    expect(json(refused).code).toBe('PREMIUM_REQUIRED')
    expect(json(await classic.client.get('/settings')).data).toMatchObject({
      hasDiscounts: true,
      recurringUnit: 'month',
    })
  })
})

describe('recurring invoices: bodies, partial edits and ids', () => {
  it('suspend, reactivate and duplicate?recurring=true answer the same with no body, an empty body and {}', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const sends = [
      (url: string) => client.request('POST', url),
      (url: string) => client.request('POST', url, '', { 'content-type': 'application/json' }),
      (url: string) => client.request('POST', url, {}),
    ]
    const outcomes = []
    for (const send of sends) {
      const created = await createSubscription(client, recurringBody({ contactId }))
      const steps = []
      for (const action of ['suspend', 'suspend', 'reactivate', 'reactivate']) {
        const response = await send(`/invoices/${created.id}/${action}`)
        steps.push([action, response.statusCode, json(response).data?.recurringParams.status])
      }
      const copy = await send(`/invoices/${created.id}/duplicate?recurring=true`)
      steps.push(['duplicate', copy.statusCode, json(copy).data.isRecurring])
      outcomes.push(steps)
    }
    expect(outcomes[0]).toEqual([
      ['suspend', 200, 'SUSPENDED'],
      ['suspend', 409, undefined],
      ['reactivate', 200, 'ACTIVE'],
      ['reactivate', 409, undefined],
      ['duplicate', 201, true],
    ])
    expect(outcomes[1]).toEqual(outcomes[0])
    expect(outcomes[2]).toEqual(outcomes[0])
  })

  it('PATCH keeps the schedule when only the content is sent, and takes recurringParams whole when sent', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const created = await createSubscription(
      client,
      recurringBody({ contactId }, { day: 5, endingType: 'occurrences', occurrences: 4 }),
    )
    const renamed = await client.patch(`/invoices/${created.id}`, { name: 'Hébergement' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const after = json(await client.get(`/invoices/${created.id}`)).data
    expect(after).toMatchObject({ name: 'Hébergement', contactId, isRecurring: true })
    expect(after.lines).toHaveLength(1)
    expect(after.recurringParams).toMatchObject({ unit: 'month', day: 5, endingType: 'occurrences', occurrences: 4 })

    const weekly = await client.patch(`/invoices/${created.id}`, {
      recurringParams: recurringParams({ unit: 'week', day: 7 }),
    })
    expect(json(weekly).data).toMatchObject({ name: 'Hébergement' })
    expect(json(weekly).data.recurringParams).toMatchObject({
      unit: 'week',
      day: 7,
      endingType: 'date',
      occurrences: null,
    })

    const invalid = await client.patch(`/invoices/${created.id}`, {
      recurringParams: recurringParams({ creationOption: 'send' }),
    })
    expect(invalid.statusCode).toBe(422)
    expect(Object.keys(json(invalid).errors)).toEqual(
      expect.arrayContaining(['recurringParams.emails.emailRecipient', 'recurringParams.emails.subject']),
    )
  })

  it('answers 4xx, never 500, for an id out of range in the calendar', async () => {
    const { client } = await premiumOrganization(ctx)
    const calendar = await client.post('/recurring-calendar', { ...calendarRule(), id: 2 ** 40 })
    expect(calendar.statusCode).toBe(422)
    expect(Object.keys(json(calendar).errors)).toEqual(['id'])
    expect((await client.post('/recurring-calendar', { ...calendarRule(), id: 999_999 })).statusCode).toBe(404)
    expect((await client.post(`/invoices/${2 ** 40}/suspend`)).statusCode).toBe(404)
  })
})
