import { describe, expect, it } from 'vitest'
import { Client, json, signUp, useTestContext } from '../../../../test/helpers'
import { act, createCustomer, createInvoice, invoiceBody, vatPayer } from '../../../../test/sales'

// The embedded default: no SMTP server, so e-mails are kept for the development mailbox.
const ctx = useTestContext({ config: { smtpUrl: undefined, devMailbox: true } })

describe('development mailbox (no SMTP_URL)', () => {
  it('keeps the reset code e-mail and shows it, newest first, without sending anything over SMTP', async () => {
    const { email } = await signUp(ctx.app)
    await new Client(ctx.app).post('/auth/password/code', { email })
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })
    expect(response.statusCode).toBe(200)
    const [latest] = json(response).data
    expect(latest).toMatchObject({ to: email, subject: 'Ton code de réinitialisation', status: 'stored' })
    expect(latest.text).toMatch(/\d{6}/)
    expect(ctx.smtp.received).toHaveLength(0)
  })
})

describe('document e-mails without SMTP', () => {
  it('keeps the sent invoice in the mailbox with its PDF named, and answers stored', async () => {
    const { client } = await vatPayer(ctx.app)
    const customer = await createCustomer(client, { email: 'compta@danone.fr' })
    const draft = await createInvoice(client, invoiceBody({ contactId: customer.contactId }))
    const invoice = await act(client, `/invoices/${draft.id}/validate`)
    // The dialog sends the defaults back without `lastSending`, which the GET adds for it to show.
    const { lastSending: _lastSending, ...defaults } = json(await client.get(`/invoices/${invoice.id}/email`)).data
    const sent = await act(client, `/invoices/${invoice.id}/send`, 200, defaults)
    expect(sent).toEqual({ status: 'stored' })
    const [latest] = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })).data
    expect(latest).toMatchObject({
      to: 'compta@danone.fr',
      subject: defaults.subject,
      status: 'stored',
      attachments: [{ filename: expect.stringMatching(/\.pdf$/), contentType: 'application/pdf' }],
    })
    expect(latest.text).toContain(invoice.reference)
    expect(ctx.smtp.received).toHaveLength(0)
  })
})
