import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll } from 'vitest'
import type { Config } from '../src/config'

export const STRIPE_TEST_KEY = 'sk_test_carnet_server'
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_carnet_server'

const script = fileURLToPath(new URL('../../../e2e/fake-stripe-api.mjs', import.meta.url))

/**
 * The local stand-in of the payment provider (e2e/fake-stripe-api.mjs, the one the browser journeys use), run as its
 * own process for a test file. `config` (pass it to useTestContext) points the app at it once it listens; `sendWebhooksTo`
 * gives it the app's address once the app listens; `post` and `get` speak to it (its API with the key, its pages, its
 * /__test controls).
 */
export function useFakeStripe() {
  const config: Partial<Config> = {}
  let child: ChildProcess | undefined
  let origin = ''
  beforeAll(async () => {
    child = spawn(process.execPath, [script, '0', STRIPE_TEST_KEY, '', STRIPE_TEST_WEBHOOK_SECRET], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const port = await new Promise<number>((resolve, reject) => {
      child?.once('error', reject)
      child?.stdout?.on('data', (chunk: Buffer) => {
        const found = /listening (\d+)/.exec(chunk.toString())
        if (found) resolve(Number(found[1]))
      })
    })
    origin = `http://127.0.0.1:${port}`
    config.stripe = { secretKey: STRIPE_TEST_KEY, webhookSecret: STRIPE_TEST_WEBHOOK_SECRET, apiUrl: origin }
  })
  afterAll(() => {
    child?.kill()
  })

  const fake = {
    config,
    get origin() {
      return origin
    },
    async sendWebhooksTo(url: string) {
      await fake.control('webhook-url', { url })
    },
    /** A test control of the stand-in (fail-payment, end-period, resend, webhook-url). */
    async control(name: string, body: Record<string, unknown>) {
      const response = await fetch(`${origin}/__test/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      // biome-ignore lint/suspicious/noExplicitAny: the stand-in's loosely-typed JSON.
      return { status: response.status, body: (await response.json()) as any }
    },
    async events(): Promise<{ id: string; type: string; status: number }[]> {
      return (await fetch(`${origin}/__test/events`)).json() as Promise<{ id: string; type: string; status: number }[]>
    },
    /** Its API, as the app calls it. */
    async api(path: string) {
      const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${STRIPE_TEST_KEY}` } })
      // biome-ignore lint/suspicious/noExplicitAny: the stand-in's loosely-typed JSON.
      return { status: response.status, body: (await response.json()) as any }
    },
    /** Pays on its checkout page as a browser would ("Payer"): answers where the browser is sent next. */
    async pay(checkoutUrl: string) {
      const page = await fetch(checkoutUrl)
      const html = await page.text()
      if (!html.includes('>Payer</button>')) throw new Error(`no Payer button on ${checkoutUrl}`)
      const paid = await fetch(checkoutUrl, { method: 'POST', redirect: 'manual' })
      return { status: paid.status, location: paid.headers.get('location'), html }
    },
  }
  return fake
}
