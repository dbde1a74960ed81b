import { describe, expect, it } from 'vitest'
import { Client, json, signUp, useTestContext } from '../../../test/helpers'

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
