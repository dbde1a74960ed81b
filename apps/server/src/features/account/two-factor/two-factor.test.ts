import { Secret, TOTP } from 'otpauth'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  Client,
  invitationToken,
  joinAsCollaborator,
  json,
  PASSWORD,
  signUp,
  signUpWithOrganization,
  useTestContext,
} from '../../../../test/helpers'

let now = Date.parse('2026-11-28T10:00:00Z')
const ctx = useTestContext({ now: () => new Date(now) })
/** Each test moves on by a few steps: codes of one test never replay another's. */
beforeEach(() => {
  now += 10 * 60_000
})

/** What an authenticator app shows for that seed at that time. */
const codeAt = (secret: string, at = now) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at })

type User = Awaited<ReturnType<typeof signUp>>

/** Enrols the user's authenticator: the seed from the answer, the first code computed here, as an app would. */
async function enrol(user: User) {
  const started = await user.client.post('/me/two-factor/enrolment')
  expect(started.statusCode, started.body).toBe(200)
  const { secret, otpauthUrl, qrCode } = json(started).data
  expect(otpauthUrl).toContain('otpauth://totp/')
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
  const confirmed = await user.client.post('/me/two-factor/confirmation', { code: codeAt(secret) })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  now += 30_000 // the next code belongs to the next step
  return { secret: secret as string, recoveryCodes: json(confirmed).data.recoveryCodes as string[] }
}

async function passwordStep(email: string, client = new Client(ctx.app)) {
  const response = await client.post('/auth/login', { username: email, password: PASSWORD })
  return { client, response }
}

describe('enrolment', () => {
  it('turns on with a typed code, gives 10 recovery codes and keeps the seed sealed', async () => {
    const user = await signUp(ctx.app)
    expect(json(await user.client.get('/me/two-factor')).data).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    })
    const { secret, recoveryCodes } = await enrol(user)
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
    expect(json(await user.client.get('/me/two-factor')).data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    const stored = await ctx.database.db.execute(
      `select secret_sealed from user_two_factors where user_id = ${user.id}`,
    )
    const sealed = (stored as unknown as { rows: { secret_sealed: string }[] }).rows[0]?.secret_sealed ?? ''
    expect(sealed.startsWith('v1:')).toBe(true)
    expect(sealed).not.toContain(secret)
    const again = await user.client.post('/me/two-factor/enrolment')
    expect(again.statusCode).toBe(409)
  })

  it('refuses a wrong first code in French and a confirmation without an enrolment', async () => {
    const user = await signUp(ctx.app)
    const none = await user.client.post('/me/two-factor/confirmation', { code: '123456' })
    expect(none.statusCode).toBe(409)
    const { secret } = json(await user.client.post('/me/two-factor/enrolment')).data
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0')
    const refused = await user.client.post('/me/two-factor/confirmation', { code: wrong })
    expect(refused.statusCode).toBe(422)
    expect(json(refused).errors.code[0]).toMatch(/pas le bon/)
    const malformed = await user.client.post('/me/two-factor/confirmation', { code: '12ab' })
    expect(malformed.statusCode).toBe(422)
    expect(json(malformed).errors.code[0]).toBe('Saisis le code à 6 chiffres de ton application.')
    const extra = await user.client.post('/me/two-factor/confirmation', { code: codeAt(secret), more: 1 })
    expect(extra.statusCode).toBe(422)
  })
})

