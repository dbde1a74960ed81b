// A local stand-in for the card payment provider Stripe (HTTP API v1, form-encoded requests, JSON answers, signed
// webhooks), enough for Carnet's own subscriptions to run without the internet: customers, products, prices (with
// lookup_keys), tax rates, Checkout Sessions and their hosted page (GET /checkout/{id}: a "Payer" button that pays,
// subscribes, sends the webhooks and sends the browser to success_url; an "Annuler" link to cancel_url), subscriptions
// (retrieve; update: another price prorated and billed at once, cancel_at_period_end; delete), invoices (retrieve, list,
// create_preview), billing portal sessions, and test-only controls under /__test (a failed renewal, the end of the
// period, the events sent and their replay). Used by the browser journeys (playwright.config.ts) and the server's tests.
//
//   node e2e/fake-stripe-api.mjs PORT SECRET_KEY WEBHOOK_URL WEBHOOK_SECRET     (PORT 0: any free port, printed)
import { createHmac, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'

const [, , portArg = '0', SECRET_KEY = 'sk_test_carnet', initialWebhookUrl = '', WEBHOOK_SECRET = 'whsec_carnet'] =
  process.argv
let webhookUrl = initialWebhookUrl
let origin = ''
const API_VERSION = '2026-10-28.endive'
const VAT = 0.2

const store = {
  customers: new Map(),
  products: new Map(),
  prices: new Map(),
  tax_rates: new Map(),
  sessions: new Map(),
  subscriptions: new Map(),
  invoices: new Map(),
  portals: new Map(),
}
const events = []
let invoiceNumber = 0

const now = () => Math.floor(Date.now() / 1000)
const newId = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`
const list = (data, url) => ({ object: 'list', data, has_more: false, url })
const stripeError = (status, message, type = 'invalid_request_error', code) => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
})
const missing = (kind, id) => stripeError(404, `No such ${kind}: '${id}'`, 'invalid_request_error', 'resource_missing')

/** `items[0][price]=x&metadata[a]=b&lookup_keys[]=k` → { items: [{ price: 'x' }], metadata: { a: 'b' }, lookup_keys: ['k'] } */
function parseForm(text) {
  const root = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[')
    let node = root
    path.forEach((part, index) => {
      const last = index === path.length - 1
      const name = part === '' && Array.isArray(node) ? node.length : part
      if (last) node[name] = value
      else {
        const nextIsIndex = /^\d*$/.test(path[index + 1])
        node[name] ??= nextIsIndex ? [] : {}
        node = node[name]
      }
    })
  }
  return root
}

const bool = (value) => value === true || value === 'true'

function addInterval(seconds, interval) {
  const date = new Date(seconds * 1000)
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1)
  else date.setUTCMonth(date.getUTCMonth() + 1)
  return Math.floor(date.getTime() / 1000)
}

// ——— invoices ———

function line(subscription, item, price, amount, period, proration) {
  const taxRate = subscription.default_tax_rates[0]
  const taxAmount = Math.round(amount * VAT)
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: 'eur',
    description: `${proration ? (amount < 0 ? 'Temps non utilisé de ' : 'Temps restant de ') : ''}${store.products.get(price.product)?.name ?? price.id}`,
    period,
    quantity: 1,
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: {
        proration,
        subscription: subscription.id,
        subscription_item: item.id,
        invoice_item: null,
        proration_details: null,
      },
      invoice_item_details: null,
    },
    pricing: { type: 'price_details', price_details: { price: price.id, product: price.product } },
    taxes: taxRate
      ? [
          {
            amount: taxAmount,
            taxable_amount: amount,
            tax_behavior: 'exclusive',
            taxability_reason: 'standard_rated',
            type: 'tax_rate_details',
            tax_rate_details: { tax_rate: taxRate.id },
          },
        ]
      : [],
  }
}

function invoiceOf(subscription, lines, status, at = now()) {
  const subtotal = lines.reduce((total, l) => total + l.amount, 0)
  const tax = lines.reduce((total, l) => total + l.taxes.reduce((sum, t) => sum + t.amount, 0), 0)
  const total = subtotal + tax
  const id = newId('in')
  return {
    id,
    object: 'invoice',
    customer: subscription.customer,
    currency: 'eur',
    status,
    number: status === 'draft' ? null : `CARNET-${String(++invoiceNumber).padStart(4, '0')}`,
    created: at,
    period_start: at,
    period_end: at,
    subtotal,
    tax,
    total,
    amount_due: Math.max(total, 0),
    amount_paid: status === 'paid' ? Math.max(total, 0) : 0,
    amount_remaining: status === 'paid' ? 0 : Math.max(total, 0),
    due_date: null,
    next_payment_attempt: status === 'open' ? at + 3 * 86_400 : null,
    attempt_count: status === 'open' ? 1 : 0,
    billing_reason: 'subscription_cycle',
    collection_method: 'charge_automatically',
    status_transitions: { finalized_at: at, paid_at: status === 'paid' ? at : null, marked_uncollectible_at: null },
    invoice_pdf: `${origin}/invoices/${id}.pdf`,
    hosted_invoice_url: `${origin}/invoices/${id}`,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      quote_details: null,
    },
    lines: list(lines, `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
  }
}

