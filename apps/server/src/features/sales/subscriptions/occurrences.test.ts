import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { createSubscription, occurrencesOf, premiumOrganization, recurringBody } from '../../../../test/recurring'
import { createCustomer } from '../../../../test/sales'

// "Today" is Sunday 10 January 2027 in Paris; the jobs move time forward with `until`, as `npm run jobs` does.
const ctx = useTestContext({ now: () => new Date('2027-01-10T10:00:00Z') })

// The jobs serve every organisation of the database: each test stops its schedules so the next one runs alone.
afterEach(async () => {
  await ctx.database.db.execute(sql`update recurring_params set is_active = false`)
})

const dates = (invoices: { datedAt: string }[]) => invoices.map((invoice) => invoice.datedAt)

describe('occurrences made by the jobs, as the clock moves forward', () => {
  it('monthly on the last day across February: 31, 28, 31, 30, each a draft with its own date and month', async () => {
    const { client, contactId, addressId } = await premiumOrganization(ctx)
    const sub = await createSubscription(
      client,
      recurringBody({ contactId, billingAddressId: addressId, description: 'Période : {mois} {annee}' }, { day: 31 }),
    )
    const summary = await ctx.app.jobs.runDue({ until: '2027-04-30' })
    expect(summary.occurrences).toBeGreaterThanOrEqual(4)
    const made = await occurrencesOf(client, sub.id)
    expect(dates(made)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30'])
    expect(made.map((invoice) => invoice.state.code)).toEqual(['DRAFT', 'DRAFT', 'DRAFT', 'DRAFT'])
    expect(made.map((invoice) => invoice.name)).toEqual([
      'Maintenance janvier 2027',
      'Maintenance février 2027',
      'Maintenance mars 2027',
      'Maintenance avril 2027',
    ])
    const first = json(await client.get(`/invoices/${made[0].id}`)).data
    expect(first).toMatchObject({ description: 'Période : janvier 2027', contactId, reference: null })
    expect(first.lines).toHaveLength(1)
    expect(first.paymentLimitAt).toBe('2027-03-02')
    const model = json(await client.get(`/invoices/${sub.id}`)).data
    expect(model.recurringParams).toMatchObject({
      nextOccurrence: '2027-05-31',
      generatedCount: 4,
      lastOccurrenceAt: '2027-04-30',
    })
    // The platform made them: the history says so.
    const history = json(await client.get(`/invoices/${made[1].id}/activities`)).data
    expect(history[0].sentence).toMatch(
      /^Carnet a créé la facture .* à partir d'une facture récurrente \(échéance du 28\/02\/2027\)\.$/,
    )
    // Running again up to the same date makes nothing more.
    await ctx.app.jobs.runDue({ until: '2027-04-30' })
    expect(await occurrencesOf(client, sub.id)).toHaveLength(4)
  })

  it('weekly on Sundays, and ending after 3 occurrences: then Terminé and archived', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const sub = await createSubscription(
      client,
      recurringBody({ contactId }, { unit: 'week', day: 7, endingType: 'occurrences', occurrences: 3 }),
    )
    await ctx.app.jobs.runDue({ until: '2027-03-01' })
    expect(dates(await occurrencesOf(client, sub.id))).toEqual(['2027-01-17', '2027-01-24', '2027-01-31'])
    const model = json(await client.get(`/invoices/${sub.id}`)).data
    expect(model.state.code).toBe('ARCHIVED')
    expect(model.recurringParams).toMatchObject({ remainingOccurrences: 0, nextOccurrence: null, status: 'FINISHED' })
    const archived = json(await client.get('/invoices?filter[recurring]=true&filter[state]=ARCHIVED')).data
    expect(archived.map((row: { id: number }) => row.id)).toEqual([sub.id])
  })

  it('yearly on 29 February: 28 February in common years, 29 in leap years', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const sub = await createSubscription(
      client,
      recurringBody({ contactId }, { unit: 'year', startingAt: '2028-02-29', day: null }),
    )
    await ctx.app.jobs.runDue({ until: '2032-12-31' })
    expect(dates(await occurrencesOf(client, sub.id))).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ])
  })

  it('ending by date: the end date is the last possible one', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const sub = await createSubscription(
      client,
      recurringBody({ contactId }, { day: 15, startingAt: '2027-01-11', endingAt: '2027-03-15' }),
    )
    await ctx.app.jobs.runDue({ until: '2027-12-31' })
    expect(dates(await occurrencesOf(client, sub.id))).toEqual(['2027-01-15', '2027-02-15', '2027-03-15'])
    expect(json(await client.get(`/invoices/${sub.id}`)).data.recurringParams.status).toBe('FINISHED')
  })

  it('catches up after days of outage from the real clock: one invoice per missed day, each with its date', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const sub = await createSubscription(client, recurringBody({ contactId }, { unit: 'day', day: null }))
    ctx.setNow(() => new Date('2027-01-15T09:00:00Z'))
    try {
      await ctx.app.jobs.runDue()
    } finally {
      ctx.setNow(() => new Date('2027-01-10T10:00:00Z'))
    }
    expect(dates(await occurrencesOf(client, sub.id))).toEqual([
      '2027-01-11',
      '2027-01-12',
      '2027-01-13',
      '2027-01-14',
      '2027-01-15',
    ])
  })

  it('makes nothing while suspended; reactivated, it starts again from today without the missed dates', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const sub = await createSubscription(client, recurringBody({ contactId }, { unit: 'day', day: null }))
    await client.post(`/invoices/${sub.id}/suspend`)
    await ctx.app.jobs.runDue({ until: '2027-01-20' })
    expect(await occurrencesOf(client, sub.id)).toEqual([])
    ctx.setNow(() => new Date('2027-01-20T10:00:00Z'))
    try {
      expect(json(await client.post(`/invoices/${sub.id}/reactivate`)).data.recurringParams.nextOccurrence).toBe(
        '2027-01-20',
      )
      await ctx.app.jobs.runDue({ until: '2027-01-21' })
    } finally {
      ctx.setNow(() => new Date('2027-01-10T10:00:00Z'))
    }
    expect(dates(await occurrencesOf(client, sub.id))).toEqual(['2027-01-20', '2027-01-21'])
  })

  it('never makes an occurrence twice when runs overlap', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const subs = []
    for (let i = 0; i < 3; i++)
      subs.push(await createSubscription(client, recurringBody({ contactId }, { unit: 'day', day: null })))
    await Promise.all([
      ctx.app.jobs.runDue({ until: '2027-01-31' }),
      ctx.app.jobs.runDue({ until: '2027-01-31' }),
      ctx.app.jobs.runDue({ until: '2027-01-20' }),
    ])
    for (const sub of subs) {
      const made = dates(await occurrencesOf(client, sub.id))
      expect(made).toHaveLength(21)
      expect(new Set(made).size).toBe(21)
    }
  })

  it('keeps billing after the trial has ended; the organisation, now free, can no longer create or reactivate one', async () => {
    const owner = await signUpWithOrganization(ctx.app, { taxRegimeId: 2 })
    const { contactId } = await createCustomer(owner.client)
    // Created on 10 January 2027: the trial ends on 10 April 2027.
    const sub = await createSubscription(owner.client, recurringBody({ contactId }, { day: 15 }))
    const summary = await ctx.app.jobs.runDue({ until: '2027-05-31' })
    expect(summary.trialsEnded).toBeGreaterThanOrEqual(1)
    expect(dates(await occurrencesOf(owner.client, sub.id))).toEqual([
      '2027-01-15',
      '2027-02-15',
      '2027-03-15',
      '2027-04-15',
      '2027-05-15',
    ])
    // The trial has ended for good, whatever the machine's clock says: the organisation is on the free formula.
    const organization = json(await owner.client.get('/organization')).data
    expect(organization).toMatchObject({ isOnTrial: false, free: true })
    expect((await owner.client.post('/invoices', recurringBody({ contactId }))).statusCode).toBe(403)
    await owner.client.post(`/invoices/${sub.id}/suspend`)
    expect((await owner.client.post(`/invoices/${sub.id}/reactivate`)).statusCode).toBe(403)
  })

  it('suspends a schedule whose invoice cannot be made (its customer deleted) instead of retrying it forever', async () => {
    const { client, contactId } = await premiumOrganization(ctx)
    const sub = await createSubscription(client, recurringBody({ contactId }, { day: 15 }))
    await ctx.database.db.execute(sql`delete from contacts where id = ${contactId}`)
    await ctx.app.jobs.runDue({ until: '2027-03-31' })
    expect(await occurrencesOf(client, sub.id)).toEqual([])
    const model = json(await client.get(`/invoices/${sub.id}`)).data
    expect(model.recurringParams.status).toBe('SUSPENDED')
    const history = json(await client.get(`/invoices/${sub.id}/activities`)).data
    expect(history[0].sentence).toMatch(/^Carnet a suspendu la facture .* : la facture n'a pas pu être créée/)
  })
})

