import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, createTestContext, json, signUp, type TestContext } from '../../../../test/helpers'
import { act, createCustomer, createInvoice, invoiceBody, vatPayer } from '../../../../test/sales'
import { emails } from '../../../db/schema/index'

/** An SMTP server that refuses every recipient while `refusing` is on (a 451 "try again later"). */
async function startFlakySmtp() {
  const state = { refusing: false, received: [] as ParsedMail[] }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refusing)
        return callback(Object.assign(new Error('Service indisponible, réessayez'), { responseCode: 451 }))
      callback()
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        state.received.push(mail)
        callback()
      }, callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    to: (address: string) =>
      state.received.filter((mail) => [mail.to].flat().some((to) => to?.value.some((v) => v.address === address))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const NOW = new Date('2026-11-15T10:00:00Z')
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)
let smtp: Awaited<ReturnType<typeof startFlakySmtp>>
let ctx: TestContext

beforeAll(async () => {
  smtp = await startFlakySmtp()
  ctx = await createTestContext({ now: () => NOW, config: { smtpUrl: smtp.url } })
})
afterAll(async () => {
  await ctx.close()
  await smtp.close()
})

const rowOf = async (subjectId: number) => {
  const [row] = await ctx.database.db
    .select()
    .from(emails)
    .where(and(eq(emails.subjectType, 'invoice'), eq(emails.subjectId, subjectId)))
  return row
}

async function sendInvoiceTo(recipient: string) {
  const { client } = await vatPayer(ctx.app)
  const customer = await createCustomer(client)
  const draft = await createInvoice(client, invoiceBody({ contactId: customer.contactId }))
  const invoice = await act(client, `/invoices/${draft.id}/validate`)
  const response = await client.post(`/invoices/${invoice.id}/send`, {
    emailRecipient: recipient,
    subject: 'Facture {reference}',
    contentMail: 'Bonjour',
    meInCopy: false,
  })
  expect(response.statusCode, response.body).toBe(200)
  return { client, invoice, result: json(response).data }
}

describe('the e-mail outbox', () => {
  it('keeps a refused message queued, says so, and delivers it once when it is due', async () => {
    smtp.state.refusing = true
    const { client, invoice, result } = await sendInvoiceTo('retry@client.fr')
    expect(result).toEqual({ status: 'queued' })
    // The invoice is sent all the same: the message is in the outbox, not lost.
    expect(json(await client.get(`/invoices/${invoice.id}`)).data.state.code).toBe('PENDING')
    expect(await rowOf(invoice.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      nextAttemptAt: minutesLater(1).toISOString(),
      error: expect.stringContaining('451'),
    })

    // The send drawer says the last message still waits.
    expect(json(await client.get(`/invoices/${invoice.id}/email`)).data.lastSending).toMatchObject({
      status: 'queued',
      to: 'retry@client.fr',
    })

    smtp.state.refusing = false
    expect(await ctx.app.mailOutbox.deliverDue(NOW)).toBe(0)
    expect(smtp.to('retry@client.fr')).toHaveLength(0)

    expect(await ctx.app.mailOutbox.deliverDue(minutesLater(2))).toBe(1)
    const [mail] = smtp.to('retry@client.fr')
    expect(mail?.subject).toBe(`Facture ${invoice.reference}`)
    expect(mail?.attachments[0]?.content.subarray(0, 4).toString()).toBe('%PDF')
    expect(await rowOf(invoice.id)).toMatchObject({ status: 'sent', attempts: 2, error: null, nextAttemptAt: null })

    expect(await ctx.app.mailOutbox.deliverDue(minutesLater(60 * 24))).toBe(0)
    expect(smtp.to('retry@client.fr')).toHaveLength(1)
  })

  it('never sends a message twice when two workers run at once', async () => {
    smtp.state.refusing = true
    const { invoice } = await sendInvoiceTo('twice@client.fr')
    smtp.state.refusing = false
    const counts = await Promise.all([
      ctx.app.mailOutbox.deliverDue(minutesLater(5)),
      ctx.app.mailOutbox.deliverDue(minutesLater(5)),
      ctx.app.mailOutbox.deliverDue(minutesLater(5)),
    ])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1)
    expect(smtp.to('twice@client.fr')).toHaveLength(1)
    expect((await rowOf(invoice.id))?.status).toBe('sent')
  })

  it('backs off 1 min, 5 min, 30 min… and gives up after 8 attempts', async () => {
    smtp.state.refusing = true
    const { invoice } = await sendInvoiceTo('never@client.fr')
    const delays: number[] = []
    let at = NOW
    for (let attempt = 2; attempt <= 8; attempt++) {
      const row = await rowOf(invoice.id)
      delays.push((new Date(row?.nextAttemptAt ?? 0).getTime() - NOW.getTime()) / 60_000)
      at = new Date(at.getTime() + 2 * 24 * 60 * 60_000)
      await ctx.app.mailOutbox.deliverDue(at)
    }
    expect(delays).toEqual([1, 5, 30, 120, 360, 720, 1440])
    expect(await rowOf(invoice.id)).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null })
    smtp.state.refusing = false
    expect(await ctx.app.mailOutbox.deliverDue(new Date(at.getTime() + 60 * 24 * 60 * 60_000))).toBe(0)
    expect(smtp.to('never@client.fr')).toHaveLength(0)
  })

  it('retries the password reset code too', async () => {
    const { email } = await signUp(ctx.app)
    smtp.state.refusing = true
    expect((await new Client(ctx.app).post('/auth/password/code', { email })).statusCode).toBe(204)
    expect(smtp.to(email)).toHaveLength(0)
    smtp.state.refusing = false
    await ctx.app.mailOutbox.deliverDue(minutesLater(2))
    expect(smtp.to(email)[0]?.text).toMatch(/\d{6}/)
  })
})