describe('sign-in in two steps', () => {
  it('asks for the code after the password, then opens the session', async () => {
    const user = await signUp(ctx.app)
    const { secret } = await enrol(user)
    const { client, response } = await passwordStep(user.email)
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ data: { twoFactorRequired: true } })
    const pendingCookie = [response.headers['set-cookie']].flat()[0] ?? ''
    expect(pendingCookie).toMatch(/^carnet_2fa=.+HttpOnly/i)
    expect((await client.get('/me')).statusCode).toBe(401)
    const done = await client.post('/auth/login/two-factor', { code: codeAt(secret) })
    expect(done.statusCode, done.body).toBe(200)
    expect(json(done).data.email).toBe(user.email)
    expect((await client.get('/me')).statusCode).toBe(200)
  })

  it('refuses a code already used, even within its window', async () => {
    const user = await signUp(ctx.app)
    const { secret } = await enrol(user)
    const code = codeAt(secret)
    const first = await passwordStep(user.email)
    expect((await first.client.post('/auth/login/two-factor', { code })).statusCode).toBe(200)
    const second = await passwordStep(user.email)
    const replay = await second.client.post('/auth/login/two-factor', { code })
    expect(replay.statusCode).toBe(422)
    now += 30_000
    expect((await second.client.post('/auth/login/two-factor', { code: codeAt(secret) })).statusCode).toBe(200)
  })

  it('takes a recovery code once, in any case and without its dash', async () => {
    const user = await signUp(ctx.app)
    const { recoveryCodes } = await enrol(user)
    const recovery = recoveryCodes[3] ?? ''
    const first = await passwordStep(user.email)
    const typed = recovery.replace('-', '').toUpperCase()
    expect((await first.client.post('/auth/login/two-factor', { code: typed })).statusCode).toBe(200)
    expect(json(await first.client.get('/me/two-factor')).data.recoveryCodesLeft).toBe(9)
    const second = await passwordStep(user.email)
    expect((await second.client.post('/auth/login/two-factor', { code: recovery })).statusCode).toBe(422)
  })

  it('without the pending cookie, or after 5 minutes, the code step answers 401', async () => {
    const user = await signUp(ctx.app)
    const { secret } = await enrol(user)
    const stranger = await new Client(ctx.app).post('/auth/login/two-factor', { code: codeAt(secret) })
    expect(stranger.statusCode).toBe(401)
    const { client } = await passwordStep(user.email)
    now += 6 * 60_000
    const late = await client.post('/auth/login/two-factor', { code: codeAt(secret) })
    expect(late.statusCode).toBe(401)
    expect(json(late).message).toMatch(/expiré/)
  })

  it('5 wrong codes end the pending sign-in; 10 codes per account in 15 minutes, then 429 from any address', async () => {
    const user = await signUp(ctx.app)
    const { secret } = await enrol(user)
    // A fresh 15-minute window: the enrolment's code is not counted in it.
    now = Math.ceil(now / 900_000) * 900_000 + 60_000
    const { client } = await passwordStep(user.email)
    for (let i = 0; i < 4; i++) {
      expect((await client.post('/auth/login/two-factor', { code: '000000' })).statusCode).toBe(422)
    }
    const fifth = await client.post('/auth/login/two-factor', { code: '000000' })
    expect(fifth.statusCode).toBe(401)
    expect(json(fifth).code).toBe('TWO_FACTOR_RESTART')
    // The right code no longer opens that sign-in: the password is asked again.
    expect((await client.post('/auth/login/two-factor', { code: codeAt(secret) })).statusCode).toBe(401)
    // Another address, a new pending sign-in: the account's count goes on (5 used, 5 left, the 11th is refused).
    const other = await passwordStep(user.email, new Client(ctx.app))
    for (let i = 0; i < 4; i++) {
      expect((await other.client.post('/auth/login/two-factor', { code: '000000' })).statusCode).toBe(422)
    }
    const third = await passwordStep(user.email, new Client(ctx.app))
    expect((await third.client.post('/auth/login/two-factor', { code: '000000' })).statusCode).toBe(422)
    const limited = await third.client.post('/auth/login/two-factor', { code: codeAt(secret) })
    expect(limited.statusCode).toBe(429)
    now += 16 * 60_000
    const later = await passwordStep(user.email, new Client(ctx.app))
    expect((await later.client.post('/auth/login/two-factor', { code: codeAt(secret) })).statusCode).toBe(200)
  })

  it('a password reset with the second factor on leads to the code step, not to a session', async () => {
    const user = await signUp(ctx.app)
    const { secret } = await enrol(user)
    const client = new Client(ctx.app)
    await client.post('/auth/password/code', { email: user.email })
    const mail = await ctx.smtp.waitFor(user.email)
    const code = /(\d{6})/.exec(mail.text ?? '')?.[1]
    const verified = await client.post('/auth/password/verify', { email: user.email, code })
    const token = json(verified).data.token
    const reset = await client.post('/auth/password/reset', {
      email: user.email,
      token,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect(json(reset)).toEqual({ data: { twoFactorRequired: true } })
    expect((await client.get('/me')).statusCode).toBe(401)
    expect((await client.post('/auth/login/two-factor', { code: codeAt(secret) })).statusCode).toBe(200)
  })
})

