import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import {
  Client,
  json,
  PASSWORD,
  signUp,
  signUpWithOrganization,
  uniqueEmail,
  useTestContext,
} from '../../../../test/helpers'

const ctx = useTestContext()

describe('profile', () => {
  it('updates the profile fields', async () => {
    const { client, email } = await signUp(ctx.app)
    const response = await client.patch('/me', {
      firstname: 'Léa',
      lastname: 'Dupont',
      email,
      position: 'Gérante',
      phoneMobile: '+33 6 12 34 56 78',
      phoneOffice: '',
    })
    expect(response.statusCode).toBe(200)
    expect(json(response).data).toMatchObject({
      firstname: 'Léa',
      email,
      pendingEmail: null,
      position: 'Gérante',
      phoneOffice: null,
    })
  })

  it('changes only the fields sent: the others keep their value, null clears an optional one', async () => {
    const { client, email } = await signUp(ctx.app)
    await client.patch('/me', { position: 'Gérante', phoneMobile: '06 12 34 56 78' })
    const response = await client.patch('/me', { firstname: 'Léa', phoneMobile: null })
    expect(response.statusCode).toBe(200)
    expect(json(response).data).toMatchObject({
      firstname: 'Léa',
      lastname: 'Martin',
      email,
      position: 'Gérante',
      phoneMobile: null,
    })
    const blank = await client.patch('/me', { lastname: '' })
    expect(blank.statusCode).toBe(422)
    expect(json(blank).errors.lastname).toEqual(['Ce champ est obligatoire'])
  })

  it('refuses an invalid phone number with the spec message', async () => {
    const { client, email } = await signUp(ctx.app)
    const response = await client.patch('/me', { firstname: 'A', lastname: 'B', email, phoneMobile: 'abc' })
    expect(response.statusCode).toBe(422)
    expect(json(response).errors.phoneMobile).toEqual([
      "Le numéro de téléphone n'est pas valide. Veuillez vérifier le format.",
    ])
  })
})

describe('password change', () => {
  it('needs the current password, then accepts the new one at the next login', async () => {
    const { client, email } = await signUp(ctx.app)
    const wrong = await client.patch('/me/password', {
      currentPassword: 'pas-le-bon',
      password: 'tout-nouveau-mdp',
      password_confirmation: 'tout-nouveau-mdp',
    })
    expect(wrong.statusCode).toBe(422)
    expect(json(wrong).errors.currentPassword).toBeDefined()
    const ok = await client.patch('/me/password', {
      currentPassword: PASSWORD,
      password: 'tout-nouveau-mdp',
      password_confirmation: 'tout-nouveau-mdp',
    })
    expect(ok.statusCode).toBe(204)
    const login = await new Client(ctx.app).post('/auth/login', { username: email, password: 'tout-nouveau-mdp' })
    expect(login.statusCode).toBe(200)
  })
})

