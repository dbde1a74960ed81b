import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'

export type FakeCheckoutSession = {
  id: string
  key: string
  mode: string
  amount: number
  currency: string
  name: string
  successUrl: string
  cancelUrl: string
  metadata: Record<string, string>
  paid: boolean
  /** Left unpaid past its 24 hours: Stripe then says `expired`. */
  expired?: boolean
}

/** `a[0][b][c]=x` form fields, as Stripe's API reads them, flattened back to their bracketed names. */
const formOf = async (request: IncomingMessage) => {
  let body = ''
  for await (const chunk of request) body += chunk
  return new URLSearchParams(body)
}

const stripeError = (status: number, message: string, type = 'invalid_request_error') => ({
  status,
  body: { error: { type, message } },
})

/**
 * A local stand-in of Stripe's Checkout Sessions in payment mode, on the organisations' own keys: it accepts the
 * secret keys it is told (any other: 401 as Stripe answers a wrong key), checks the form the SDK sends and records
 * each session. The platform's subscriptions have their own stand-in (e2e/fake-stripe-api.mjs).
 */
export function useFakeStripeCheckout() {
  const keys = new Set<string>()
  const sessions: FakeCheckoutSession[] = []
  /** Set: every request answers 500, as Stripe does when it fails. */
  const state = { failing: false }
  let origin = ''
  const server = createServer(async (request, reply) => {
    const answer = ({ status, body }: { status: number; body: unknown }) => {
      reply.writeHead(status, { 'content-type': 'application/json' })
      reply.end(JSON.stringify(body))
    }
    if (state.failing) return answer(stripeError(500, 'An unknown error occurred', 'api_error'))
    const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''
    const wanted = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(request.url ?? '')?.[1]
    const isCreate = request.method === 'POST' && request.url === '/v1/checkout/sessions'
    if (!isCreate && !(request.method === 'GET' && wanted))
      return answer(stripeError(404, `Unrecognized request URL (${request.method}: ${request.url}).`))
    if (!keys.has(key)) return answer(stripeError(401, `Invalid API Key provided: ${key.slice(0, 8)}***`))
    if (wanted) {
      // A session is read with the key of the account it was made on, as Stripe does.
      const found = sessions.find((session) => session.id === wanted && session.key === key)
      if (!found) return answer(stripeError(404, `No such checkout.session: '${wanted}'`))
      return answer({ status: 200, body: bodyOf(found) })
    }
    const form = await formOf(request)
    const amount = Number(form.get('line_items[0][price_data][unit_amount]'))
    if (form.get('mode') !== 'payment') return answer(stripeError(400, 'Only mode=payment is supported here.'))
    if (!Number.isInteger(amount) || amount < 50) return answer(stripeError(400, 'Invalid unit_amount.'))
    const metadata: Record<string, string> = {}
    for (const [name, value] of form) {
      const found = /^metadata\[(.+)\]$/.exec(name)
      if (found?.[1]) metadata[found[1]] = value
    }
    const session: FakeCheckoutSession = {
      id: `cs_test_${randomBytes(8).toString('hex')}`,
      key,
      mode: 'payment',
      amount,
      currency: form.get('line_items[0][price_data][currency]') ?? '',
      name: form.get('line_items[0][price_data][product_data][name]') ?? '',
      successUrl: form.get('success_url') ?? '',
      cancelUrl: form.get('cancel_url') ?? '',
      metadata,
      paid: false,
    }
    sessions.push(session)
    answer({ status: 200, body: bodyOf(session) })
  })
  const bodyOf = (session: FakeCheckoutSession) => ({
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    amount_total: session.amount,
    currency: session.currency,
    metadata: session.metadata,
    payment_status: session.paid ? 'paid' : 'unpaid',
    status: session.paid ? 'complete' : session.expired ? 'expired' : 'open',
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    url: session.paid || session.expired ? null : `${origin}/checkout/${session.id}`,
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return {
    get origin() {
      return origin
    },
    /** A secret key of an organisation's Stripe account, accepted from now on. */
    accept: (key: string) => keys.add(key),
    sessions,
    state,
    /** The customer pays on the session's page. */
    pay(id: string) {
      const session = sessions.find((candidate) => candidate.id === id)
      if (!session) throw new Error(`no checkout session ${id}`)
      session.paid = true
    },
    /** The session's 24 hours pass without payment. */
    expire(id: string) {
      const session = sessions.find((candidate) => candidate.id === id)
      if (!session) throw new Error(`no checkout session ${id}`)
      session.expired = true
    },
  }
}