describe('turning off and new recovery codes', () => {
  it('needs the password AND a code', async () => {
    const user = await signUp(ctx.app)
    const { secret, recoveryCodes } = await enrol(user)
    const wrongPassword = await user.client.post('/me/two-factor/deactivation', {
      password: 'pas-le-bon',
      code: codeAt(secret),
    })
    expect(wrongPassword.statusCode).toBe(422)
    expect(Object.keys(json(wrongPassword).errors)).toEqual(['password'])
    now += 30_000
    const noCode = await user.client.post('/me/two-factor/deactivation', { password: PASSWORD })
    expect(noCode.statusCode).toBe(422)
    const wrongCode = await user.client.post('/me/two-factor/deactivation', { password: PASSWORD, code: '000000' })
    expect(wrongCode.statusCode).toBe(422)
    const off = await user.client.post('/me/two-factor/deactivation', {
      password: PASSWORD,
      code: recoveryCodes[0],
    })
    expect(off.statusCode, off.body).toBe(204)
    expect(json(await user.client.get('/me/two-factor')).data.enabled).toBe(false)
    const { response } = await passwordStep(user.email)
    expect(json(response).data.email).toBe(user.email)
  })

  it('regenerates the recovery codes with a code: the old ones no longer work', async () => {
    const user = await signUp(ctx.app)
    const { secret, recoveryCodes } = await enrol(user)
    const fresh = await user.client.post('/me/two-factor/recovery-codes', { code: codeAt(secret) })
    expect(fresh.statusCode, fresh.body).toBe(200)
    const codes = json(fresh).data.recoveryCodes as string[]
    expect(codes).toHaveLength(10)
    const old = await passwordStep(user.email)
    expect((await old.client.post('/auth/login/two-factor', { code: recoveryCodes[0] })).statusCode).toBe(422)
    expect((await old.client.post('/auth/login/two-factor', { code: codes[0] })).statusCode).toBe(200)
  })
})

describe('personal API tokens', () => {
  it('creating one needs a code when the second factor is on; using one does not', async () => {
    const user = await signUp(ctx.app)
    const { secret } = await enrol(user)
    const missing = await user.client.post('/me/tokens', { name: 'Script' })
    expect(missing.statusCode).toBe(422)
    expect(json(missing).errors.code[0]).toMatch(/double authentification est activée/)
    const wrong = await user.client.post('/me/tokens', { name: 'Script', code: '000000' })
    expect(wrong.statusCode).toBe(422)
    const created = await user.client.post('/me/tokens', { name: 'Script', code: codeAt(secret) })
    expect(created.statusCode, created.body).toBe(201)
    const token = json(created).data.token
    const me = await new Client(ctx.app).get('/me', { authorization: `Bearer ${token}` })
    expect(me.statusCode).toBe(200)
    // A token cannot turn the second factor off or on.
    const byToken = await new Client(ctx.app).request(
      'POST',
      '/me/two-factor/enrolment',
      {},
      { authorization: `Bearer ${token}` },
    )
    expect(byToken.statusCode).toBe(403)
  })

  it('without the second factor, a token is created as before', async () => {
    const user = await signUp(ctx.app)
    expect((await user.client.post('/me/tokens', { name: 'Script' })).statusCode).toBe(201)
  })
})