function periodInvoice(subscription, status, at = now()) {
  const item = subscription.items.data[0]
  const period = { start: item.current_period_start, end: item.current_period_end }
  return invoiceOf(
    subscription,
    [line(subscription, item, item.price, item.price.unit_amount, period, false)],
    status,
    at,
  )
}

/** What moving the subscription's item to `price` at `at` bills now, and the period it then runs on. */
function proration(subscription, price, at) {
  const item = subscription.items.data[0]
  const { current_period_start: start, current_period_end: end } = item
  const unused = Math.max(0, Math.min(1, (end - at) / (end - start)))
  const credit = -Math.round(item.price.unit_amount * unused)
  const sameInterval = price.recurring.interval === item.price.recurring.interval
  const period = sameInterval ? { start, end } : { start: at, end: addInterval(at, price.recurring.interval) }
  const charge = sameInterval ? Math.round(price.unit_amount * unused) : price.unit_amount
  const lines = [
    line(subscription, item, item.price, credit, { start: at, end }, true),
    line(subscription, item, price, charge, { start: at, end: period.end }, true),
  ]
  return { lines, period }
}

// ——— webhooks ———

async function deliver(event) {
  const payload = JSON.stringify(event, null, 2)
  const t = now()
  const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex')
  const record = { event, status: 0 }
  events.push(record)
  if (!webhookUrl) return record
  try {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${v1}` },
      body: payload,
      signal: AbortSignal.timeout(20_000),
    })
    record.status = response.status
    record.answer = await response.text()
  } catch (error) {
    record.error = String(error)
  }
  return record
}

const send = (type, object) =>
  deliver({
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: now(),
    type,
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  })

// ——— the API ———

function createObject(kind, prefix, body, extra) {
  const object = { id: newId(prefix), created: now(), livemode: false, metadata: body.metadata ?? {}, ...extra }
  store[kind].set(object.id, object)
  return object
}

async function api(method, path, body, url) {
  const [, , resource, id, action] = path.split('/') // /v1/resource/id/action
  if (resource === 'customers') {
    if (method === 'POST' && !id)
      return createObject('customers', 'cus', body, { object: 'customer', email: body.email, name: body.name })
    const customer = store.customers.get(id)
    return customer ?? missing('customer', id)
  }
  if (resource === 'products' && method === 'POST' && !id)
    return createObject('products', 'prod', body, { object: 'product', name: body.name, active: true })
  if (resource === 'prices') {
    if (method === 'GET' && !id) {
      const keys = [body.lookup_keys ?? []].flat()
      const data = [...store.prices.values()].filter(
        (price) =>
          (keys.length === 0 || keys.includes(price.lookup_key)) &&
          (body.active === undefined || price.active === bool(body.active)),
      )
      return list(data.slice(0, Number(body.limit ?? 10)), '/v1/prices')
    }
    if (method === 'POST' && !id) {
      if (!store.products.has(body.product)) return missing('product', body.product)
      if (body.lookup_key) {
        const holder = [...store.prices.values()].find((price) => price.lookup_key === body.lookup_key)
        if (holder && !bool(body.transfer_lookup_key))
          return stripeError(400, `A price (\`${holder.id}\`) already uses that lookup key.`)
        if (holder) holder.lookup_key = null
      }
      return createObject('prices', 'price', body, {
        object: 'price',
        active: true,
        product: body.product,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: { interval: body.recurring?.interval ?? 'month', interval_count: 1, usage_type: 'licensed' },
        lookup_key: body.lookup_key ?? null,
        tax_behavior: body.tax_behavior ?? 'unspecified',
        type: 'recurring',
      })
    }
    return store.prices.get(id) ?? missing('price', id)
  }
  if (resource === 'tax_rates') {
    if (method === 'GET' && !id) {
      const data = [...store.tax_rates.values()].filter(
        (rate) =>
          (body.active === undefined || rate.active === bool(body.active)) &&
          (body.inclusive === undefined || rate.inclusive === bool(body.inclusive)),
      )
      return list(data, '/v1/tax_rates')
    }
    if (method === 'POST' && !id)
      return createObject('tax_rates', 'txr', body, {
        object: 'tax_rate',
        active: true,
        display_name: body.display_name,
        description: body.description ?? null,
        percentage: Number(body.percentage),
        inclusive: bool(body.inclusive),
        country: body.country ?? null,
        jurisdiction: body.jurisdiction ?? null,
      })
    return store.tax_rates.get(id) ?? missing('tax_rate', id)
  }
  if (resource === 'checkout' && id === 'sessions') {
    const sessionId = action
    if (method === 'POST' && !sessionId) {
      if (body.mode !== 'subscription') return stripeError(400, 'Only mode=subscription is supported here.')
      const price = store.prices.get(body.line_items?.[0]?.price)
      if (!price) return missing('price', body.line_items?.[0]?.price)
      if (body.customer && !store.customers.has(body.customer)) return missing('customer', body.customer)
      const session = createObject('sessions', 'cs_test', body, {
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        line_items_input: body.line_items,
        subscription_data: body.subscription_data ?? {},
      })
      session.url = `${origin}/checkout/${session.id}`
      return session
    }
    return store.sessions.get(sessionId) ?? missing('checkout.session', sessionId)
  }
  if (resource === 'subscriptions') {
    const subscription = store.subscriptions.get(id)
    if (!subscription) return missing('subscription', id)
    if (method === 'GET') return subscription
    if (method === 'DELETE') return endSubscription(subscription, now())
    if (method === 'POST') return updateSubscription(subscription, body)
  }
  if (resource === 'invoices') {
    if (id === 'create_preview' && method === 'POST') {
      const subscription = store.subscriptions.get(body.subscription)
      if (!subscription) return missing('subscription', body.subscription)
      const price = store.prices.get(body.subscription_details?.items?.[0]?.price)
      if (!price) return missing('price', body.subscription_details?.items?.[0]?.price)
      const at = Number(body.subscription_details?.proration_date ?? now())
      const preview = invoiceOf(subscription, proration(subscription, price, at).lines, 'draft', at)
      preview.id = null
      return preview
    }
    if (method === 'GET' && !id) {
      const data = [...store.invoices.values()]
        .filter((invoice) => !body.customer || invoice.customer === body.customer)
        .filter(
          (invoice) => !body.subscription || invoice.parent.subscription_details.subscription === body.subscription,
        )
        .sort((a, b) => b.created - a.created)
      return list(data.slice(0, Number(body.limit ?? 10)), '/v1/invoices')
    }
    return store.invoices.get(id) ?? missing('invoice', id)
  }
  if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
    if (!store.customers.has(body.customer)) return missing('customer', body.customer)
    const portal = createObject('portals', 'bps', body, {
      object: 'billing_portal.session',
      customer: body.customer,
      return_url: body.return_url ?? null,
    })
    portal.url = `${origin}/portal/${portal.id}`
    return portal
  }
  return stripeError(404, `Unrecognized request URL (${method}: ${url.pathname}).`)
}