describe('e-mail change', () => {
  it('asks for the current password, then waits for the code sent to the new address', async () => {
    const { client, email } = await signUp(ctx.app)
    const newEmail = uniqueEmail('nouvelle')
    const withoutPassword = await client.patch('/me', { email: newEmail })
    expect(withoutPassword.statusCode).toBe(422)
    expect(json(withoutPassword).errors.currentPassword).toEqual([messages.auth.currentPasswordRequired])
    const wrongPassword = await client.patch('/me', { email: newEmail, currentPassword: 'pas-le-bon' })
    expect(wrongPassword.statusCode).toBe(422)
    expect(json(wrongPassword).errors.currentPassword).toEqual([messages.auth.wrongCurrentPassword])

    const requested = await client.patch('/me', { email: newEmail, firstname: 'Léa', currentPassword: PASSWORD })
    expect(requested.statusCode).toBe(200)
    expect(json(requested).data).toMatchObject({ email, pendingEmail: newEmail, firstname: 'Léa' })
    expect(json(await client.get('/me')).data.pendingEmail).toBe(newEmail)

    const codeMail = await ctx.smtp.waitFor(newEmail)
    expect(codeMail.subject).toBe(messages.account.emailChangeSubject)
    const code = /(\d{6})/.exec(codeMail.text ?? '')?.[1] ?? ''
    const notice = await ctx.smtp.waitFor(email)
    expect(notice.subject).toBe(messages.account.emailChangeNoticeSubject)
    expect(notice.text).toContain(newEmail)
    expect(notice.text).not.toContain(code)

    // The old address still signs in until the code is confirmed.
    const before = await new Client(ctx.app).post('/auth/login', { username: email, password: PASSWORD })
    expect(before.statusCode).toBe(200)

    const wrong = await client.post('/me/email/confirm', { code: code === '000000' ? '111111' : '000000' })
    expect(wrong.statusCode).toBe(422)
    expect(json(wrong)).toMatchObject({
      code: 'INVALID_CODE',
      errors: { code: [messages.account.emailChangeInvalidCode] },
    })

    const confirmed = await client.post('/me/email/confirm', { code })
    expect(confirmed.statusCode).toBe(200)
    expect(json(confirmed).data).toMatchObject({ email: newEmail, pendingEmail: null })
    expect((await client.post('/me/email/confirm', { code })).statusCode).toBe(422)

    const login = await new Client(ctx.app).post('/auth/login', { username: newEmail, password: PASSWORD })
    expect(login.statusCode).toBe(200)
    const old = await new Client(ctx.app).post('/auth/login', { username: email, password: PASSWORD })
    expect(old.statusCode).toBe(401)
  })

  it('refuses an address another account uses, and a code that expired after 30 minutes', async () => {
    const other = await signUp(ctx.app)
    const { client } = await signUp(ctx.app)
    const taken = await client.patch('/me', { email: other.email, currentPassword: PASSWORD })
    expect(taken.statusCode).toBe(422)
    expect(json(taken).errors.email).toEqual([messages.auth.emailTaken])

    const newEmail = uniqueEmail('tard')
    expect((await client.patch('/me', { email: newEmail, currentPassword: PASSWORD })).statusCode).toBe(200)
    const code = /(\d{6})/.exec((await ctx.smtp.waitFor(newEmail)).text ?? '')?.[1] ?? ''
    const later = new Date(Date.now() + 31 * 60_000)
    ctx.setNow(() => later)
    try {
      expect(json(await client.get('/me')).data.pendingEmail).toBeNull()
      const expired = await client.post('/me/email/confirm', { code })
      expect(expired.statusCode).toBe(422)
      expect(json(expired).code).toBe('INVALID_CODE')
    } finally {
      ctx.setNow(() => new Date())
    }
  })

  it('stops trying a code after five wrong ones', async () => {
    const { client } = await signUp(ctx.app)
    const newEmail = uniqueEmail('essais')
    await client.patch('/me', { email: newEmail, currentPassword: PASSWORD })
    const code = /(\d{6})/.exec((await ctx.smtp.waitFor(newEmail)).text ?? '')?.[1] ?? ''
    const wrongCode = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++)
      expect((await client.post('/me/email/confirm', { code: wrongCode })).statusCode).toBe(422)
    expect((await client.post('/me/email/confirm', { code })).statusCode).toBe(422)
    expect(json(await client.get('/me')).data.pendingEmail).toBeNull()
  })
})