describe('an organisation that requires it', () => {
  it('owner only, with their own second factor first; members without it get 403 TWO_FACTOR_REQUIRED', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const member = await joinAsCollaborator(ctx, owner)
    expect(json(await owner.client.get('/organization/two-factor')).data).toEqual({ required: false, requiredAt: null })
    const tooSoon = await owner.client.patch('/organization/two-factor', { required: true })
    expect(tooSoon.statusCode).toBe(409)
    expect(json(tooSoon).message).toMatch(/propre compte/)
    const { secret: ownerSecret } = await enrol(owner)
    // The owner's session predates the second factor: it stays open.
    const required = await owner.client.patch('/organization/two-factor', { required: true })
    expect(required.statusCode, required.body).toBe(200)
    expect(json(required).data.required).toBe(true)
    const byMember = await member.client.patch('/organization/two-factor', { required: false })
    expect(byMember.statusCode).toBe(403)
    const blocked = await member.client.get('/contacts')
    expect(blocked.statusCode).toBe(403)
    expect(json(blocked)).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' })
    expect(json(blocked).message).toMatch(/exige la double authentification/)
    // The profile stays open so the member can enrol; then the organisation's routes open again.
    expect((await member.client.get('/me')).statusCode).toBe(200)
    await enrol(member)
    expect((await member.client.get('/contacts')).statusCode).toBe(200)
    // The owner cannot turn theirs off while requiring it.
    const off = await owner.client.post('/me/two-factor/deactivation', {
      password: PASSWORD,
      code: codeAt(ownerSecret),
    })
    expect(off.statusCode).toBe(409)
    const lifted = await owner.client.patch('/organization/two-factor', { required: false })
    expect(json(lifted).data).toEqual({ required: false, requiredAt: null })
  })

  it('a member moved to another of their organisations, once removed from the current one, meets its requirement', async () => {
    const requiring = await signUpWithOrganization(ctx.app)
    await enrol(requiring)
    const member = await joinAsCollaborator(ctx, requiring)
    expect((await requiring.client.patch('/organization/two-factor', { required: true })).statusCode).toBe(200)
    // The member also joins a second organisation, which becomes their current one, then is removed from it.
    const other = await signUpWithOrganization(ctx.app)
    const roles = json(await other.client.get('/roles')).data as { id: number; code: string }[]
    const invited = await other.client.post('/organization/invitations', {
      email: member.email,
      roleId: roles.find((role) => role.code === 'collaborator')?.id,
    })
    expect(invited.statusCode, invited.body).toBe(201)
    const token = invitationToken((await ctx.smtp.waitFor(member.email)).text)
    expect((await member.client.post('/invitations/accept', { token })).statusCode).toBe(200)
    expect(json(await member.client.get('/me')).data.currentOrganizationId).toBe(other.organization.id)
    expect((await member.client.get('/contacts')).statusCode).toBe(200)
    expect((await other.client.delete(`/organization/members/${member.id}`)).statusCode).toBe(204)
    const moved = await member.client.get('/contacts')
    expect(moved.statusCode).toBe(403)
    expect(json(moved)).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' })
    expect(json(await member.client.get('/me')).data.currentOrganizationId).toBe(requiring.organization.id)
  })

  it('another organisation is not affected', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    await enrol(owner)
    await owner.client.patch('/organization/two-factor', { required: true })
    const other = await signUpWithOrganization(ctx.app)
    expect((await other.client.get('/contacts')).statusCode).toBe(200)
    expect(json(await other.client.get('/organization/two-factor')).data.required).toBe(false)
  })
})
