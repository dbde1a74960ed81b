import { describe, expect, it } from 'vitest'
import {
  Client,
  json,
  PASSWORD,
  signUp,
  signUpWithOrganization,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers'

const ctx = useTestContext()

describe('profile', () => {
  it('updates the profile fields', async () => {
    const { client } = await signUp(ctx.app)
    const email = uniqueEmail('nouveau')
    const response = await client.patch('/me', {
      firstname: 'Léa',
      lastname: 'Dupont',
      email,
      position: 'Gérante',
      phoneMobile: '+33 6 12 34 56 78',
      phoneOffice: '',
    })
    expect(response.statusCode).toBe(200)
    expect(json(response).data).toMatchObject({ firstname: 'Léa', email, position: 'Gérante', phoneOffice: null })
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
    const listed = json(await client.get('/me/tokens')).data
    expect(listed[0]).not.toHaveProperty('token')
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
