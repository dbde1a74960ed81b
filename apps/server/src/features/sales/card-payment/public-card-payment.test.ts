import { messages } from '@app/domain'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useFakeStripeCheckout } from '../../../../test/fake-stripe-checkout'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { givePlan } from '../../../../test/recurring'
import { act, createValidatedInvoice, line } from '../../../../test/sales'

const stripe = useFakeStripeCheckout()
const ctx = useTestContext({
  config: {
    get stripeApiUrl() {
      return stripe.origin
    },
  } as object,
})

const KEY = 'sk_test_51OrgAtelierMartin0000abcd'
stripe.accept(KEY)

/** An organisation that takes card payments, and one of its invoices (120.00 TTC) shared by a public link. */
async function sharedInvoice(options: { key?: string; limits?: object; switchOn?: boolean } = {}) {
  const owner = await signUpWithOrganization(ctx.app, { taxRegimeId: 2 })
  await owner.client.patch('/settings/card-payment', { secretKey: options.key ?? KEY, ...options.limits })
  if (options.switchOn !== false) {
    const stripeMode = (
      json(await owner.client.get('/settings/payment-modes')).data as { id: number; code: string }[]
    ).find((mode) => mode.code === 'STRIPE')
    expect((await owner.client.patch(`/settings/payment-modes/${stripeMode?.id}`, { isActive: true })).statusCode).toBe(
      200,
    )
  }
  const invoice = await createValidatedInvoice(owner.client, { lines: [line({ amount: '100' })] })
  const { url } = await act(owner.client, `/invoices/${invoice.id}/public-url`)
  const token = String(url).split('/p/')[1] as string
  return { owner, invoice, token }
}

const publicGet = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/public/documents/${token}/card-payment` })
const publicPay = (token: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/public/documents/${token}/card-payment` })
const markPaid = (client: Client, id: number) => act(client, `/invoices/${id}/mark-as-paid`)