async function updateSubscription(subscription, body) {
  const item = subscription.items.data[0]
  const nextPrice = body.items?.[0]?.price ? store.prices.get(body.items[0].price) : undefined
  if (body.items?.[0]?.price && !nextPrice) return missing('price', body.items[0].price)
  if (body.cancel_at_period_end !== undefined) {
    subscription.cancel_at_period_end = bool(body.cancel_at_period_end)
    subscription.cancel_at = subscription.cancel_at_period_end ? item.current_period_end : null
    subscription.canceled_at = subscription.cancel_at_period_end ? now() : null
  }
  if (nextPrice && nextPrice.id !== item.price.id) {
    const at = now()
    const { lines, period } = proration(subscription, nextPrice, at)
    item.price = nextPrice
    item.current_period_start = period.start
    item.current_period_end = period.end
    if (subscription.cancel_at_period_end) subscription.cancel_at = period.end
    const invoice = invoiceOf(subscription, lines, 'paid', at)
    store.invoices.set(invoice.id, invoice)
    await send('invoice.paid', invoice)
  }
  await send('customer.subscription.updated', subscription)
  return subscription
}

async function endSubscription(subscription, at) {
  subscription.status = 'canceled'
  subscription.ended_at = at
  subscription.canceled_at ??= at
  await send('customer.subscription.deleted', subscription)
  return subscription
}

