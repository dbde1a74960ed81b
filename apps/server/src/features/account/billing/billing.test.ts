import { createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { messages } from '@app/domain'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { STRIPE_TEST_WEBHOOK_SECRET, useFakeStripe } from '../../../../test/fake-stripe'
import {
  type Client,
  createTestContext,
  joinAsCollaborator,
  json,
  signUpWithOrganization,
  uniqueEmail,
  useTestContext,
} from '../../../../test/helpers'

const m = messages.billing
const stripe = useFakeStripe()
const ctx = useTestContext({ config: stripe.config })

beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 })
  await stripe.sendWebhooksTo(
    `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/v1/webhooks/stripe`,
  )
})

beforeEach(() => ctx.setNow(() => new Date()))

/** An owner whose organisation pays `plan` through the stand-in's checkout page. */
async function subscribed(plan: string) {
  const owner = await signUpWithOrganization(ctx.app)
  const started = await owner.client.post('/subscription', { plan })
  expect(started.statusCode, started.body).toBe(200)
  const paid = await stripe.pay(json(started).data.url)
  expect(paid.status).toBe(303)
  const subscription = json(await owner.client.get('/subscription')).data
  return { ...owner, subscription, subscriptionId: await subscriptionIdOf(owner.client) }
}

/** The provider's subscription id, read from the stand-in through the organisation's bills. */
async function subscriptionIdOf(client: Client): Promise<string> {
  const [bill] = json(await client.get('/subscription/bills')).data
  const invoiceId = /invoices\/(in_[0-9a-f]+)/.exec(bill.downloadLink)?.[1]
  const invoice = await stripe.api(`/v1/invoices/${invoiceId}`)
  return invoice.body.parent.subscription_details.subscription
}

const organizationOf = async (client: Client) => json(await client.get('/organization')).data

async function invite(client: Client) {
  const roles = json(await client.get('/roles')).data as { id: number; code: string }[]
  return client.post('/organization/invitations', {
    email: uniqueEmail('invite'),
    roleId: roles.find((role) => role.code === 'collaborator')?.id,
  })
}

describe('without a payment provider', () => {
  it('says it is not configured and refuses every action with 409 in French', async () => {
    const bare = await createTestContext()
    try {
      const { client } = await signUpWithOrganization(bare.app)
      expect(json(await client.get('/subscription')).data).toMatchObject({
        configured: false,
        planCode: 'free',
        status: 'none',
        isOnTrial: true,
        onGracePeriod: false,
        paymentRequired: false,
      })
      for (const response of [
        await client.post('/subscription', { plan: 'pop-monthly' }),
        await client.patch('/subscription', { plan: 'pop-monthly' }),
        await client.delete('/subscription'),
        await client.post('/subscription/portal'),
        await client.get('/subscription/upcoming-invoice?plan=monthly'),
      ]) {
        expect(response.statusCode, response.body).toBe(409)
        expect(json(response)).toMatchObject({ message: m.notConfigured, code: 'BILLING_NOT_CONFIGURED' })
      }
      const webhook = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        payload: { id: 'evt_1', type: 'invoice.paid' },
      })
      expect(webhook.statusCode).toBe(409)
    } finally {
      await bare.close()
    }
  })
})

describe('a payment provider that does not answer', () => {
  it('answers 502 in French and keeps nothing', async () => {
    const down = await createTestContext({
      config: { stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiUrl: 'http://127.0.0.1:9' } },
    })
    try {
      const { client } = await signUpWithOrganization(down.app)
      const refused = await client.post('/subscription', { plan: 'pop-monthly' })
      expect(refused.statusCode).toBe(502)
      expect(json(refused)).toMatchObject({ message: m.providerUnavailable, code: 'PAYMENT_PROVIDER_UNAVAILABLE' })
      expect(json(await client.get('/subscription')).data).toMatchObject({ configured: true, status: 'none' })
    } finally {
      await down.close()
    }
  })
})

