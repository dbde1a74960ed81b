import { sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { Client, json, PASSWORD, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

let now = Date.parse('2026-11-28T10:00:00Z')
const ctx = useTestContext({ now: () => new Date(now) })
const codeAt = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now })

describe('the audit trail and the second factor', () => {
  it('records its enrolment, and the second step of a sign-in as the user it signed in', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const { secret } = json(await owner.client.post('/me/two-factor/enrolment')).data
    expect((await owner.client.post('/me/two-factor/confirmation', { code: codeAt(secret) })).statusCode).toBe(200)
    now += 60_000

    const browser = new Client(ctx.app, '192.0.2.44')
    const first = await browser.post('/auth/login', { username: owner.email, password: PASSWORD })
    expect(json(first).data).toEqual({ twoFactorRequired: true })
    const wrong = await browser.post('/auth/login/two-factor', { code: '000000' })
    expect(wrong.statusCode, wrong.body).toBe(422)
    const malformed = await browser.post('/auth/login/two-factor', { code: '1'.repeat(300), extra: 1 })
    expect(malformed.statusCode).toBe(422)
    const second = await browser.post('/auth/login/two-factor', { code: codeAt(secret) })
    expect(second.statusCode, second.body).toBe(200)

    await ctx.app.audit.settled()
    const events = json(await owner.client.get('/audit-events?pageSize=100')).data as Record<string, unknown>[]
    const routes = events.map((event) => [event.route, event.status, event.actorKind, event.userId])
    expect(routes).toContainEqual(['/auth/login/two-factor', 200, 'user', owner.id])
    // The wrong code: no session and no address to say who, so under no organisation (kept for the operators); the
    // malformed body is no attempt and is not kept.
    expect(routes).not.toContainEqual(['/auth/login/two-factor', 422, 'user', owner.id])
    const refusals = await ctx.database.db.execute(
      sql`select organization_id, succeeded from audit_events where ip = '192.0.2.44' and status = 422`,
    )
    expect((refusals as unknown as { rows: unknown[] }).rows).toEqual([{ organization_id: null, succeeded: false }])
    expect(routes).toContainEqual(['/me/two-factor/confirmation', 200, 'user', owner.id])
    expect(events.find((event) => event.route === '/me/two-factor/confirmation')?.category).toBe('security')
    const completed = events.find((event) => event.route === '/auth/login/two-factor')
    expect(completed).toMatchObject({ ip: '192.0.2.44', category: 'auth', succeeded: true })
  })
})