describe('paying a shared invoice by card', () => {
  it("opens a Stripe Checkout page on the organisation's own account for the invoice's total TTC", async () => {
    const { invoice, token } = await sharedInvoice()
    expect(json(await publicGet(token)).data).toEqual({ available: true, amount: '120.00' })
    const response = await publicPay(token)
    expect(response.statusCode, response.body).toBe(201)
    const session = stripe.sessions.at(-1)
    expect(json(response).data.url).toBe(`${stripe.origin}/checkout/${session?.id}`)
    expect(session).toMatchObject({
      key: KEY,
      mode: 'payment',
      amount: 12000,
      currency: 'eur',
      name: `Facture ${invoice.reference}`,
      successUrl: `http://localhost:3000/p/${token}?paiement=ok&session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `http://localhost:3000/p/${token}`,
      metadata: { carnet_invoice_id: String(invoice.id) },
    })
  })

  it('is not offered once the invoice is paid, outside the limits, or with the card mode off (409 on a try)', async () => {
    const paid = await sharedInvoice()
    await markPaid(paid.owner.client, paid.invoice.id)
    const outside = await sharedInvoice({ limits: { paymentLimit: 100 } })
    const below = await sharedInvoice({ limits: { paymentMinimum: 500 } })
    const off = await sharedInvoice({ switchOn: false })
    for (const { token } of [paid, outside, below, off]) {
      expect(json(await publicGet(token)).data).toEqual({ available: false, amount: null })
      const response = await publicPay(token)
      expect(response.statusCode).toBe(409)
      expect(json(response)).toMatchObject({
        code: 'CARD_PAYMENT_UNAVAILABLE',
        message: messages.cardPayment.notPayable,
      })
    }
  })

  it('is not offered when the organisation fell back to the free formula', async () => {
    const { owner, token } = await sharedInvoice()
    await givePlan(ctx, owner.organization.id, 'free')
    expect(json(await publicGet(token)).data).toEqual({ available: false, amount: null })
    expect((await publicPay(token)).statusCode).toBe(409)
  })

  it('answers 409 when Stripe refuses the key, 502 in French when Stripe fails, 404 for an unknown link', async () => {
    const { token } = await sharedInvoice({ key: 'sk_live_revokedKey0000wxyz' })
    const refused = await publicPay(token)
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({ code: 'CARD_PAYMENT_UNAVAILABLE', message: messages.cardPayment.keyRefused })

    const working = await sharedInvoice()
    stripe.state.failing = true
    try {
      const response = await publicPay(working.token)
      expect(response.statusCode).toBe(502)
      expect(json(response)).toMatchObject({
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        message: messages.cardPayment.providerUnavailable,
      })
    } finally {
      stripe.state.failing = false
    }
    expect((await publicPay('x'.repeat(43))).statusCode).toBe(404)
  })

  it('marks the invoice paid on the way back once Stripe says its session is paid, and only then', async () => {
    const { owner, invoice, token } = await sharedInvoice()
    const other = await sharedInvoice()
    await publicPay(token)
    const session = stripe.sessions.at(-1)?.id as string
    await publicPay(other.token)
    const otherSession = stripe.sessions.at(-1)?.id as string
    const confirm = (sessionId: string, on = token) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/public/documents/${on}/card-payment/confirm`,
        payload: { sessionId },
      })
    const state = async () => json(await owner.client.get(`/invoices/${invoice.id}`)).data.state.code

    expect(json(await confirm(session)).data).toEqual({ paid: false })
    expect(json(await confirm('cs_test_unknown')).data).toEqual({ paid: false })
    expect((await confirm('pas une session')).statusCode).toBe(422)
    stripe.pay(otherSession)
    // Another invoice's paid session (even of another organisation) pays nothing here.
    expect(json(await confirm(otherSession)).data).toEqual({ paid: false })
    expect(await state()).not.toBe('PAID')

    stripe.pay(session)
    const response = await confirm(session)
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data).toEqual({ paid: true })
    expect(await state()).toBe('PAID')
    expect(json(await confirm(session)).data).toEqual({ paid: true })
    expect(json(await publicGet(token)).data.available).toBe(false)
  })
  it('is found by the jobs when the customer paid but never came back, and not reminded; an open session waits, an expired one is let go', async () => {
    const gone = await sharedInvoice()
    await publicPay(gone.token)
    const paidAway = stripe.sessions.at(-1)?.id as string
    const waiting = await sharedInvoice()
    await publicPay(waiting.token)
    const open = stripe.sessions.at(-1)?.id as string
    const abandoned = await sharedInvoice()
    await publicPay(abandoned.token)
    const expired = stripe.sessions.at(-1)?.id as string
    stripe.pay(paidAway)
    stripe.expire(expired)

    const first = await ctx.app.jobs.runDue()
    expect(first.cardPayments).toBeGreaterThanOrEqual(1)
    const stateOf = async (of: { owner: { client: Client }; invoice: { id: number } }) =>
      json(await of.owner.client.get(`/invoices/${of.invoice.id}`)).data.state.code
    expect(await stateOf(gone)).toBe('PAID')
    expect(await stateOf(waiting)).not.toBe('PAID')
    expect(await stateOf(abandoned)).not.toBe('PAID')
    const settled = async (sessionId: string) => {
      const result = await ctx.database.db.execute<{ settled: boolean }>(
        sql`select settled_at is not null as settled from card_payment_sessions where session_id = ${sessionId}`,
      )
      return result.rows[0]?.settled
    }
    expect(await settled(paidAway)).toBe(true)
    expect(await settled(open)).toBe(false)
    expect(await settled(expired)).toBe(true)

    // Paid later, on the same page left open: the next run finds it.
    stripe.pay(open)
    await ctx.app.jobs.runDue()
    expect(await stateOf(waiting)).toBe('PAID')
    // Coming back to the page afterwards changes nothing.
    const back = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/documents/${waiting.token}/card-payment/confirm`,
      payload: { sessionId: open },
    })
    expect(json(back).data).toEqual({ paid: true })
  })

  it('lets a session typed on another organisation’s page settle nothing there', async () => {
    const mine = await sharedInvoice()
    await publicPay(mine.token)
    const session = stripe.sessions.at(-1)?.id as string
    const stranger = await sharedInvoice()
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/documents/${stranger.token}/card-payment/confirm`,
      payload: { sessionId: session },
    })
    expect(json(response).data).toEqual({ paid: false })
    stripe.pay(session)
    await ctx.app.jobs.runDue()
    expect(json(await mine.owner.client.get(`/invoices/${mine.invoice.id}`)).data.state.code).toBe('PAID')
  })
})
