import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { Client, createTestContext, json, PASSWORD, signUpWithOrganization, type TestContext } from './helpers'

let ctx: TestContext
let second: Awaited<ReturnType<typeof buildApp>>
beforeAll(async () => {
  ctx = await createTestContext()
  // A second server on the same database, as a second `npm start` behind a load balancer would be.
  second = await buildApp({ config: ctx.config, database: ctx.database, logger: false })
  await second.ready()
})
afterAll(async () => {
  await second.close()
  await ctx.close()
})

describe('two server processes on one database', () => {
  it('serve the same session: signed in on one, recognised on the other', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    const onSecond = new Client(second)
    onSecond.cookie = client.cookie
    const response = await onSecond.get('/organization')
    expect(response.statusCode).toBe(200)
    expect(json(response).data.id).toBe(organization.id)
    await onSecond.post('/auth/logout')
    expect((await client.get('/me')).statusCode).toBe(401)
  })

  it('share the login rate limit', async () => {
    const { email } = await signUpWithOrganization(ctx.app)
    const ip = '192.0.2.44'
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? ctx.app : second
      statuses.push(
        (await new Client(app, ip).post('/auth/login', { username: email, password: `faux-${i}-x` })).statusCode,
      )
    }
    expect(statuses.at(-1)).toBe(429)
    // The wait is the account's (decision 0041), kept in the database: the other process, from another address and
    // with the right password, answers it too.
    const right = await new Client(second, '192.0.2.45').post('/auth/login', { username: email, password: PASSWORD })
    expect(right.statusCode).toBe(429)
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0)
  })
})