describe('sensitive account actions with a personal API token', () => {
  it('are refused (403, French message) while the token may still read and change the name', async () => {
    const { client, email } = await signUp(ctx.app)
    const created = json(await client.post('/me/tokens', { name: 'Script' })).data
    const bearer = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${created.token}` },
        ...(payload ? { payload } : {}),
      })
    const refused = [
      await bearer('PATCH', '/me', { email: uniqueEmail('vol'), currentPassword: PASSWORD }),
      await bearer('PATCH', '/me/password', {
        currentPassword: PASSWORD,
        password: 'tout-nouveau-mdp',
        password_confirmation: 'tout-nouveau-mdp',
      }),
      await bearer('POST', '/me/close/code', {
        sentence: 'Je confirme la clôture de mon compte',
        organizationName: 'x',
      }),
      await bearer('POST', '/me/close', { code: '123456' }),
      await bearer('POST', '/me/tokens', { name: 'Autre' }),
      await bearer('DELETE', `/me/tokens/${created.id}`),
      await bearer('POST', '/me/email/confirm', { code: '123456' }),
    ]
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403)
      expect(json(response)).toEqual({ message: messages.auth.tokenNotAllowed, code: 'TOKEN_NOT_ALLOWED' })
    }

    const renamed = await bearer('PATCH', '/me', { firstname: 'Léa', phoneMobile: '06 12 34 56 78' })
    expect(renamed.statusCode).toBe(200)
    expect(json(renamed).data).toMatchObject({ firstname: 'Léa', email, pendingEmail: null })
    expect((await bearer('PATCH', '/me', { email })).statusCode).toBe(200)
    expect(json(await bearer('GET', '/me/tokens')).data).toHaveLength(1)
    // Nothing was done: same e-mail, same password, the token still works.
    const login = await new Client(ctx.app).post('/auth/login', { username: email, password: PASSWORD })
    expect(login.statusCode).toBe(200)
  })
})

describe('display preferences', () => {
  it('keeps the mode, the grid/list choice per list and the page size', async () => {
    const { client } = await signUp(ctx.app)
    const response = await client.patch('/me/preferences', {
      mode: 'dark',
      display: { invoices: 'grid' },
      pageSize: 50,
    })
    expect(response.statusCode).toBe(200)
    const { preferences } = json(await client.get('/me')).data
    expect(preferences).toMatchObject({ mode: 'dark', pageSize: 50, display: { invoices: 'grid', quotes: 'list' } })
    expect(preferences.notifications.synchroLost).toBe(true)
    const bad = await client.patch('/me/preferences', { mode: 'violet', pageSize: 7 })
    expect(bad.statusCode).toBe(422)
  })
})

describe('personal API tokens', () => {
  it('acts as its user through Authorization: Bearer, and stops once deleted', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    const created = await client.post('/me/tokens', { name: 'Mon script' })
    expect(created.statusCode).toBe(201)
    const { token, id } = json(created).data
    const bearer = { authorization: `Bearer ${token}` }
    const viaToken = await ctx.app.inject({ method: 'GET', url: '/api/v1/organization', headers: bearer })
    expect(viaToken.statusCode).toBe(200)
    expect(json(viaToken).data.id).toBe(organization.id)
    const listed = json(await client.get('/me/tokens'))
    expect(listed.meta).toEqual({ total: 1, page: 1, pageSize: 25 })
    expect(listed.data[0]).not.toHaveProperty('token')
    expect((await client.delete(`/me/tokens/${id}`)).statusCode).toBe(204)
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/organization', headers: bearer })
    expect(after.statusCode).toBe(401)
  })
})

describe('account closure', () => {
  it('asks for the sentence and the organisation name, e-mails a code, then closes and signs out', async () => {
    const { client, email, organization } = await signUpWithOrganization(ctx.app)
    const wrongSentence = await client.post('/me/close/code', { sentence: 'oui', organizationName: organization.name })
    expect(wrongSentence.statusCode).toBe(422)
    const request = await client.post('/me/close/code', {
      sentence: 'Je confirme la clôture de mon compte',
      organizationName: organization.name,
    })
    expect(request.statusCode).toBe(204)
    const code = /(\d{6})/.exec((await ctx.smtp.waitFor(email)).text ?? '')?.[1]
    const bad = await client.post('/me/close', { code: code === '000000' ? '111111' : '000000' })
    expect(bad.statusCode).toBe(422)
    expect(json(bad).code).toBe('INVALID_CODE')
    expect((await client.post('/me/close', { code })).statusCode).toBe(204)
    expect((await client.get('/me')).statusCode).toBe(401)
    const login = await new Client(ctx.app).post('/auth/login', { username: email, password: PASSWORD })
    expect(login.statusCode).toBe(401)
  })
})