describe('the send option', () => {
  it('validates each invoice with its number and e-mails it with its PDF over SMTP, once', async () => {
    const { client, contactId, addressId } = await premiumOrganization(ctx)
    const sub = await createSubscription(
      client,
      recurringBody(
        { contactId, billingAddressId: addressId },
        {
          day: 5,
          endingType: 'occurrences',
          occurrences: 2,
          creationOption: 'send',
          emails: {
            emailRecipient: 'compta@danone.fr; direction@danone.fr',
            cc: 'associe@atelier.fr',
            subject: 'Facture {reference} — {mois}',
            body: 'Bonjour {client},\nvoici la facture {reference}.',
          },
        },
      ),
    )
    await ctx.app.jobs.runDue({ until: '2027-03-31' })
    const made = await occurrencesOf(client, sub.id)
    expect(dates(made)).toEqual(['2027-02-05', '2027-03-05'])
    expect(made.map((invoice) => invoice.state.code)).toEqual(['PENDING', 'PENDING'])
    expect(made.map((invoice) => invoice.reference)).toEqual(['F-2027-0001', 'F-2027-0002'])

    const mail = await ctx.smtp.waitFor('direction@danone.fr', 2)
    expect(mail.subject).toBe('Facture F-2027-0002 — mars')
    expect(mail.text).toContain('Bonjour Danone,\nvoici la facture F-2027-0002.')
    expect([mail.cc].flat().flatMap((cc) => cc?.value.map((v) => v.address))).toEqual(['associe@atelier.fr'])
    expect(mail.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf'])
    expect(mail.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-')

    // A process that died after sending but before recording its job done: the job runs again and sends nothing.
    const sentBefore = ctx.smtp.received.length
    await ctx.database.db.execute(
      sql`update jobs set status = 'queued', run_at = now() - interval '1 minute' where kind = 'recurring.send' and payload->>'invoiceId' = ${String(made[0].id)}`,
    )
    const rerun = await ctx.app.jobs.runDue({ until: '2027-03-31' })
    expect(rerun.jobs.done).toBe(1)
    // By then the first invoice is late (due 7 March): its weekly reminder is the only new e-mail.
    expect(rerun.reminders).toBe(1)
    expect(ctx.smtp.received.length).toBe(sentBefore + 1)
    const history = json(await client.get(`/invoices/${made[0].id}/activities`)).data.map(
      (entry: { sentence: string }) => entry.sentence,
    )
    // Sent once; the reminder has its own entry.
    expect(history.filter((sentence: string) => sentence.includes('envoyé la facture'))).toHaveLength(1)
    expect(history.filter((sentence: string) => sentence.includes('envoyé la relance'))).toHaveLength(1)
  })
})
