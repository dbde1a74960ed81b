import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { PASSWORD, uniqueEmail } from '../../../../test/helpers'
import type { DbOrTx } from '../../../db/client'
import { emails } from '../../../db/schema/index'

export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

/** The cookies a response sets, by name, with their attributes as written. */
export function setCookies(response: LightMyRequestResponse): Map<string, string> {
  const found = new Map<string, string>()
  for (const line of [response.headers['set-cookie'] ?? []].flat()) {
    const name = line.slice(0, line.indexOf('='))
    found.set(name, line)
  }
  return found
}

/**
 * A browser for the tests of sessions: keeps every cookie (the session's and the device's), sends its user agent and
 * the CSRF header, and comes from one address (or another, through a proxy's X-Forwarded-For).
 */
export class Browser {
  readonly jar = new Map<string, string>()
  constructor(
    readonly app: FastifyInstance,
    readonly userAgent = CHROME_MAC,
    readonly remoteAddress = '127.0.0.1',
  ) {}

  async request(method: string, url: string, body?: object, headers: Record<string, string> = {}) {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await this.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      remoteAddress: this.remoteAddress,
      headers: {
        'user-agent': this.userAgent,
        ...(cookie ? { cookie } : {}),
        ...(method === 'GET' ? {} : { 'x-requested-with': 'fetch' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body }),
    })
    for (const [name, line] of setCookies(response)) {
      const value = line.slice(name.length + 1).split(';')[0] ?? ''
      if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return response
  }

  get = (url: string) => this.request('GET', url)
  post = (url: string, body: object = {}, headers?: Record<string, string>) => this.request('POST', url, body, headers)
  delete = (url: string) => this.request('DELETE', url)
  login = (email: string, password: string, headers?: Record<string, string>) =>
    this.post('/auth/login', { username: email, password }, headers)
}

/** Signs up a new account from this browser (its session and device cookies kept); returns the address. */
export async function registerFrom(browser: Browser, email = uniqueEmail()) {
  const response = await browser.post('/auth/register', {
    firstname: 'Camille',
    lastname: 'Martin',
    email,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    cgu: true,
  })
  expect(response.statusCode).toBe(201)
  return email
}

/** The e-mails of the outbox to an address with that subject. */
export const mailsTo = (db: DbOrTx, to: string, subject: string) =>
  db
    .select()
    .from(emails)
    .where(and(eq(emails.to, to), eq(emails.subject, subject)))