/** Payment page: pays with a test card, subscribes, sends the webhooks, then back to the app. */
async function completeCheckout(session) {
  const price = store.prices.get(session.line_items_input[0].price)
  const rates = [session.subscription_data.default_tax_rates ?? []].flat().map((id) => store.tax_rates.get(id))
  const at = now()
  const subscription = {
    id: newId('sub'),
    object: 'subscription',
    customer: session.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    created: at,
    start_date: at,
    collection_method: 'charge_automatically',
    currency: 'eur',
    default_tax_rates: rates.filter(Boolean),
    metadata: session.subscription_data.metadata ?? {},
    livemode: false,
    items: list([], '/v1/subscription_items'),
  }
  subscription.items.data.push({
    id: newId('si'),
    object: 'subscription_item',
    subscription: subscription.id,
    price,
    quantity: 1,
    current_period_start: at,
    current_period_end: addInterval(at, price.recurring.interval),
    created: at,
    metadata: {},
  })
  store.subscriptions.set(subscription.id, subscription)
  const invoice = periodInvoice(subscription, 'paid', at)
  invoice.billing_reason = 'subscription_create'
  store.invoices.set(invoice.id, invoice)
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id })
  await send('checkout.session.completed', session)
  await send('customer.subscription.created', subscription)
  await send('invoice.paid', invoice)
  return subscription
}

// ——— test controls ———

async function control(name, body) {
  if (name === 'events') return events.map(({ event, status }) => ({ id: event.id, type: event.type, status }))
  if (name === 'resend') {
    const record = events.find(({ event }) => event.id === body.event)
    if (!record) return missing('event', body.event)
    const again = await deliver(record.event)
    return { id: record.event.id, status: again.status }
  }
  if (name === 'webhook-url') {
    webhookUrl = body.url
    return { url: webhookUrl }
  }
  const subscription = store.subscriptions.get(body.subscription)
  if (!subscription) return missing('subscription', body.subscription)
  if (name === 'fail-payment') {
    const invoice = periodInvoice(subscription, 'open')
    store.invoices.set(invoice.id, invoice)
    subscription.status = 'past_due'
    await send('invoice.payment_failed', invoice)
    await send('customer.subscription.updated', subscription)
    return { invoice: invoice.id, subscription: subscription.id, status: subscription.status }
  }
  if (name === 'end-period') {
    const item = subscription.items.data[0]
    if (subscription.cancel_at_period_end) return endSubscription(subscription, item.current_period_end)
    item.current_period_start = item.current_period_end
    item.current_period_end = addInterval(item.current_period_start, item.price.recurring.interval)
    const invoice = periodInvoice(subscription, 'paid')
    store.invoices.set(invoice.id, invoice)
    subscription.status = 'active'
    await send('invoice.paid', invoice)
    await send('customer.subscription.updated', subscription)
    return subscription
  }
  return stripeError(404, `No test control ${name}`)
}