describe('subscribing by card (spec/account.md §4 "Plans")', () => {
  it('checks out on the provider, and the webhooks put the organisation on the plan with its bill', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    expect(json(await owner.client.get('/subscription')).data).toMatchObject({
      configured: true,
      planCode: 'free',
      status: 'none',
      isOnTrial: true,
    })
    const started = await owner.client.post('/subscription', { plan: 'pop-monthly' })
    expect(started.statusCode, started.body).toBe(200)
    const { url, clientSecret } = json(started).data
    expect(clientSecret).toBeNull()
    expect(url).toMatch(new RegExp(`^${stripe.origin}/checkout/cs_test_`))

    // The provider holds the plan's price (9 € HT a month, lookup key = plan code) and French VAT at 20 % on top.
    const prices = await stripe.api('/v1/prices?lookup_keys[]=pop-monthly')
    expect(prices.body.data).toMatchObject([
      { unit_amount: 900, currency: 'eur', recurring: { interval: 'month' }, lookup_key: 'pop-monthly' },
    ])
    const rates = await stripe.api('/v1/tax_rates')
    expect(rates.body.data).toMatchObject([{ percentage: 20, inclusive: false, country: 'FR' }])

    const paid = await stripe.pay(url)
    expect(paid.html).toContain('10,80 € TTC par mois')
    expect(paid.location).toBe('http://localhost:3000/app/setting/subscription?checkout=success')

    const organization = await organizationOf(owner.client)
    expect(organization).toMatchObject({
      plan: { code: 'pop-monthly' },
      free: false,
      isOnTrial: false,
      onGracePeriod: false,
      endsAt: null,
      paymentRequired: false,
      maxCollaborators: 1,
    })
    expect(organization.features).toContain('ledger')
    expect(organization.features).not.toContain('recurring_invoices')

    const subscription = json(await owner.client.get('/subscription')).data
    expect(subscription).toMatchObject({ planCode: 'pop-monthly', status: 'active', paymentRequired: false })
    const days = (Date.parse(subscription.currentPeriodEnd) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(27)
    expect(days).toBeLessThan(32)

    const bills = json(await owner.client.get('/subscription/bills'))
    expect(bills.meta).toEqual({ total: 1, page: 1, pageSize: 25 })
    expect(bills.data).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        number: expect.stringMatching(/^CARNET-\d{4}$/),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        amount: '10.80',
        status: 'paid',
        downloadLink: expect.stringMatching(new RegExp(`^${stripe.origin}/invoices/in_[0-9a-f]+\\.pdf$`)),
      },
    ])

    // Subscribing while a plan runs: the spec's message.
    const again = await owner.client.post('/subscription', { plan: 'monthly' })
    expect(again.statusCode).toBe(409)
    expect(json(again).message).toBe('Une erreur est survenue.')
  })

  it('lets an abandoned checkout change nothing, and checks the plan code', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const started = json(await owner.client.post('/subscription', { plan: 'monthly' })).data
    const page = await (await fetch(started.url)).text()
    expect(page).toContain('http://localhost:3000/app/setting/subscription?checkout=cancel')
    expect((await organizationOf(owner.client)).plan.code).toBe('free')
    const unknown = await owner.client.post('/subscription', { plan: 'gold' })
    expect(unknown.statusCode).toBe(422)
    expect(json(unknown).errors.plan).toEqual(['Choisis une formule.'])
  })

  it('opens the provider’s customer portal, and needs a customer first', async () => {
    const fresh = await signUpWithOrganization(ctx.app)
    const none = await fresh.client.post('/subscription/portal')
    expect(none.statusCode).toBe(409)
    expect(json(none).message).toBe(m.noCustomer)
    const { client } = await subscribed('pop-monthly')
    const portal = await client.post('/subscription/portal')
    expect(portal.statusCode, portal.body).toBe(200)
    expect(json(portal).data.url).toMatch(new RegExp(`^${stripe.origin}/portal/bps_`))
  })
})

