import { describe, expect, it } from 'vitest'
import { type Client, json, signUpWithOrganization, uniqueEmail, useTestContext } from '../../../../test/helpers'
import { givePlan } from '../../../../test/recurring'
import { act, createValidatedInvoice } from '../../../../test/sales'

/** 24 November 2026 in Paris. */
const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

/** An invoice of 1 October due on 31 October, sent to a customer with an address of their own: late since. */
async function lateInvoice(client: Client, email = uniqueEmail('client')) {
  const invoice = await createValidatedInvoice(client, { datedAt: '2026-10-01', paymentLimit: 30 }, { email })
  const sent = await act(client, `/invoices/${invoice.id}/mark-as-sent`)
  expect(sent.state.code).toBe('LATE')
  return { invoice: sent as { id: number; reference: string }, email }
}

const mailsTo = (address: string) =>
  ctx.smtp.received.filter((mail) =>
    [mail.to].flat().some((to) => to?.value.some((one) => one.address?.toLowerCase() === address.toLowerCase())),
  )

describe('late-invoice reminders', () => {
  it('e-mail each late invoice’s customer once a week through the jobs, the sender copied', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const { invoice, email } = await lateInvoice(owner.client)

    const first = await ctx.app.jobs.runDue()
    expect(first.reminders).toBeGreaterThanOrEqual(1)
    const mail = await ctx.smtp.waitFor(email)
    expect(mail.subject).toBe(`Rappel : facture ${invoice.reference} en attente de règlement`)
    expect(mail.text).toContain(
      `la facture ${invoice.reference} du 01/10/2026, d'un montant de 100,00\u00a0€, arrivée à échéance le 31/10/2026, n'a pas encore été réglée.`,
    )
    // The invoice goes with it, as when it was sent.
    expect(mail.text).toContain("n'a pas encore été réglée. Vous la trouverez ci-jointe.")
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`Facture ${invoice.reference}.pdf`, 'application/pdf'],
    ])
    expect(mail.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-')
    const cc = [mail.cc].flat().flatMap((one) => one?.value.map((value) => value.address) ?? [])
    expect(cc).toEqual([owner.email])
    expect([mail.replyTo].flat()[0]?.value[0]?.address).toBe(owner.email)
    const history = json(await owner.client.get(`/invoices/${invoice.id}/activities`)).data.map(
      (entry: { sentence: string }) => entry.sentence,
    )
    expect(history).toContain(`Carnet a envoyé la relance de la facture ${invoice.reference} par e-mail à ${email}.`)

    // The same day, then six days later: nothing more; seven days later, the second reminder.
    await ctx.app.jobs.runDue()
    await ctx.app.jobs.runDue({ until: '2026-11-30' })
    expect(mailsTo(email)).toHaveLength(1)
    await ctx.app.jobs.runDue({ until: '2026-12-01' })
    await ctx.smtp.waitFor(email, 2)
    expect(mailsTo(email)).toHaveLength(2)

    // Paid: no more reminders.
    await act(owner.client, `/invoices/${invoice.id}/mark-as-paid`, 200, { paymentDateAt: '2026-12-02' })
    await ctx.app.jobs.runDue({ until: '2026-12-31' })
    expect(mailsTo(email)).toHaveLength(2)
  })

  it('leave alone invoices not yet due, not sent, or without the customer’s address', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const email = uniqueEmail('client')
    // Validated but never sent: the customer has not received it.
    await createValidatedInvoice(owner.client, { datedAt: '2026-10-01', paymentLimit: 30 }, { email })
    const noAddress = await createValidatedInvoice(owner.client, { datedAt: '2026-10-01', paymentLimit: 30 })
    await act(owner.client, `/invoices/${noAddress.id}/mark-as-sent`)
    const notDue = await createValidatedInvoice(owner.client, { datedAt: '2026-11-20', paymentLimit: 30 }, { email })
    await act(owner.client, `/invoices/${notDue.id}/mark-as-sent`)
    await ctx.app.jobs.runDue()
    expect(mailsTo(email)).toHaveLength(0)
  })

  it('are not sent on the free formula, nor when the organisation switched them off', async () => {
    const free = await signUpWithOrganization(ctx.app)
    const { email: freeCustomer } = await lateInvoice(free.client)
    await givePlan(ctx, free.organization.id, 'free')

    const off = await signUpWithOrganization(ctx.app)
    const { email: offCustomer } = await lateInvoice(off.client)
    const settings = await off.client.patch('/settings', { lateInvoiceReminders: false })
    expect(settings.statusCode, settings.body).toBe(200)
    expect(json(settings).data.lateInvoiceReminders).toBe(false)

    await ctx.app.jobs.runDue()
    expect(mailsTo(freeCustomer)).toHaveLength(0)
    expect(mailsTo(offCustomer)).toHaveLength(0)

    // Switched on again: the next run reminds.
    expect(json(await off.client.patch('/settings', { lateInvoiceReminders: true })).data.lateInvoiceReminders).toBe(
      true,
    )
    await ctx.app.jobs.runDue()
    await ctx.smtp.waitFor(offCustomer)
  })
})