// ——— pages ———

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c])
const euros = (cents) => `${(cents / 100).toFixed(2).replace('.', ',')} €`

function checkoutPage(session) {
  const price = store.prices.get(session.line_items_input[0].price)
  const product = store.products.get(price.product)
  const ttc = price.unit_amount + Math.round(price.unit_amount * VAT)
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Paiement — ${escapeHtml(product?.name ?? '')}</title></head>
<body><main><h1>${escapeHtml(product?.name ?? 'Abonnement')}</h1>
<p>${euros(ttc)} TTC par ${price.recurring.interval === 'year' ? 'an' : 'mois'} (${euros(price.unit_amount)} HT, TVA 20 %)</p>
<p>Carte de test 4242 4242 4242 4242</p>
<form method="post" action="/checkout/${session.id}"><button type="submit">Payer</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Annuler</a></p></main></body></html>`
}

// ——— the server ———

const server = createServer((request, response) => {
  const chunks = []
  request.on('data', (chunk) => chunks.push(chunk))
  request.on('end', async () => {
    const url = new URL(request.url ?? '/', origin || 'http://127.0.0.1')
    const text = Buffer.concat(chunks).toString('utf8')
    const answer = (status, value, headers = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers })
      response.end(value === undefined ? '' : JSON.stringify(value))
    }
    const html = (status, page) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      response.end(page)
    }
    try {
      if (url.pathname === '/health') return answer(200, { status: 'ok' })
      const [, first, second] = url.pathname.split('/')
      if (first === 'checkout' && second) {
        const session = store.sessions.get(second)
        if (!session) return html(404, '<p>Session expirée</p>')
        if (request.method === 'GET') return html(200, checkoutPage(session))
        if (session.status === 'open') await completeCheckout(session)
        response.writeHead(303, { location: session.success_url })
        return response.end()
      }
      if (first === 'portal' && second) {
        const portal = store.portals.get(second)
        if (!portal) return html(404, '<p>Session expirée</p>')
        return html(
          200,
          `<!doctype html><html lang="fr"><body><h1>Espace client</h1><a href="${escapeHtml(portal.return_url)}">Retour</a></body></html>`,
        )
      }
      if (first === 'invoices' && second?.endsWith('.pdf')) {
        response.writeHead(200, { 'content-type': 'application/pdf' })
        return response.end('%PDF-1.4\n% facture de test\n')
      }
      if (first === '__test' && second && request.method !== 'GET' && second !== 'events') {
        const body = text.trim().startsWith('{') ? JSON.parse(text) : parseForm(text)
        const result = await control(second, body)
        return result?.status && result.body ? answer(result.status, result.body) : answer(200, result)
      }
      if (first === '__test' && second === 'events') return answer(200, await control('events', {}))
      if (first !== 'v1') return answer(404, stripeError(404, 'Not found').body)
      if (request.headers.authorization !== `Bearer ${SECRET_KEY}`)
        return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } })
      const body =
        request.method === 'GET' || request.method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(text)
      const result = await api(request.method ?? 'GET', url.pathname, body, url)
      if (result?.status && result.body?.error) return answer(result.status, result.body)
      return answer(200, result, { 'stripe-version': API_VERSION, 'request-id': newId('req') })
    } catch (error) {
      return answer(500, { error: { type: 'api_error', message: String(error) } })
    }
  })
})

server.listen(Number(portArg), '127.0.0.1', () => {
  origin = `http://127.0.0.1:${server.address().port}`
  console.log(`fake stripe listening ${server.address().port}`)
})