describe('changing plans', () => {
  it('previews the switch: the charge now (TTC), the days used and the credit left', async () => {
    const { client } = await subscribed('pop-monthly')
    const preview = await client.get('/subscription/upcoming-invoice?plan=pop-plus-monthly')
    expect(preview.statusCode, preview.body).toBe(200)
    // (15 − 9) € HT for the whole month just begun, plus 20 %; the unused Pop month comes back as 10,80 € TTC.
    expect(json(preview).data).toEqual({
      due: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      amount: '7.20',
      data: { days: { consumed: 0 }, amount: { remaining: '10.80' } },
    })
    // A yearly plan starts a new period: 90 € HT + VAT, less the unused month.
    expect(json(await client.get('/subscription/upcoming-invoice?plan=pop-yearly')).data).toMatchObject({
      amount: '97.20',
    })
    // Ten days later, a third of the month is used (the provider prorates by the second).
    ctx.setNow(() => new Date(Date.now() + 10 * 86_400_000))
    const later = json(await client.get('/subscription/upcoming-invoice?plan=pop-plus-monthly')).data
    expect(later.data.days.consumed).toBe(10)
    expect(Number(later.amount)).toBeLessThan(7.2)
    expect(Number(later.data.amount.remaining)).toBeLessThan(10.8)
  })

  it('switches a monthly plan to another at once, billed prorated; the collaborator limit follows', async () => {
    const { client } = await subscribed('pop-monthly')
    // Pop: the owner alone.
    const refused = await invite(client)
    expect(refused.statusCode).toBe(403)
    expect(json(refused).code).toBe('PLAN_LIMIT')

    const changed = await client.patch('/subscription', { plan: 'pop-plus-monthly' })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(json(changed).data).toMatchObject({ planCode: 'pop-plus-monthly', status: 'active' })
    const organization = await organizationOf(client)
    expect(organization).toMatchObject({ plan: { code: 'pop-plus-monthly' }, maxCollaborators: 5 })
    expect(organization.features).toContain('recurring_invoices')
    const bills = json(await client.get('/subscription/bills')).data
    expect(bills.map((bill: { amount: string }) => bill.amount)).toEqual(['7.20', '10.80'])

    // Pop+: the owner and four more.
    for (let seat = 2; seat <= 5; seat++) expect((await invite(client)).statusCode).toBe(201)
    expect((await invite(client)).statusCode).toBe(403)

    const same = await client.patch('/subscription', { plan: 'pop-plus-monthly' })
    expect(same.statusCode).toBe(409)
    expect(json(same).message).toBe(m.samePlan)
  })

  it('never switches a yearly plan to a monthly one', async () => {
    const { client } = await subscribed('yearly')
    expect(json(await client.get('/subscription')).data.planCode).toBe('yearly')
    for (const plan of ['monthly', 'plus-monthly']) {
      const refused = await client.patch('/subscription', { plan })
      expect(refused.statusCode).toBe(422)
      expect(json(refused).message).toBe(m.yearlyToMonthly)
      expect((await client.get(`/subscription/upcoming-invoice?plan=${plan}`)).statusCode).toBe(422)
    }
    const up = await client.patch('/subscription', { plan: 'plus-yearly' })
    expect(up.statusCode, up.body).toBe(200)
    expect((await organizationOf(client)).plan.code).toBe('plus-yearly')
  })

  it('refuses a change without a running subscription', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const refused = await client.patch('/subscription', { plan: 'monthly' })
    expect(refused.statusCode).toBe(409)
    expect(json(refused).message).toBe(m.noSubscription)
    expect((await client.get('/subscription/upcoming-invoice?plan=monthly')).statusCode).toBe(409)
  })
})

describe('cancelling (also the suspension of the cancellation page)', () => {
  it('keeps the plan until the end of the paid period, then the free formula', async () => {
    const { client, subscriptionId } = await subscribed('pop-plus-monthly')
    const periodEnd = json(await client.get('/subscription')).data.currentPeriodEnd
    const cancelled = await client.delete('/subscription')
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(json(cancelled).data).toMatchObject({
      planCode: 'pop-plus-monthly',
      onGracePeriod: true,
      endsAt: periodEnd,
      status: 'active',
    })
    expect(await organizationOf(client)).toMatchObject({
      plan: { code: 'pop-plus-monthly' },
      onGracePeriod: true,
      endsAt: periodEnd,
      free: false,
    })
    const twice = await client.delete('/subscription')
    expect(twice.statusCode).toBe(409)
    expect(json(twice).message).toBe(m.alreadyCancelled)

    // After the end, even before the provider says so: free, and subscribing is possible again.
    // (In steps: a session ends after SESSION_IDLE_DAYS (14) without use, and a month may have 31 days.)
    for (const days of [10, 20]) {
      ctx.setNow(() => new Date(Date.now() + days * 86_400_000))
      expect((await organizationOf(client)).onGracePeriod).toBe(true)
    }
    ctx.setNow(() => new Date(Date.parse(periodEnd) + 1000))
    expect(await organizationOf(client)).toMatchObject({ plan: { code: 'free' }, free: true, onGracePeriod: false })
    expect(json(await client.get('/subscription')).data).toMatchObject({ planCode: 'free', status: 'canceled' })
    expect((await client.delete('/subscription')).statusCode).toBe(409)

    // The provider ends it: its event writes the free formula.
    ctx.setNow(() => new Date())
    await stripe.control('end-period', { subscription: subscriptionId })
    expect(await organizationOf(client)).toMatchObject({ plan: { code: 'free' }, free: true })
    const again = await client.post('/subscription', { plan: 'pop-monthly' })
    expect(again.statusCode, again.body).toBe(200)
  })
})

