import { describe, expect, it } from 'vitest'
import { PASSWORD, useTestContext } from '../../../../test/helpers'
import { Browser, CHROME_MAC, FIREFOX_LINUX, mailsTo, registerFrom, setCookies } from './test-browser'

let now = new Date('2026-11-02T09:00:00Z')
const ctx = useTestContext({ now: () => now })
const DAY = 86_400_000

const register = registerFrom

const newDeviceMails = (to: string) => mailsTo(ctx.database.db, to, 'Nouvelle connexion à ton compte Carnet')

describe('open sessions', () => {
  it('lists the sessions with their device, address and times, this one marked', async () => {
    const laptop = new Browser(ctx.app, CHROME_MAC)
    const email = await register(laptop)
    const other = new Browser(ctx.app, FIREFOX_LINUX, '10.20.30.40')
    expect((await other.login(email, PASSWORD)).statusCode).toBe(200)

    const response = await laptop.get('/me/sessions')
    expect(response.statusCode).toBe(200)
    const { data, meta } = response.json()
    expect(meta).toEqual({ total: 2, page: 1, pageSize: 25 })
    const mine = data.find((s: { current: boolean }) => s.current)
    const theirs = data.find((s: { current: boolean }) => !s.current)
    expect(mine).toMatchObject({
      device: 'Chrome sur macOS',
      ip: '127.0.0.1',
      platform: 'desktop',
      impersonated: false,
    })
    expect(theirs).toMatchObject({ device: 'Firefox sur Linux', ip: '10.20.30.40', current: false })
    expect(theirs.createdAt).toBe(now.toISOString())
    expect(theirs.lastSeenAt).toBe(now.toISOString())
    expect(Object.keys(mine).sort()).toEqual(
      ['browser', 'createdAt', 'current', 'device', 'id', 'impersonated', 'ip', 'lastSeenAt', 'os', 'platform'].sort(),
    )
  })

  it('ends one session: that browser is signed out, the id is then unknown, and nobody ends another person’s', async () => {
    const laptop = new Browser(ctx.app)
    const email = await register(laptop)
    const phone = new Browser(ctx.app, FIREFOX_LINUX)
    await phone.login(email, PASSWORD)
    const { data } = (await laptop.get('/me/sessions')).json()
    const phoneSession = data.find((s: { current: boolean }) => !s.current)

    const stranger = new Browser(ctx.app)
    await register(stranger)
    expect((await stranger.delete(`/me/sessions/${phoneSession.id}`)).statusCode).toBe(404)
    expect((await phone.get('/me')).statusCode).toBe(200)

    expect((await laptop.delete(`/me/sessions/${phoneSession.id}`)).statusCode).toBe(204)
    expect((await phone.get('/me')).statusCode).toBe(401)
    expect((await laptop.get('/me')).statusCode).toBe(200)
    const again = await laptop.delete(`/me/sessions/${phoneSession.id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe("Cette session n'existe pas ou est déjà terminée.")
  })

  it('ends every other session and keeps this one', async () => {
    const laptop = new Browser(ctx.app)
    const email = await register(laptop)
    const phone = new Browser(ctx.app, FIREFOX_LINUX)
    const tablet = new Browser(ctx.app, FIREFOX_LINUX)
    await phone.login(email, PASSWORD)
    await tablet.login(email, PASSWORD)

    const response = await laptop.post('/me/sessions/end-others')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { ended: 2 } })
    expect((await phone.get('/me')).statusCode).toBe(401)
    expect((await tablet.get('/me')).statusCode).toBe(401)
    const { data } = (await laptop.get('/me/sessions')).json()
    expect(data).toHaveLength(1)
    expect(data[0].current).toBe(true)
  })

  it('refuses a personal API token to end sessions', async () => {
    const laptop = new Browser(ctx.app)
    await register(laptop)
    const { token } = (await laptop.post('/me/tokens', { name: 'script' })).json().data
    const script = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/me/sessions/end-others',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(script.statusCode).toBe(403)
    expect((await laptop.get('/me')).statusCode).toBe(200)
  })
})

describe('lifetimes', () => {
  it('ends a session left idle longer than SESSION_IDLE_DAYS (14)', async () => {
    now = new Date('2026-11-02T09:00:00Z')
    const laptop = new Browser(ctx.app)
    await register(laptop)
    now = new Date(now.getTime() + 13 * DAY)
    const used = await laptop.get('/me')
    expect(used.statusCode).toBe(200)
    // The use moves the session's end, and the cookie's with it.
    const renewed = setCookies(used).get('carnet_session') ?? ''
    expect(new Date(/Expires=([^;]+)/.exec(renewed)?.[1] ?? '').getTime()).toBe(
      now.getTime() + 14 * DAY - (now.getTime() % 1000),
    )
    now = new Date(now.getTime() + 14 * DAY + 60_000)
    expect((await laptop.get('/me')).statusCode).toBe(401)
  })

  it('ends a session SESSION_MAX_DAYS (90) after sign-in, however often it is used', async () => {
    now = new Date('2026-11-02T09:00:00Z')
    const signedInAt = now.getTime()
    const laptop = new Browser(ctx.app)
    await register(laptop)
    for (let day = 10; day <= 80; day += 10) {
      now = new Date(signedInAt + day * DAY)
      expect((await laptop.get('/me')).statusCode).toBe(200)
    }
    now = new Date(signedInAt + 89 * DAY)
    const last = await laptop.get('/me')
    expect(last.statusCode).toBe(200)
    const cookie = setCookies(last).get('carnet_session') ?? ''
    expect(new Date(/Expires=([^;]+)/.exec(cookie)?.[1] ?? '').getTime()).toBe(signedInAt + 90 * DAY)
    now = new Date(signedInAt + 90 * DAY + 1000)
    expect((await laptop.get('/me')).statusCode).toBe(401)
  })
})

describe('sign-in from a new device', () => {
  it('e-mails the user once for a new browser, never for the sign-up or a browser it knows', async () => {
    now = new Date('2026-11-02T09:00:00Z')
    const laptop = new Browser(ctx.app)
    const email = await register(laptop)
    expect(laptop.jar.has('carnet_device')).toBe(true)
    expect(setCookies(await laptop.login(email, PASSWORD)).get('carnet_device')).toMatch(/HttpOnly/i)
    expect(await newDeviceMails(email)).toHaveLength(0)

    const phone = new Browser(ctx.app, FIREFOX_LINUX, '10.1.2.3')
    expect((await phone.login(email, PASSWORD)).statusCode).toBe(200)
    const mails = await newDeviceMails(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('Appareil : Firefox sur Linux')
    expect(mails[0]?.text).toContain('Adresse IP : 10.1.2.3')
    expect(mails[0]?.text).toContain('le 2 novembre 2026 à 10:00 (heure de Paris)')
    expect(mails[0]?.text).toContain("Si ce n'est pas toi, change ton mot de passe et déconnecte les autres sessions")
    expect(mails[0]?.text).toContain('http://localhost:3000/app/profile')

    // The device cookie is a year long; signing in again from that browser says nothing.
    const deviceCookie = setCookies(await phone.login(email, PASSWORD)).get('carnet_device') ?? ''
    expect(new Date(/Expires=([^;]+)/.exec(deviceCookie)?.[1] ?? '').getTime()).toBeGreaterThan(
      now.getTime() + 364 * DAY,
    )
    expect(await newDeviceMails(email)).toHaveLength(1)

    // A device cookie another account used is new to this one.
    const shared = new Browser(ctx.app)
    const other = await register(shared)
    await shared.post('/auth/logout')
    await shared.login(email, PASSWORD)
    expect(await newDeviceMails(email)).toHaveLength(2)
    expect(await newDeviceMails(other)).toHaveLength(0)
  })
})
