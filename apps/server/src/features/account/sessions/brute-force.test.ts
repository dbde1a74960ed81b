import { describe, expect, it } from 'vitest'
import { PASSWORD, uniqueEmail, useTestContext } from '../../../../test/helpers'
import { Browser, FIREFOX_LINUX, mailsTo, registerFrom } from './test-browser'

let now = new Date('2026-11-02T09:00:00Z')
/** The inject's own address is the configured proxy: its X-Forwarded-For is believed. */
const ctx = useTestContext({ now: () => now, config: { trustProxy: ['127.0.0.1', '10.9.9.9'] } })

const register = (email = uniqueEmail()) => registerFrom(new Browser(ctx.app), email)

const unlockMails = (to: string) => mailsTo(ctx.database.db, to, 'Débloquer ton compte Carnet')

let address = 0
/** Each attempt from "another address", as a botnet behind the proxy would. */
const fromAnywhere = () => ({ 'x-forwarded-for': `198.51.${Math.floor(++address / 250) % 250}.${address % 250}` })

describe('wrong passwords on one account, from many addresses', () => {
  it('answers 429 with the wait after 5 failures, even to the right password, and e-mails one unlock code', async () => {
    now = new Date('2026-11-02T09:00:00Z')
    const email = await register()
    const attacker = new Browser(ctx.app, FIREFOX_LINUX)
    const statuses: number[] = []
    for (let i = 0; i < 60; i++) statuses.push((await attacker.login(email, `faux-${i}`, fromAnywhere())).statusCode)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true)

    const owner = new Browser(ctx.app)
    const refused = await owner.login(email, PASSWORD)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('1')
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message:
        'Trop de mots de passe erronés pour ce compte. Réessaye dans 1 seconde, ou débloque-le avec le code reçu par e-mail.',
    })
    expect(await unlockMails(email)).toHaveLength(1)

    // The delay grows with each failure let through: 1 s, 2 s, 4 s…
    now = new Date(now.getTime() + 1000)
    expect((await attacker.login(email, 'encore-faux', fromAnywhere())).statusCode).toBe(401)
    const second = await attacker.login(email, 'encore-faux', fromAnywhere())
    expect(second.statusCode).toBe(429)
    expect(second.headers['retry-after']).toBe('2')
    now = new Date(now.getTime() + 2000)
    expect((await attacker.login(email, 'encore-faux', fromAnywhere())).statusCode).toBe(401)
    expect((await attacker.login(email, 'x', fromAnywhere())).headers['retry-after']).toBe('4')
    // Still one code for this lock period.
    expect(await unlockMails(email)).toHaveLength(1)

    // The owner waits the delay out: the right password goes through and the count starts again.
    now = new Date(now.getTime() + 4000)
    expect((await owner.login(email, PASSWORD)).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) expect((await attacker.login(email, 'faux', fromAnywhere())).statusCode).toBe(401)
  })

  it('lets the owner in at once with the e-mailed code and the password', async () => {
    now = new Date('2026-11-03T09:00:00Z')
    const email = await register()
    const attacker = new Browser(ctx.app)
    for (let i = 0; i < 12; i++) await attacker.login(email, `faux-${i}`, fromAnywhere())
    const [mail] = await unlockMails(email)
    const code = /Code de déblocage : (\d{6})/.exec(mail?.text ?? '')?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)
    expect(mail?.text).toContain(`http://localhost:3000/auth/unlock?email=${encodeURIComponent(email)}`)

    const owner = new Browser(ctx.app)
    expect((await owner.login(email, PASSWORD)).statusCode).toBe(429)
    const wrongCode = await owner.post('/auth/unlock', {
      email,
      code: code === '000000' ? '111111' : '000000',
      password: PASSWORD,
    })
    expect(wrongCode.statusCode).toBe(422)
    expect(wrongCode.json().errors.code).toEqual(['Le code de déblocage est invalide ou a expiré.'])
    // The code alone is not enough: the password is still asked.
    expect((await owner.post('/auth/unlock', { email, code, password: 'faux' })).statusCode).toBe(401)

    const unlocked = await owner.post('/auth/unlock', { email, code, password: PASSWORD })
    expect(unlocked.statusCode).toBe(200)
    expect(unlocked.json().data.email).toBe(email)
    expect((await owner.get('/me')).statusCode).toBe(200)
    // The code served once; the account is no longer slowed down.
    expect((await owner.post('/auth/unlock', { email, code, password: PASSWORD })).statusCode).toBe(422)
    expect((await new Browser(ctx.app).login(email, PASSWORD)).statusCode).toBe(200)
  })

  it('answers an unknown e-mail exactly as a known one, and e-mails nobody', async () => {
    now = new Date('2026-11-04T09:00:00Z')
    const ghost = uniqueEmail('personne')
    const attacker = new Browser(ctx.app)
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await attacker.login(ghost, `faux-${i}`, fromAnywhere())).statusCode)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    const locked = await attacker.login(ghost, 'faux', fromAnywhere())
    expect(locked.json().code).toBe('ACCOUNT_LOCKED')
    expect(locked.headers['retry-after']).toBe('1')
    expect(await unlockMails(ghost)).toHaveLength(0)
    expect((await attacker.post('/auth/unlock', { email: ghost, code: '123456', password: 'x' })).statusCode).toBe(422)
  })
})

describe('forwarded addresses', () => {
  it('believes X-Forwarded-For only from a proxy named in TRUST_PROXY', async () => {
    now = new Date('2026-11-05T09:00:00Z')
    const email = await register()
    const viaProxy = new Browser(ctx.app, FIREFOX_LINUX, '10.9.9.9')
    await viaProxy.login(email, PASSWORD, { 'x-forwarded-for': '203.0.113.7' })
    const direct = new Browser(ctx.app, FIREFOX_LINUX, '10.4.4.4')
    await direct.login(email, PASSWORD, { 'x-forwarded-for': '203.0.113.8' })
    const addresses = (await direct.get('/me/sessions')).json().data.map((s: { ip: string }) => s.ip)
    expect(addresses).toContain('203.0.113.7')
    expect(addresses).toContain('10.4.4.4')
    expect(addresses).not.toContain('203.0.113.8')
  })
})