describe('payments that fail', () => {
  it('asks for the payment when a renewal fails, and stops when one is paid', async () => {
    const { client, subscriptionId } = await subscribed('monthly')
    const failed = await stripe.control('fail-payment', { subscription: subscriptionId })
    expect(failed.status).toBe(200)
    expect(await organizationOf(client)).toMatchObject({ paymentRequired: true, plan: { code: 'monthly' } })
    expect(json(await client.get('/subscription')).data).toMatchObject({ status: 'past_due', paymentRequired: true })
    const bills = json(await client.get('/subscription/bills')).data
    expect(bills.map((bill: { status: string }) => bill.status).sort()).toEqual(['open', 'paid'])

    await stripe.control('end-period', { subscription: subscriptionId })
    expect(await organizationOf(client)).toMatchObject({ paymentRequired: false })
    expect(json(await client.get('/subscription')).data.status).toBe('active')

    // The failure's event again (the provider retries until answered 2xx): applied once only.
    const failure = (await stripe.events()).filter((event) => event.type === 'invoice.payment_failed').at(-1)
    const replay = await stripe.control('resend', { event: failure?.id })
    expect(replay.body.status).toBe(200)
    expect(await organizationOf(client)).toMatchObject({ paymentRequired: false })
  })
})

describe('the webhook', () => {
  const sign = (payload: string, secret = STRIPE_TEST_WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000)) =>
    `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex')}`
  const post = (payload: string, signature?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    })

  it('answers 400 to an event without the provider’s signature, or too old', async () => {
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'invoice.paid', data: { object: {} } })
    for (const signature of [undefined, 't=1,v1=00', sign(payload, 'whsec_other'), sign(payload, undefined, 1)]) {
      const response = await post(payload, signature)
      expect(response.statusCode).toBe(400)
      expect(json(response)).toMatchObject({ message: m.badSignature, code: 'BAD_SIGNATURE' })
    }
    expect((await post('{not json', sign('{not json'))).statusCode).toBe(400)
  })

  it('acknowledges the events it does not use', async () => {
    const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'charge.refunded', data: { object: {} } })
    const response = await post(payload, sign(payload))
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ received: true })
  })
})

describe('who may do what', () => {
  it('lets members read, the owner alone act; another organisation sees nothing of it', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const collaborator = await joinAsCollaborator(ctx, owner)
    expect((await collaborator.client.get('/subscription')).statusCode).toBe(200)
    expect((await collaborator.client.get('/subscription/bills')).statusCode).toBe(200)
    for (const response of [
      await collaborator.client.post('/subscription', { plan: 'monthly' }),
      await collaborator.client.patch('/subscription', { plan: 'monthly' }),
      await collaborator.client.delete('/subscription'),
      await collaborator.client.post('/subscription/portal'),
    ]) {
      expect(response.statusCode).toBe(403)
      expect(json(response).message).toBe(messages.organization.ownerOnly)
    }

    const paying = await subscribed('monthly')
    const other = await signUpWithOrganization(ctx.app)
    expect(json(await other.client.get('/subscription')).data).toMatchObject({ planCode: 'free', status: 'none' })
    expect(json(await other.client.get('/subscription/bills'))).toMatchObject({ data: [], meta: { total: 0 } })
    expect((await other.client.delete('/subscription')).statusCode).toBe(409)
    expect((await organizationOf(paying.client)).plan.code).toBe('monthly')
  })
})
